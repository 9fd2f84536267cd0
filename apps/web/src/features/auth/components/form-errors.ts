import type { ZodError } from 'zod';

export type FieldErrors<K extends string> = Partial<Record<K | 'form', string>>;

/**
 * Turns zod issues into one message per field (the first wins). Nested paths keep their last
 * segment (`data.nombre` → `nombre`); issues without a path belong to the whole form.
 */
export function fieldErrorsFrom<K extends string>(error: ZodError, fields: readonly K[]): FieldErrors<K> {
  const result: FieldErrors<K> = {};
  for (const issue of error.issues) {
    const last = issue.path[issue.path.length - 1];
    const key = (typeof last === 'string' && (fields as readonly string[]).includes(last) ? last : 'form') as K | 'form';
    result[key] ??= issue.message;
  }
  return result;
}
