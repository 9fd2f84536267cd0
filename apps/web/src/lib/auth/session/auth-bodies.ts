/**
 * Bodies of the account forms that go through the auth client, as pure functions: the browser runs
 * them and the server's contract tests send their output through the real routes (docs/decisions/028).
 */

export interface SignInValues {
  email: string;
  password: string;
}

/** POST /api/auth/token?grant_type=password (Iniciar sesión). */
export function toSignInBody(values: SignInValues) {
  return { email: values.email, password: values.password };
}

/** POST /api/auth/recover and /api/auth/resend: one address, as typed (the server trims and lower-cases it). */
export function toEmailBody(email: string) {
  return { email };
}
