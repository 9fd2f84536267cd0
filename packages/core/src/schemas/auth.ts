import { z } from 'zod';
import { messages } from '../messages';

export const emailSchema = z
  .string({ message: messages.auth.invalidEmail })
  .trim()
  .toLowerCase()
  .max(254, { message: messages.auth.invalidEmail })
  .pipe(z.email({ message: messages.auth.invalidEmail }));

export const passwordSchema = z
  .string({ message: messages.auth.passwordTooShort })
  .min(8, { message: messages.auth.passwordTooShort })
  .max(200, { message: 'La contraseña no puede superar 200 caracteres.' });

export const dniSchema = z
  .string({ message: messages.auth.invalidDni })
  .trim()
  .regex(/^\d{7,8}$/, { message: messages.auth.invalidDni });

export const signUpMetadataSchema = z.object({
  nombre: z.string({ message: messages.auth.nombreRequired }).trim().min(1, messages.auth.nombreRequired).max(80),
  apellido: z.string({ message: messages.auth.apellidoRequired }).trim().min(1, messages.auth.apellidoRequired).max(80),
  dni: dniSchema,
});
export type SignUpMetadata = z.infer<typeof signUpMetadataSchema>;

/**
 * SPEC §5: sign-up and sign-in need an e-mail (or phone) plus a password; when either is
 * missing the answer is the spec's message, verbatim. Only e-mail accounts exist today.
 */
function requireCredentials(value: unknown, ctx: z.RefinementCtx) {
  const v = (value ?? {}) as Record<string, unknown>;
  const hasId = (typeof v.email === 'string' && v.email.trim() !== '') || (typeof v.phone === 'string' && v.phone.trim() !== '');
  const hasPassword = typeof v.password === 'string' && v.password !== '';
  if (!hasId || !hasPassword) {
    ctx.addIssue({ code: 'custom', message: messages.auth.credentialsRequired, params: { code: 'validation_failed' } });
  }
}

export const signUpSchema = z
  .object({ email: z.unknown(), phone: z.unknown().optional(), password: z.unknown(), data: z.unknown().optional() })
  .superRefine(requireCredentials)
  .pipe(
    z.object({
      email: emailSchema,
      password: passwordSchema,
      data: signUpMetadataSchema,
    }),
  );
export type SignUpInput = z.input<typeof signUpSchema>;

export const signInSchema = z
  .object({ email: z.unknown(), phone: z.unknown().optional(), password: z.unknown() })
  .superRefine(requireCredentials)
  .pipe(z.object({ email: emailSchema, password: z.string().max(200) }));
export type SignInInput = z.input<typeof signInSchema>;

export const SIGN_OUT_SCOPES = ['local', 'global', 'others'] as const;
export type SignOutScope = (typeof SIGN_OUT_SCOPES)[number];

/** SPEC §3 Session. `expires_at` is seconds since the epoch, as GoTrue sends it. */
export interface Session {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  expires_at: number;
  token_type: 'bearer';
  user: SessionUser;
}

export interface SessionUser {
  id: string;
  email: string;
  user_metadata: Record<string, unknown>;
}

/** SPEC §3 Profile. `saldo_puntos` is in centavos, shown as a currency-like amount. */
export interface Profile {
  id: string;
  nombre: string;
  apellido: string;
  email: string;
  dni: string;
  approved: boolean;
  is_admin: boolean;
  is_super_admin: boolean;
  saldo_puntos: number;
}

export function isAdminProfile(p: Pick<Profile, 'is_admin' | 'is_super_admin'> | null | undefined): boolean {
  return !!p && (p.is_admin || p.is_super_admin);
}
