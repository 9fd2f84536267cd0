import { z } from 'zod';
import { auth } from '../messages/auth';
import { accountRules } from '../messages/accountRules';
import { adminNotesSchema, businessProfileSchema, businessProfileViewSchema } from './business';
import { requiredText } from './text';
import { STAFF_ROLES } from '../roles';

export const emailSchema = z
  .string({ message: accountRules.invalidEmail })
  .trim()
  .toLowerCase()
  .max(254, { message: accountRules.invalidEmail })
  .pipe(z.email({ message: accountRules.invalidEmail }));

export const passwordSchema = z
  .string({ message: accountRules.passwordTooShort })
  .min(8, { message: accountRules.passwordTooShort })
  .max(200, { message: accountRules.passwordTooLong });

export const dniSchema = z
  .string({ message: accountRules.invalidDni })
  .trim()
  .regex(/^\d{7,8}$/, { message: accountRules.invalidDni });

/** The seed's personal fields (the validation rules); they go into user_metadata as GoTrue does. */
export const personalMetadataSchema = z.object({
  nombre: requiredText({ max: 80, required: accountRules.nombreRequired, tooLong: accountRules.nombreTooLong, invalid: accountRules.nombreInvalid }),
  apellido: requiredText({ max: 80, required: accountRules.apellidoRequired, tooLong: accountRules.apellidoTooLong, invalid: accountRules.apellidoInvalid }),
  dni: dniSchema,
});
export type PersonalMetadata = z.infer<typeof personalMetadataSchema>;

/**
 * Sign-up metadata: the personal fields plus the business profile (the business-identity work, decisions 017–019). The business fields
 * are optional at the API so clients from before the business-identity work (decisions 017–019) keep working (such an account is asked
 * to complete them, like an older one; docs/decisions/017); each one sent is validated, and the
 * web form requires them all.
 */
export const signUpMetadataSchema = personalMetadataSchema.extend(businessProfileSchema.partial().shape);
export type SignUpMetadata = z.infer<typeof signUpMetadataSchema>;
/** What a client sends as `data`: the fields as typed (the server normalises them). */
export type SignUpMetadataBody = z.input<typeof signUpMetadataSchema>;

/**
 * the validation rules: sign-up and sign-in need an e-mail (or phone) plus a password; when either is
 * missing the answer is the spec's message, verbatim. Only e-mail accounts exist today.
 */
function requireCredentials(value: unknown, ctx: z.RefinementCtx) {
  const v = (value ?? {}) as Record<string, unknown>;
  const hasId = (typeof v.email === 'string' && v.email.trim() !== '') || (typeof v.phone === 'string' && v.phone.trim() !== '');
  const hasPassword = typeof v.password === 'string' && v.password !== '';
  if (!hasId || !hasPassword) {
    ctx.addIssue({ code: 'custom', message: accountRules.credentialsRequired, params: { code: 'validation_failed' } });
  }
}

export const signUpSchema = z
  // Zod 4 treats a missing `z.unknown()` key as an error; optional keys let the spec's message win.
  .object({ email: z.unknown().optional(), phone: z.unknown().optional(), password: z.unknown().optional(), data: z.unknown().optional() })
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
  .object({ email: z.unknown().optional(), phone: z.unknown().optional(), password: z.unknown().optional() })
  .superRefine(requireCredentials)
  .pipe(z.object({ email: emailSchema, password: z.string().max(200) }));
export type SignInInput = z.input<typeof signInSchema>;

export const SIGN_OUT_SCOPES = ['local', 'global', 'others'] as const;
export type SignOutScope = (typeof SIGN_OUT_SCOPES)[number];
export const signOutQuerySchema = z.object({ scope: z.enum(SIGN_OUT_SCOPES).default('local') });

export const TOKEN_GRANT_TYPES = ['password', 'refresh_token'] as const;
export const tokenGrantQuerySchema = z.object({ grant_type: z.enum(TOKEN_GRANT_TYPES) });

export const refreshTokenGrantSchema = z.object({
  refresh_token: z.string({ message: auth.sessionMissing }).min(1, auth.sessionMissing).max(200),
});

/** A single-use token from an e-mail link (verification, password recovery). */
const emailLinkTokenSchema = z.string({ message: accountRules.tokenRequired }).trim().min(1, accountRules.tokenRequired).max(200);

export const verifyEmailSchema = z.object({ token: emailLinkTokenSchema });
/** Resend verification and password recovery: only an address. */
export const emailOnlySchema = z.object({ email: emailSchema });
export const resetPasswordSchema = z.object({ token: emailLinkTokenSchema, password: passwordSchema });
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** The data model — Session. `expires_at` is seconds since the epoch, as GoTrue sends it. */
export interface Session {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  expires_at: number;
  token_type: 'bearer';
  user: SessionUser;
}

// ── Response contracts: Fastify serializes these routes' answers through them, the web takes its
// types from them (docs/decisions/011). Output schemas check what the server sends, not user input:
// no Spanish messages, and plain strings where the database already guarantees the format.

export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  user_metadata: z.record(z.string(), z.unknown()),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** GET /api/auth/user. */
export const authUserResponseSchema = z.object({ user: sessionUserSchema });
export type AuthUserResponse = z.infer<typeof authUserResponseSchema>;

