import { z } from 'zod';
import { isCalendarDate } from '../calendar-date';
import { receivables as texts } from '../messages/receivables';
import { movementsPageQuerySchema } from './ledger';
import { optionalText, requiredText } from './text';

// The cuenta corriente: what each customer owes (decisions 037–039). Every amount is integer
// centavos; a movement's amount is signed from the customer's debt: a charge adds (+), a payment
// or credit note subtracts (−). A negative balance is money "a favor" of the customer.

export const ACCOUNT_MOVEMENT_KINDS = ['charge', 'payment', 'credit_note', 'adjustment', 'reversal'] as const;
export type AccountMovementKind = (typeof ACCOUNT_MOVEMENT_KINDS)[number];

export const PAYMENT_METHODS = ['cash', 'transfer', 'cheque', 'mercado_pago', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Terms in days after delivery; 0 is "Contado" (due the day it is delivered). */
export const MAX_PAYMENT_TERMS_DAYS = 365;
/** Beyond this a payment is a typo, not a payment (ten million pesos). */
export const MAX_PAYMENT_CENTAVOS = 1_000_000_000;

/** `AAAA-MM-DD`, a day that exists. */
export const calendarDateSchema = z.string({ message: texts.invalidDate }).refine(isCalendarDate, { message: texts.invalidDate });

/** A positive amount of whole centavos, within what a single payment or credit note can be. */
export const accountAmountSchema = z
  .number({ message: texts.invalidAmount })
  .int({ message: texts.amountNotInteger })
  .positive({ message: texts.amountNotPositive })
  .max(MAX_PAYMENT_CENTAVOS, { message: texts.amountTooLarge });

const reasonSchema = requiredText({
  min: 3,
  max: 500,
  required: texts.reasonRequired,
  tooLong: texts.reasonTooLong,
  multiline: true,
});

export const paymentTermsDaysSchema = z
  .number({ message: texts.invalidTerms })
  .int({ message: texts.invalidTerms })
  .min(0, { message: texts.invalidTerms })
  .max(MAX_PAYMENT_TERMS_DAYS, { message: texts.invalidTerms });

/** GET /api/me/account and GET /api/admin/users/:id/account */
export const accountSummarySchema = z.object({
  /** What the customer owes now; negative = "a favor". Cheques count from the day they are received. */
  balance: z.number().int(),
  /** null: no limit. */
  credit_limit: z.number().int().nullable(),
  /** limit − balance − undelivered orders, never below 0; null when there is no limit. */
  available_credit: z.number().int().nullable(),
  /** Placed, not delivered, not cancelled orders (not paid with points): they use credit too. */
  undelivered: z.number().int(),
  /** Sum of what is past its due date and still open, today (Buenos Aires). */
  overdue: z.number().int(),
  /** Days since the oldest open charge fell due; 0 when nothing is overdue. */
  overdue_days: z.number().int(),
  /** The next day something falls due and what is still to pay that day (cheques already received pay their part). */
  next_due: z.object({ date: z.string(), amount: z.number().int() }).nullable(),
  /**
   * "Cheques a cobrar": what post-dated cheques already received pay of the open items before their
   * date. `overdue` counts it until the cheque's date, `balance` from the day it was received.
   */
  pending_cheques: z.number().int(),
  /** The customer's own terms, or the business default when they have none. */
  payment_terms_days: z.number().int(),
  /** Whether `payment_terms_days` is the default of the settings (the customer has none of their own). */
  payment_terms_default: z.boolean(),
  /** The rule the cart explains before placing: null days = the overdue rule is off. */
  credit_rule: z.object({ overdue_days_limit: z.number().int().nullable(), on_exceed: z.enum(['refuse', 'hold']) }),
});
export type AccountSummary = z.infer<typeof accountSummarySchema>;

/** One row of a customer's account ledger. */
export const accountMovementSchema = z.object({
  id: z.number().int(),
  /** The business day of the movement (AAAA-MM-DD, Buenos Aires). */
  date: z.string(),
  kind: z.enum(ACCOUNT_MOVEMENT_KINDS),
  /** Signed centavos: + the customer owes more, − less. */
  amount: z.number().int(),
  /** The balance right after this movement. */
  balance: z.number().int(),
  /** Charges (and reversals): the day it falls due. */
  due_date: z.string().nullable(),
  order_id: z.string().nullable(),
  payment_id: z.number().int().nullable(),
  receipt_number: z.number().int().nullable(),
  payment_method: z.enum(PAYMENT_METHODS).nullable(),
  actor_name: z.string().nullable(),
  reason: z.string().nullable(),
  /** ISO 8601 */
  created_at: z.string(),
  /** A payment that was reversed since (a bounced cheque): the reversal's business day; else null. */
  reversed_on: z.string().nullable(),
});
export type AccountMovement = z.infer<typeof accountMovementSchema>;

export const accountMovementsQuerySchema = movementsPageQuerySchema;
export const accountMovementsPageSchema = z.object({
  items: z.array(accountMovementSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type AccountMovementsPage = z.infer<typeof accountMovementsPageSchema>;

/**
 * POST /api/admin/users/:id/payments. The cheque rules (fields present, date from today to a year
 * ahead) need "today", so they are checked by `chequeProblem` with the server's clock, not here.
 */
export const paymentRequestSchema = z.strictObject({
  amount: accountAmountSchema,
  method: z.enum(PAYMENT_METHODS, { message: texts.invalidMethod }),
  reference: optionalText({ max: 100, tooLong: texts.referenceTooLong, invalid: texts.referenceTooLong }),
  bank: optionalText({ max: 100, tooLong: texts.bankTooLong, invalid: texts.bankTooLong }),
  cheque_number: z
    .string({ message: texts.chequeNumberInvalid })
    .trim()
    .regex(/^\d{1,20}$/, { message: texts.chequeNumberInvalid })
    .nullish()
    .transform((value) => value ?? null),
  cheque_date: calendarDateSchema.nullish().transform((value) => value ?? null),
  /** Orders to pay first, in this order; what is left goes to the oldest open charges. */
  applies_to: z
    .array(z.uuid({ message: texts.appliesToUnknown }))
    .max(100, { message: texts.appliesToTooMany })
    .optional(),
  /** Sent again with the same key, the payment is made once and the same answer comes back. */
  idempotency_key: z.string({ message: texts.idempotencyKeyRequired }).min(8, { message: texts.idempotencyKeyRequired }).max(100),
});
export type PaymentRequest = z.output<typeof paymentRequestSchema>;
export type PaymentRequestInput = z.input<typeof paymentRequestSchema>;

/** A recorded payment (the answer of POST …/payments). */
export const paymentSchema = z.object({
  id: z.number().int(),
  customer_id: z.string(),
  amount: z.number().int(),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string().nullable(),
  bank: z.string().nullable(),
  cheque_number: z.string().nullable(),
  cheque_date: z.string().nullable(),
  /** Gap-free across the business, given in the payment's own transaction. */
  receipt_number: z.number().int(),
  /** How the amount was applied: to which orders' charges, and what was left "a favor". */
  applied: z.array(z.object({ order_id: z.string().nullable(), amount: z.number().int() })),
  unapplied: z.number().int(),
  /** The balance after the payment. */
  balance: z.number().int(),
  reversed: z.boolean(),
  /** When it was reversed (business day) and why, as the "Revertir" dialog asked; null while it stands. */
  reversal: z.object({ date: z.string(), reason: z.string() }).nullable(),
  created_at: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

/**
 * An order a payment may be applied to first ("Aplicar a"): the charge's order, what is still open
 * of it and when it is due. GET /api/rep/customers/:id/charges (the rep) and
 * GET /api/admin/users/:id/account/charges (the office) answer the customer's open ones.
 */
export const chargeChoiceSchema = z.object({ order_id: z.string(), amount: z.number().int(), due_date: z.string().nullable() });
export type ChargeChoice = z.infer<typeof chargeChoiceSchema>;
export const openChargesSchema = z.object({ items: z.array(chargeChoiceSchema) });
export type OpenCharges = z.infer<typeof openChargesSchema>;

/** POST /api/admin/users/:id/credit-notes */
export const creditNoteRequestSchema = z.strictObject({
  amount: accountAmountSchema,
  reason: reasonSchema,
  order_id: z.uuid({ message: texts.creditNoteOrderUnknown }).optional(),
  /** Goods that come back to the shelf (through the stock ledger); needs `order_id`. */
  restock: z
    .array(
      z.strictObject({
        product_id: z.uuid({ message: texts.creditNoteRestockUnknown }),
        quantity: z
          .number({ message: texts.invalidQuantity })
          .int({ message: texts.invalidQuantity })
          .positive({ message: texts.invalidQuantity })
          .max(1_000_000),
      }),
    )
    .max(500, { message: texts.restockTooMany })
    .optional(),
});
export type CreditNoteRequest = z.output<typeof creditNoteRequestSchema>;

/**
 * POST /api/admin/users/:id/adjustments: an opening balance when the business starts using the
 * cuenta corriente (what the customer already owed), or a correction. Signed: + the customer owes
 * more (an open item, due `due_date` or today), − less (applied like a credit note).
 */
export const adjustmentRequestSchema = z.strictObject({
  amount: z
    .number({ message: texts.invalidAmount })
    .int({ message: texts.amountNotInteger })
    .refine((n) => n !== 0, { message: texts.amountNotZero })
    .refine((n) => Math.abs(n) <= MAX_PAYMENT_CENTAVOS, { message: texts.amountTooLarge }),
  reason: reasonSchema,
  due_date: calendarDateSchema.optional(),
});
export type AdjustmentRequest = z.output<typeof adjustmentRequestSchema>;

/** POST /api/admin/payments/:id/reverse (a bounced cheque, a transfer that never arrived). */
export const reversePaymentSchema = z.strictObject({ reason: reasonSchema });
export type ReversePaymentRequest = z.output<typeof reversePaymentSchema>;

/** The answer of a credit note or a reversal: the movement written and the balance after it. */
export const accountPostingSchema = z.object({ movement: accountMovementSchema, balance: z.number().int() });
export type AccountPosting = z.infer<typeof accountPostingSchema>;

/** PATCH /api/admin/users/:id/credit: null terms = the settings' default; null limit = no limit. */
export const creditSettingsSchema = z
  .strictObject({
    payment_terms_days: paymentTermsDaysSchema.nullable(),
    credit_limit: z
      .number({ message: texts.invalidCreditLimit })
      .int({ message: texts.invalidCreditLimit })
      .min(0, { message: texts.invalidCreditLimit })
      .max(MAX_PAYMENT_CENTAVOS * 100, { message: texts.invalidCreditLimit })
      .nullable(),
  })
  .partial();
export type CreditSettingsRequest = z.output<typeof creditSettingsSchema>;

/** POST /api/admin/orders/:id/release and …/reject-credit */
export const creditDecisionSchema = z.strictObject({ reason: reasonSchema });
export type CreditDecisionRequest = z.output<typeof creditDecisionSchema>;
/** Release's reason is optional (the hold explains itself); reject needs one. */
export const releaseCreditSchema = z.strictObject({ reason: reasonSchema.optional() }).optional();

/** An order's credit hold: null = never held. */
export const CREDIT_HOLD_STATES = ['pending', 'released', 'rejected'] as const;
export type CreditHoldState = (typeof CREDIT_HOLD_STATES)[number];

export const AGING_BUCKETS = ['al_dia', 'd1_30', 'd31_60', 'd61_90', 'over_90'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];
export const agingSchema = z.object({
  al_dia: z.number().int(),
  d1_30: z.number().int(),
  d31_60: z.number().int(),
  d61_90: z.number().int(),
  over_90: z.number().int(),
});
export type Aging = z.infer<typeof agingSchema>;

/** One customer of the admin's "Cuentas corrientes" tab. */
export const receivablesRowSchema = z.object({
  customer_id: z.string(),
  name: z.string(),
  email: z.string(),
  /** For "Recordar por WhatsApp" (wa.me number, 549…); null when the customer has none. */
  whatsapp: z.string().nullable(),
  balance: z.number().int(),
  overdue: z.number().int(),
  credit_limit: z.number().int().nullable(),
  payment_terms_days: z.number().int(),
  aging: agingSchema,
  /** "Cheques a cobrar": saldo = Σ aging − pending_cheques (− a favor when nothing is open). */
  pending_cheques: z.number().int(),
  oldest_due_date: z.string().nullable(),
});
export type ReceivablesRow = z.infer<typeof receivablesRowSchema>;

export const RECEIVABLES_SORTS = ['balance', 'overdue', 'name', 'oldest_due'] as const;
export const RECEIVABLES_FILTERS = ['all', 'with_balance', 'overdue', 'a_favor', 'over_limit'] as const;

/** GET /api/admin/receivables?sort=&filter=&q=&page= (and the same for .xlsx/.csv, without paging). */
export const receivablesQuerySchema = z.object({
  sort: z.enum(RECEIVABLES_SORTS).default('overdue'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  filter: z.enum(RECEIVABLES_FILTERS).default('with_balance'),
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(50),
});
export type ReceivablesQuery = z.output<typeof receivablesQuerySchema>;

export const receivablesPageSchema = z.object({
  items: z.array(receivablesRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  /** Sums over every customer the filter selects (not only this page). */
  totals: z.object({ balance: z.number().int(), overdue: z.number().int(), pending_cheques: z.number().int(), aging: agingSchema }),
});
export type ReceivablesPage = z.infer<typeof receivablesPageSchema>;

/** `?from=&to=` of the statement PDF; both default on the server (first of the month, today). */
export const statementQuerySchema = z.object({ from: calendarDateSchema.optional(), to: calendarDateSchema.optional() });
export type StatementQuery = z.output<typeof statementQuerySchema>;
