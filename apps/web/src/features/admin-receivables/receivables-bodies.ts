import { parsePesos } from '@mayorista/core/money';
import { MAX_PAYMENT_CENTAVOS, MAX_PAYMENT_TERMS_DAYS } from '@mayorista/core/schemas/receivables';
import { amountOrError, optional } from '../../lib/receivables/payment-body';
import { receivables } from '../../lib/receivables/texts';

/**
 * Bodies the admin's cuenta-corriente dialogs send, as pure functions (decision 028): the browser
 * runs them, and the server's contract tests can send their output through the real routes.
 * Amounts are typed in pesos the es-AR way ("1.234,56") and sent as integer centavos.
 */

export {
  amountOrError,
  checkPayment,
  emptyPayment,
  MAX_AMOUNT_CENTAVOS,
  PAYMENT_FIELDS,
  PAYMENT_METHODS,
  toPaymentBody,
  type PaymentField,
  type PaymentMethod,
  type PaymentValues,
} from '../../lib/receivables/payment-body';

const MAX_LIMIT_CENTAVOS = MAX_PAYMENT_CENTAVOS * 100;
const MIN_REASON = 3;

export interface CreditNoteValues {
  amount: string;
  reason: string;
  orderId: string;
  /** Units coming back to the shelf, by product id, as typed (digits); only with an order. */
  restock?: Record<string, string>;
}

/** What comes back, as the body lists it: the products with a quantity above zero. */
const restockLines = (values: CreditNoteValues) =>
  Object.entries(values.restock ?? {})
    .map(([product_id, typed]) => ({ product_id, quantity: Number(typed.trim() || '0') }))
    .filter((line) => line.quantity > 0);

/** POST /api/admin/users/:id/credit-notes; goods back to the shelf only with the order they came in. */
export function toCreditNoteBody(values: CreditNoteValues) {
  const orderId = optional(values.orderId);
  const restock = orderId ? restockLines(values) : [];
  return {
    amount: parsePesos(values.amount) ?? Number.NaN,
    reason: values.reason.trim(),
    order_id: orderId,
    restock: restock.length > 0 ? restock : undefined,
  };
}

export function checkCreditNote(values: CreditNoteValues, ordered: Record<string, number> = {}): Partial<Record<'amount' | 'reason' | 'restock', string>> {
  const found: Partial<Record<'amount' | 'reason' | 'restock', string>> = {};
  const amount = amountOrError(values.amount);
  if ('error' in amount) found.amount = amount.error;
  if (values.reason.trim().length < MIN_REASON) found.reason = receivables.creditNote.reasonRequired;
  if (values.orderId && restockLines(values).some((line) => line.quantity > (ordered[line.product_id] ?? 0))) found.restock = receivables.creditNote.restockTooMany;
  return found;
}

/** 'default' follows the settings (null); Contado is 0 days (due at delivery); 'custom' reads the days box. */
export const TERM_CHOICES = ['default', '0', '7', '15', '30', 'custom'] as const;
export type TermChoice = (typeof TERM_CHOICES)[number];
export const MAX_TERM_DAYS = MAX_PAYMENT_TERMS_DAYS;

export interface CreditTermsValues {
  choice: TermChoice;
  customDays: string;
  /** Pesos as typed; empty = no limit. */
  limit: string;
}

export function termsValuesOf(days: number, isDefault: boolean, limitCentavos: number | null): CreditTermsValues {
  const preset: TermChoice = isDefault ? 'default' : (TERM_CHOICES as readonly string[]).includes(String(days)) ? (String(days) as TermChoice) : 'custom';
  return {
    choice: preset,
    customDays: preset === 'custom' ? String(days) : '',
    limit: limitCentavos === null ? '' : (limitCentavos / 100).toFixed(2).replace('.', ','),
  };
}

/** PATCH /api/admin/users/:id/credit: the days (null = the settings' default) and the limit in centavos (null = no limit). */
export function toCreditTermsBody(values: CreditTermsValues) {
  const days = values.choice === 'default' ? null : values.choice === 'custom' ? Number(values.customDays.trim() || Number.NaN) : Number(values.choice);
  return { payment_terms_days: days, credit_limit: parsePesos(values.limit) };
}

export function checkCreditTerms(values: CreditTermsValues): Partial<Record<'customDays' | 'limit', string>> {
  const found: Partial<Record<'customDays' | 'limit', string>> = {};
  const { payment_terms_days: days, credit_limit: limit } = toCreditTermsBody(values);
  if (days !== null && (!Number.isInteger(days) || days < 0 || days > MAX_TERM_DAYS || (values.choice === 'custom' && days === 0))) {
    found.customDays = receivables.terms.customDaysInvalid;
  }
  if (limit !== null) {
    if (Number.isNaN(limit)) found.limit = receivables.payment.amountInvalid;
    else if (limit > MAX_LIMIT_CENTAVOS) found.limit = receivables.payment.amountTooLarge;
  }
  return found;
}

/** POST /api/admin/payments/:id/reverse and POST /api/admin/orders/:id/reject-credit: a reason. */
export function toReasonBody(reason: string) {
  return { reason: reason.trim() };
}

export const reasonIsShort = (reason: string) => reason.trim().length < MIN_REASON;

export interface AdjustmentValues {
  /** 'more': the customer owes more (an opening balance, a correction up); 'less': owes less. */
  direction: 'more' | 'less';
  amount: string;
  /** yyyy-mm-dd; only when the customer owes more (empty: due today). */
  dueDate: string;
  reason: string;
}

/** POST /api/admin/users/:id/adjustments: the amount signed by its direction. */
export function toAdjustmentBody(values: AdjustmentValues) {
  const centavos = parsePesos(values.amount) ?? Number.NaN;
  return {
    amount: values.direction === 'less' ? -centavos : centavos,
    reason: values.reason.trim(),
    due_date: values.direction === 'more' && values.dueDate ? values.dueDate : undefined,
  };
}

export function checkAdjustment(values: AdjustmentValues): Partial<Record<'amount' | 'reason', string>> {
  const found: Partial<Record<'amount' | 'reason', string>> = {};
  const amount = amountOrError(values.amount);
  if ('error' in amount) found.amount = amount.error;
  if (values.reason.trim().length < MIN_REASON) found.reason = receivables.adjustment.reasonRequired;
  return found;
}
