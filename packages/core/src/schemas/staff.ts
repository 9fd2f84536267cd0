import { z } from 'zod';
import { STAFF_ROLES } from '../roles';
import { emailSchema, passwordSchema } from './auth';
import { placeOrderSchema } from './order';
import { calendarDateSchema } from './receivables';
import { requiredText } from './text';

// Staff, sales reps and the audit log (decisions 046–048): request bodies and answers.

const roleSchema = z.enum(STAFF_ROLES, { message: 'Elegí un rol.' });

export const staffRoleChangeSchema = z.strictObject({ role: roleSchema });
export const staffInvitationSchema = z.strictObject({ email: emailSchema, role: roleSchema });
export type StaffInvitationInput = z.infer<typeof staffInvitationSchema>;

export const acceptInvitationSchema = z.strictObject({
  token: z.string().min(20).max(200),
  password: passwordSchema,
  nombre: requiredText({ max: 80, required: 'Ingresá tu nombre.', tooLong: 'El nombre es demasiado largo.' }),
  apellido: requiredText({ max: 80, required: 'Ingresá tu apellido.', tooLong: 'El apellido es demasiado largo.' }),
  dni: z.string().trim().regex(/^[0-9]{7,8}$/, { message: 'El DNI tiene 7 u 8 dígitos.' }),
});
export type AcceptInvitationInput = z.infer<typeof acceptInvitationSchema>;

export const staffMemberSchema = z.object({
  id: z.string(),
  nombre: z.string(),
  apellido: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  /** Customers assigned (sales reps). */
  customers: z.number().int(),
  /** A sales rep's commission in basis points (250 = 2,5 %); null: none (decision 054). */
  commission_bp: z.number().int().nullable(),
});

