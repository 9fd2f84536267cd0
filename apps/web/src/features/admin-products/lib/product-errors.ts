import { errors } from '@mayorista/core/messages/errors';
import { products as productsTexts } from '@mayorista/core/messages/products';
import { toast } from '../../../components/ui/toast-store';
import { isApiError } from '../../../lib/api-client';
import type { FieldErrors } from './product-form-values';

/** the error catalogue (docs/api.md): any failed product action shows title "Error" with the server's message. */
export function toastError(error: unknown) {
  toast({
    title: productsTexts.errorTitle,
    description: error instanceof Error ? error.message : errors.internal,
    variant: 'destructive',
  });
}

/** validation_failed answers carry `issues: [{ path, message }]`; show them next to their fields. */
export function serverFieldErrors(error: unknown): FieldErrors {
  if (!isApiError(error)) return {};
  const issues = error.body.issues;
  const found: FieldErrors = {};
  if (Array.isArray(issues)) {
    for (const issue of issues as { path?: unknown; message?: unknown }[]) {
      if (typeof issue.path === 'string' && typeof issue.message === 'string') found[issue.path] ??= issue.message;
    }
  }
  if (error.code === 'product_name_taken') found.name = error.message;
  return found;
}
