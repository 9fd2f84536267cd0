import { z } from 'zod';
import '../zod-locale';
import { receivables as receivableTexts } from '../messages/receivables';
import { deliveries as deliveryTexts } from '../messages/deliveries';
import { settings as texts } from '../messages/settings';
import { business as businessTexts } from '../messages/business';
import { BUSINESS_LIMITS, ISSUER_IVA_CONDITIONS } from '../business';
import { issuerIvaConditionSchema, optionalCuitSchema } from './business';
import { optionalText } from './text';

/**
 * Settings the business changes in the admin (they live in the database, not the environment): one document, validated here for
 * the admin form and the server alike. A new setting adds one field to `settingsFields` and one
 * default to `DEFAULT_SETTINGS`; rows stored before it existed read as the default.
 */
const centavosAtLeastZero = z
  .number({ message: texts.invalidAmount })
  .int({ message: texts.invalidAmount })
  .min(0, { message: texts.invalidAmount })
  .max(1_000_000_000_00, { message: texts.amountTooLarge });

const emailSwitch = z.boolean({ message: texts.invalidSwitch });

/**
 * Where the new-order and cancelled-order e-mails go; an empty list means no admin e-mails. Until
 * the list is first saved, the server reads every admin and super admin here (decision 029), so
 * `DEFAULT_SETTINGS` keeps it empty: the default is the admins of the install, not a fixed list.
 */
const adminRecipientsSchema = z
  .array(z.email({ message: texts.invalidRecipient }).max(254, { message: texts.invalidRecipient }), { message: texts.invalidRecipient })
  .max(20, { message: texts.tooManyRecipients });

const days = (max: number) =>
  z
    .number({ message: receivableTexts.invalidSettingDays })
    .int({ message: receivableTexts.invalidSettingDays })
    .min(0, { message: receivableTexts.invalidSettingDays })
    .max(max, { message: receivableTexts.invalidSettingDays });

/** The cuenta corriente (decisions 037–039): terms, the credit check at order time and the reminders. */
const receivablesSettingsFields = {
  /** Terms of a customer who has none of their own; 0 = Contado (due at delivery). */
  default_payment_terms_days: days(365),
  /** Refuse (or hold) an order when something is more than this many days overdue; null = rule off. */
  credit_overdue_days_limit: days(3650).nullable(),
  /** What happens to an order the credit check stops: refused, or placed as "Retenido por crédito". */
  credit_exceeded_action: z.enum(['refuse', 'hold'], { message: receivableTexts.invalidCreditAction }),
  /** E-mail a reminder this many days before a charge falls due. */
  reminder_before_due_enabled: emailSwitch,
  reminder_days_before_due: days(60),
  /** E-mail a reminder once a charge is this many days overdue, and again every as many days while it stays open. */
  reminder_overdue_enabled: emailSwitch,
  reminder_days_after_due: days(60),
};

/** Repartos: the customer's "Tu pedido llega hoy" notice on the morning of the delivery date. */
const deliveryNoticeFields = {
  /** E-mail each customer with an order to deliver today, once per order and date (through the outbox). */
  delivery_notice_email_enabled: emailSwitch,
  /** Show the admin a "Avisar por WhatsApp" link with the same text on each stop of the day. */
  delivery_notice_whatsapp_enabled: emailSwitch,
  /** The hour (Buenos Aires, 0–23) from which the day's e-mails go out. */
  delivery_notice_hour: z
    .number({ message: deliveryTexts.invalidNoticeHour })
    .int({ message: deliveryTexts.invalidNoticeHour })
    .min(0, { message: deliveryTexts.invalidNoticeHour })
    .max(23, { message: deliveryTexts.invalidNoticeHour }),
};

/**
 * Who issues the documents (decision 082): the business's razón social, CUIT, domicilio and
 * condición frente al IVA, printed at the head of the receipt, the statement and the order PDF.
 * Each may be left empty: absent, "" or blank is stored as null ("not set"), and a document with
 * none of them looks as it did before they existed.
 */
const businessIdentityFields = {
  business_razon_social: optionalText({
    max: BUSINESS_LIMITS.razonSocial.max,
    tooLong: businessTexts.razonSocialTooLong,
    invalid: businessTexts.razonSocialInvalid,
  }),
  business_cuit: optionalCuitSchema,
  business_address: optionalText({
    max: BUSINESS_LIMITS.issuerAddress.max,
    tooLong: texts.businessAddressTooLong,
    invalid: texts.businessAddressInvalid,
  }),
  business_iva_condition: issuerIvaConditionSchema,
};

const settingsFields = {
  /** Smallest order total (centavos) a customer may place; 0 means no minimum. */
  min_order_amount: centavosAtLeastZero,
  /** The order-life work (decision 014): each order e-mail can be switched off. */
  email_customer_order_placed: emailSwitch,
  email_customer_status_changed: emailSwitch,
  email_customer_order_edited: emailSwitch,
  email_admin_new_order: emailSwitch,
  email_admin_order_cancelled: emailSwitch,
  admin_email_recipients: adminRecipientsSchema,
  /** Products with this stock or less are listed on the dashboard (unlimited-stock ones never). */
  low_stock_threshold: z
    .number({ message: texts.invalidThreshold })
    .int({ message: texts.invalidThreshold })
    .min(0, { message: texts.invalidThreshold })
    .max(1_000_000, { message: texts.invalidThreshold }),
  /**
   * The business-identity work (decision 019): whether the prices entered on products already include IVA.
   * Default true: Argentine wholesale lists that sell to monotributistas and consumidores finales
   * quote final prices, and keeping it on leaves every total exactly as it was before IVA existed.
   */
  prices_include_iva: emailSwitch,
  /**
   * How long approving a sign-up usually takes, in hours: the pending screen tells the person who
   * waits (decision 033). Public (GET /api/settings/public).
   */
  approval_wait_hours: z
    .number({ message: texts.invalidApprovalHours })
    .int({ message: texts.invalidApprovalHours })
    .min(1, { message: texts.invalidApprovalHours })
    .max(720, { message: texts.invalidApprovalHours }),
  ...receivablesSettingsFields,
  ...deliveryNoticeFields,
  ...businessIdentityFields,
};

