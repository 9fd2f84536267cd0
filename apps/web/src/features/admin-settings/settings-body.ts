import { parsePesos } from '@mayorista/core/money';
import type { IssuerIvaCondition } from '@mayorista/core/business';
import type { SettingsUpdate } from '@mayorista/core/schemas/settings';

export type EmailSwitch =
  | 'email_customer_order_placed'
  | 'email_customer_status_changed'
  | 'email_customer_order_edited'
  | 'email_admin_new_order'
  | 'email_admin_order_cancelled';

/**
 * Who issues the documents (decision 082), as typed; each may be left empty. Top-level values of
 * the form (not a nested group) so the form contract tests reach them by name.
 */
export interface BusinessIdentityValues {
  businessRazonSocial: string;
  businessCuit: string;
  businessAddress: string;
  businessIvaCondition: '' | IssuerIvaCondition;
}

export interface SettingsValues extends Partial<BusinessIdentityValues> {
  /** Pesos as typed; blank means no minimum. */
  minOrder: string;
  switches: Record<EmailSwitch, boolean>;
  /** One address per line (commas and spaces separate too). */
  recipients: string;
  /** The list as the screen showed it: left as it was, it is not sent (decision 029). */
  initialRecipients?: string[];
  threshold: string;
  pricesIncludeIva: boolean;
  /** Hours as typed (digits); left out, the stored value stays. */
  approvalHours?: string;
  /** The cuenta corriente's rules; left out, the stored ones stay. */
  credit?: CreditSettingsValues;
  /** Repartos' "Tu pedido llega hoy"; left out, the stored one stays. */
  notice?: DeliveryNoticeValues;
}

/** "Tu pedido llega hoy" as the form holds it: the hour as typed (digits). */
export interface DeliveryNoticeValues {
  emailOn: boolean;
  whatsappOn: boolean;
  hour: string;
}

/** The cuenta corriente's settings as the form holds them: days as typed (digits), switches as booleans. */
export interface CreditSettingsValues {
  defaultTermsDays: string;
  /** Off: overdue debt never stops an order (the limit still does). */
  overdueRuleOn: boolean;
  overdueDays: string;
  action: 'refuse' | 'hold';
  reminderBeforeOn: boolean;
  reminderBeforeDays: string;
  reminderOverdueOn: boolean;
  reminderOverdueDays: string;
}

const days = (typed: string) => Number(typed.trim() || '0');

/** The settings' cuenta-corriente fields from the form's values. */
export function toCreditSettingsUpdate(v: CreditSettingsValues): SettingsUpdate {
  return {
    default_payment_terms_days: days(v.defaultTermsDays),
    credit_overdue_days_limit: v.overdueRuleOn ? days(v.overdueDays) : null,
    credit_exceeded_action: v.action,
    reminder_before_due_enabled: v.reminderBeforeOn,
    reminder_days_before_due: days(v.reminderBeforeDays),
    reminder_overdue_enabled: v.reminderOverdueOn,
    reminder_days_after_due: days(v.reminderOverdueDays),
  };
}

/**
 * The body of PUT /api/admin/settings from the settings form. Pure: the server's contract tests
 * send exactly this (docs/decisions/028). An amount that does not parse is NaN, which the form
 * reports before sending.
 */
export function toSettingsBody(values: SettingsValues): SettingsUpdate {
  const centavos = values.minOrder.trim() === '' ? 0 : parsePesos(values.minOrder);
  const recipients = values.recipients
    .split(/[\s,;]+/)
    .map((r) => r.trim())
    .filter(Boolean);
  // A list left as shown is not sent, so saving another setting does not freeze the default
  // recipients (every admin, decision 029) into a fixed list.
  const unchanged = values.initialRecipients !== undefined && recipients.join('\n') === values.initialRecipients.join('\n');
  return {
    min_order_amount: centavos ?? Number.NaN,
    ...values.switches,
    ...(unchanged ? {} : { admin_email_recipients: recipients }),
    low_stock_threshold: Number(values.threshold.trim() || '0'),
    prices_include_iva: values.pricesIncludeIva,
    ...(values.approvalHours === undefined ? {} : { approval_wait_hours: Number(values.approvalHours.trim() || '0') }),
    ...(values.credit ? toCreditSettingsUpdate(values.credit) : {}),
    ...(values.notice ? toNoticeUpdate(values.notice) : {}),
    ...toIdentityUpdate(values),
  };
}

/** An empty box is sent as null ("not set"), never as ""; a value left out (undefined) is not sent, so the stored one stays. */
function toIdentityUpdate(values: Partial<BusinessIdentityValues>): SettingsUpdate {
  const typed = (value: string | undefined) => (value === undefined ? {} : { value: value.trim() === '' ? null : value });
  const fields = {
    business_razon_social: typed(values.businessRazonSocial),
    business_cuit: typed(values.businessCuit),
    business_address: typed(values.businessAddress),
    business_iva_condition: typed(values.businessIvaCondition),
  };
  return Object.fromEntries(Object.entries(fields).flatMap(([key, field]) => ('value' in field ? [[key, field.value]] : []))) as SettingsUpdate;
}

/**
 * "Tu pedido llega hoy": a blank hour is never midnight. With the e-mail on it is NaN, for the
 * form to ask for it (the box is required then); with the e-mail off (the box hidden) the stored
 * hour stays.
 */
function toNoticeUpdate(notice: DeliveryNoticeValues): SettingsUpdate {
  const hour = notice.hour.trim();
  return {
    delivery_notice_email_enabled: notice.emailOn,
    delivery_notice_whatsapp_enabled: notice.whatsappOn,
    ...(hour !== '' ? { delivery_notice_hour: Number(hour) } : notice.emailOn ? { delivery_notice_hour: Number.NaN } : {}),
  };
}