/** The data model — Profile (GET /api/profiles/:id). `saldo_puntos` is in centavos, shown as a currency-like amount. */
export const profileSchema = z.object({
  id: z.string(),
  nombre: z.string(),
  apellido: z.string(),
  email: z.string(),
  dni: z.string(),
  approved: z.boolean(),
  is_admin: z.boolean(),
  is_super_admin: z.boolean(),
  /** The staff role (decision 046); null for customers. Optional for readers from before it. */
  staff_role: z.enum(STAFF_ROLES).nullable().optional(),
  saldo_puntos: z.number().int(),
});
export type Profile = z.infer<typeof profileSchema>;

// ── Administration of accounts (docs/api.md, /api/admin/users) ──

export const ADMIN_USER_STATUSES = ['pending', 'approved', 'all'] as const;
export type AdminUserStatus = (typeof ADMIN_USER_STATUSES)[number];

export const adminUsersQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  status: z.enum(ADMIN_USER_STATUSES).default('all'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;

export const approvalChangeSchema = z.object({ approved: z.boolean() });

/** Sets the balance (not a delta): the admin sees the number the customer will see. */
export const pointsAdjustmentSchema = z.object({
  saldo_puntos: z
    .number({ message: accountRules.invalidPointsBalance })
    .int({ message: accountRules.invalidPointsBalance })
    .min(0, { message: accountRules.invalidPointsBalance })
    .max(1_000_000_000_00, { message: accountRules.invalidPointsBalance }),
  reason: requiredText({ min: 3, max: 500, required: accountRules.adjustmentReasonRequired, tooLong: accountRules.adjustmentReasonTooLong, multiline: true }),
});
export type PointsAdjustmentInput = z.input<typeof pointsAdjustmentSchema>;

export const roleChangeSchema = z
  .object({ is_admin: z.boolean().optional(), is_super_admin: z.boolean().optional() })
  .refine((v) => v.is_admin !== undefined || v.is_super_admin !== undefined, { message: accountRules.roleChangeRequired });
export type RoleChangeInput = z.input<typeof roleChangeSchema>;

/** A profile as the admin list shows it; also the answer of every change an admin makes to an account. */
export const adminUserSchema = profileSchema.extend({
  /** The business-identity work (decisions 017–019): the customer's price list; null = the base list. */
  price_list_id: z.string().nullable(),
  email_verified: z.boolean(),
  created_at: z.iso.datetime(),
  /** The business-identity work (decisions 017–019): how the admins know a customer; null for accounts that have not completed it. */
  razon_social: z.string().nullable(),
  cuit: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** GET /api/admin/users: one page and the number of accounts that match the filter. */
export const adminUsersPageSchema = z.object({ items: z.array(adminUserSchema), total: z.number().int().nonnegative() });
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

export interface PointsAdjustment {
  id: number;
  before: number;
  after: number;
  reason: string;
  admin_id: string | null;
  /** "Nombre Apellido" of the admin, null when that account no longer exists. */
  admin_name: string | null;
  /** ISO 8601 */
  created_at: string;
}

// ── The customer's own account (the business-identity work, GET/PATCH /api/me, docs/decisions/017) ──

/**
 * GET /api/me: the caller's profile and business data, and which required business fields are
 * still missing (accounts from before the business-identity work (decisions 017–019)). Never the admins' private notes.
 */
export const meSchema = profileSchema.extend(businessProfileViewSchema.shape).extend({
  missing_business_fields: z.array(z.string()),
});
export type Me = z.infer<typeof meSchema>;

/**
 * PATCH /api/me: only the caller's business and delivery data, each field optional. Any other key
 * (approved, saldo_puntos, price_list_id, is_admin, admin_notes, …) is dropped by the schema, so it
 * can change nothing whatever the request carries.
 */
export const updateMeSchema = businessProfileSchema.partial();
export type UpdateMeInput = z.input<typeof updateMeSchema>;

/** POST /api/me/password: the current password proves it is the owner at the keyboard. */
export const changePasswordSchema = z.object({
  current_password: z.string({ message: accountRules.currentPasswordRequired }).min(1, accountRules.currentPasswordRequired).max(200),
  new_password: passwordSchema,
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

// ── The admin customer page (GET /api/admin/users/:id) ──

export const adminCustomerOrderSchema = z.object({
  id: z.string(),
  status: z.string(),
  total: z.number().int(),
  /** ISO 8601 */
  created_at: z.string(),
});
export type AdminCustomerOrder = z.infer<typeof adminCustomerOrderSchema>;

/** One customer for the admins: the account, the business data, the private notes and the latest orders. */
export const adminCustomerSchema = adminUserSchema.extend(businessProfileViewSchema.shape).extend({
  admin_notes: z.string().nullable(),
  missing_business_fields: z.array(z.string()),
  orders_count: z.number().int().nonnegative(),
  recent_orders: z.array(adminCustomerOrderSchema),
});
export type AdminCustomer = z.infer<typeof adminCustomerSchema>;

/** PATCH /api/admin/users/:id/notes. Empty text clears them. */
export const adminNotesChangeSchema = z.object({ admin_notes: adminNotesSchema });