/** PATCH /api/admin/staff/:id/commission: the rep's commission in basis points (0–10000), or null for none. */
export const commissionChangeSchema = z.strictObject({
  commission_bp: z
    .number({ message: 'La comisión tiene que ser un porcentaje entre 0 y 100, con hasta dos decimales.' })
    .int({ message: 'La comisión tiene que ser un porcentaje entre 0 y 100, con hasta dos decimales.' })
    .min(0, { message: 'La comisión tiene que ser un porcentaje entre 0 y 100, con hasta dos decimales.' })
    .max(10_000, { message: 'La comisión tiene que ser un porcentaje entre 0 y 100, con hasta dos decimales.' })
    .nullable(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffInvitationViewSchema = z.object({ email: z.string(), role: z.enum(STAFF_ROLES), expires_at: z.string() });
export const staffListSchema = z.object({ items: z.array(staffMemberSchema), invitations: z.array(staffInvitationViewSchema) });
export type StaffList = z.infer<typeof staffListSchema>;

const dayParam = calendarDateSchema;

export const auditQuerySchema = z.object({
  actor: z.uuid({ message: 'Identificador inválido.' }).optional(),
  entity: z.string().max(40).optional(),
  entity_id: z.string().max(80).optional(),
  from: dayParam.optional(),
  to: dayParam.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(50),
});

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor_id: z.string().nullable(),
  actor_name: z.string(),
  actor_role: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string(),
  summary: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = z.object({ items: z.array(auditEntrySchema), total: z.number().int() });
export type AuditPage = z.infer<typeof auditPageSchema>;

export const repAssignmentSchema = z.strictObject({
  rep_id: z.uuid({ message: 'Identificador inválido.' }).nullable(),
  visit_days: z.array(z.number().int().min(1).max(7)).max(7).optional(),
});

/** PATCH /api/admin/zones/:id/rep: every customer of the zone to this rep (null: to none). */
export const zoneRepAssignmentSchema = z.strictObject({ rep_id: z.uuid({ message: 'Identificador inválido.' }).nullable() });
export const zoneRepAssignedSchema = z.object({ zone_id: z.number().int(), rep_id: z.string().nullable(), customers: z.number().int() });
export type ZoneRepAssigned = z.infer<typeof zoneRepAssignedSchema>;

// ── sales reps (decision 047) ──

export const repCustomerSchema = z.object({
  id: z.string(),
  nombre: z.string(),
  apellido: z.string(),
  razon_social: z.string().nullable(),
  whatsapp: z.string().nullable(),
  address: z.string().nullable(),
  visit_days: z.array(z.number().int()),
  visit_today: z.boolean(),
  price_list_id: z.string().nullable(),
  balance: z.number().int(),
  overdue: z.number().int(),
  last_order_at: z.string().nullable(),
});
export type RepCustomer = z.infer<typeof repCustomerSchema>;
export const repCustomersSchema = z.object({ day: z.string(), items: z.array(repCustomerSchema) });
export const repCustomersQuerySchema = z.object({ day: calendarDateSchema.optional() });

/** The customer's checkout body, with the idempotency key a rep's order always carries (a phone on a bad line retries). */
export const repOrderSchema = placeOrderSchema.extend({ idempotency_key: z.string().min(8).max(100) });

export const repOrderSchemaRow = z.object({
  id: z.string(),
  created_at: z.string(),
  customer_id: z.string(),
  customer_name: z.string(),
  total: z.number().int(),
  status: z.string(),
  /** Repartos: the order's promised date, `AAAA-MM-DD`; null without a zone. */
  delivery_date: z.string().nullable().optional(),
});
export const repOrdersSchema = z.object({ items: z.array(repOrderSchemaRow) });
/** One order a rep took, as GET /api/rep/orders lists it. */
export type RepOrderRow = z.output<typeof repOrderSchemaRow>;

export const repSummaryQuerySchema = z.strictObject({ from: calendarDateSchema.optional(), to: calendarDateSchema.optional() });
export const repSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  orders: z.number().int(),
  sales_total: z.number().int(),
  collections: z.number().int(),
  collections_total: z.number().int(),
  /** The rep's commission rate (basis points, null: none) and its amount on `sales_total`, rounded half up (decision 054). */
  commission_bp: z.number().int().nullable(),
  commission: z.number().int(),
});
export type RepSummary = z.infer<typeof repSummarySchema>;

// ── collections handed in by the reps ("rendición") ──

export const collectionsQuerySchema = z.object({ date: calendarDateSchema.optional(), rep_id: z.uuid({ message: 'Identificador inválido.' }).optional() });
export const collectionSchema = z.object({
  payment_id: z.number().int(),
  rep_id: z.string(),
  rep_name: z.string(),
  customer_id: z.string(),
  customer_name: z.string(),
  amount: z.number().int(),
  method: z.string(),
  bank: z.string().nullable(),
  cheque_number: z.string().nullable(),
  cheque_date: z.string().nullable(),
  receipt_number: z.number().int(),
  created_at: z.string(),
  /** When the office confirmed it was handed in, and who (null: not yet; the name is null too if that account is gone). */
  confirmed_at: z.string().nullable(),
  confirmed_by_name: z.string().nullable(),
  /** Reversed since (a bounced cheque, a payment recorded by mistake): no longer money of the day. */
  reversed: z.boolean(),
});
export type Collection = z.infer<typeof collectionSchema>;
export const collectionsSchema = z.object({ date: z.string(), items: z.array(collectionSchema) });
/** "Confirmar rendición": the receipts handed in, confirmed together (a rep's day is a few dozen at most). */
export const confirmCollectionsSchema = z.object({
  payment_ids: z
    .array(z.number().int().positive().max(2 ** 53), { message: 'Elegí los cobros a confirmar.' })
    .min(1, { message: 'Elegí al menos un cobro a confirmar.' })
    .max(200, { message: 'Se pueden confirmar hasta 200 cobros a la vez.' }),
});
export type ConfirmCollections = z.infer<typeof confirmCollectionsSchema>;
