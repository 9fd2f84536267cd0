import { accountPages } from '@mayorista/core/messages/accountPages';
import type * as CoreAuthSchemas from '@mayorista/core/schemas/auth';
import { fieldErrorsFrom, type FieldErrors } from './form-errors';

/** A password the schema accepts, used only to let it judge the other fields when this one is empty. */
const STAND_IN_PASSWORD = 'contraseña-provisoria';
const STAND_IN_EMAIL = 'provisorio@example.com';

/**
 * The sign-up form's errors, one per field, as the browser can tell them. The spec's schema first
 * asks for an e-mail and a password as a whole (its English message stays the API's answer); here
 * an empty e-mail or password is named on its own field, and stand-ins let the schema judge every
 * other field at the same time, so an empty form marks every field at once.
 */
export function registerFieldErrors<K extends string>(
  schemas: typeof CoreAuthSchemas,
  values: { email: string; password: string; data: Record<string, string> },
  fields: readonly K[],
): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  const email = values.email.trim();
  if (!email) (errors as Record<string, string>).email = accountPages.emailRequired;
  if (!values.password) (errors as Record<string, string>).password = accountPages.passwordRequired;
  const parsed = schemas.signUpSchema.safeParse({
    email: email || STAND_IN_EMAIL,
    password: values.password || STAND_IN_PASSWORD,
    data: values.data,
  });
  if (!parsed.success) {
    const fromSchema = fieldErrorsFrom(parsed.error, fields);
    for (const [key, message] of Object.entries(fromSchema) as [K | 'form', string][]) errors[key] ??= message;
  }
  return errors;
}

/** An e-mail box's message: empty → "Ingresá tu correo electrónico.", otherwise core's rule. */
export function emailFieldError(schemas: typeof CoreAuthSchemas, email: string): string | undefined {
  if (!email.trim()) return accountPages.emailRequired;
  const parsed = schemas.emailSchema.safeParse(email);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/** A new password's message (sign-up's rule: 8 to 200 characters). */
export function newPasswordFieldError(schemas: typeof CoreAuthSchemas, password: string): string | undefined {
  if (!password) return accountPages.passwordRequired;
  const parsed = schemas.passwordSchema.safeParse(password);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/**
 * Sign-in's errors per field. The schema's "provide an e-mail and a password" stays the API's
 * English answer; a person is told, on the field itself, which one is missing.
 */
export function signInFieldErrors(
  schemas: typeof CoreAuthSchemas,
  values: { email: string; password: string },
): FieldErrors<'email' | 'password'> {
  const errors: FieldErrors<'email' | 'password'> = {};
  const email = emailFieldError(schemas, values.email);
  if (email) errors.email = email;
  if (!values.password) errors.password = accountPages.loginPasswordRequired;
  else if (values.password.length > 200)
    errors.password = schemas.passwordSchema.safeParse(values.password).error?.issues[0]?.message;
  return errors;
}