export const settingsSchema = z.object(settingsFields);
export type Settings = z.output<typeof settingsSchema>;

/** PUT /api/admin/settings: any subset of the settings; unknown keys are refused. */
export const settingsUpdateSchema = z.strictObject(settingsFields).partial();
export type SettingsUpdate = z.output<typeof settingsUpdateSchema>;

export const DEFAULT_SETTINGS: Settings = Object.freeze({
  min_order_amount: 0,
  email_customer_order_placed: true,
  email_customer_status_changed: true,
  email_customer_order_edited: true,
  email_admin_new_order: true,
  email_admin_order_cancelled: true,
  admin_email_recipients: [],
  low_stock_threshold: 5,
  prices_include_iva: true,
  approval_wait_hours: 24,
  default_payment_terms_days: 0,
  credit_overdue_days_limit: null,
  credit_exceeded_action: 'refuse',
  reminder_before_due_enabled: false,
  reminder_days_before_due: 3,
  reminder_overdue_enabled: false,
  reminder_days_after_due: 7,
  delivery_notice_email_enabled: false,
  delivery_notice_whatsapp_enabled: false,
  delivery_notice_hour: 7,
  business_razon_social: null,
  business_cuit: null,
  business_address: null,
  business_iva_condition: null,
});

/** The business's identity as its documents print it; null when none of it is set (the documents as before). */
export type BusinessIdentity = Pick<Settings, 'business_razon_social' | 'business_cuit' | 'business_address' | 'business_iva_condition'>;

export function businessIdentityOf(settings: Settings): BusinessIdentity | null {
  const { business_razon_social, business_cuit, business_address, business_iva_condition } = settings;
  const identity = { business_razon_social, business_cuit, business_address, business_iva_condition };
  return Object.values(identity).some((value) => value !== null) ? identity : null;
}

/** GET /api/settings/public: what anyone may read (the pending screen's approval time). */
export const publicSettingsSchema = z.object({ approval_wait_hours: z.number().int() });
export type PublicSettings = z.output<typeof publicSettingsSchema>;

/** GET/PUT answer: the settings plus when and by whom they last changed. */
export const settingsResponseSchema = settingsSchema.extend({
  // As stored (the answer is encoded, not parsed: a field that transforms what is typed is answered plain).
  business_razon_social: z.string().nullable(),
  business_cuit: z.string().nullable(),
  business_address: z.string().nullable(),
  business_iva_condition: z.enum(ISSUER_IVA_CONDITIONS).nullable(),
  updated_at: z.string().nullable(),
  /** true while nobody has saved the recipients: they are every admin of the install (decision 029). */
  admin_email_recipients_default: z.boolean().optional(),
});
export type SettingsResponse = z.output<typeof settingsResponseSchema>;

/**
 * The stored document read leniently: each field that is missing or no longer valid falls back to
 * its default, so a setting added (or tightened) later never breaks reading an older row.
 */
export function readSettings(stored: unknown): Settings {
  const source = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const result: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  const { parsedWhenMissing, keptWhenNull } = (fastPaths ??= findFastPaths());
  for (const [key, schema] of Object.entries(settingsFields)) {
    const value = source[key];
    // A missing field keeps its default without asking zod, which builds a whole error to refuse
    // `undefined` (most of a stored document is missing: 0.1 ms per read, and every order reads it).
    if (value === undefined && !parsedWhenMissing.has(key)) continue;
    // So does a stored null whose default is null: the settings form saves every issuer field, an
    // empty one as null, so after the first save they are stored on every row the orders read.
    if (value === null && keptWhenNull.has(key)) continue;
    const parsed = schema.safeParse(value);
    if (parsed.success) result[key] = parsed.data;
  }
  return result as Settings;
}

/**
 * Found on the first read. `parsedWhenMissing`: the fields whose schema accepts a missing value and
 * makes it something other than the default (and so decides it); a missing optional text is null,
 * its default, unparsed. `keptWhenNull`: the fields whose default is null and whose schema makes a
 * stored null null or refuses it, so parsing it would leave the default anyway.
 */
let fastPaths: { parsedWhenMissing: Set<string>; keptWhenNull: Set<string> } | undefined;

function findFastPaths(): NonNullable<typeof fastPaths> {
  const defaults = DEFAULT_SETTINGS as Record<string, unknown>;
  const fields = Object.entries(settingsFields);
  const keys = (keep: (key: string, schema: (typeof fields)[number][1]) => boolean) => new Set(fields.filter(([key, schema]) => keep(key, schema)).map(([key]) => key));
  return {
    parsedWhenMissing: keys((key, schema) => {
      const parsed = schema.safeParse(undefined);
      return parsed.success && parsed.data !== defaults[key];
    }),
    keptWhenNull: keys((key, schema) => {
      const parsed = schema.safeParse(null);
      return defaults[key] === null && (!parsed.success || parsed.data === null);
    }),
  };
}
