import { parsePesos } from '@mayorista/core/money';
import { receivables } from '../../lib/receivables/texts';

/**
 * Bodies the admin's cuenta-corriente dialogs send, as pure functions (decision 028): the browser
 * runs them, and the server's contract tests can send their output through the real routes.
 * Amounts are typed in pesos the es-AR way ("1.234,56") and sent as integer centavos.
 */

export const PAYMENT_METHODS = ['cash', 'transfer', 'cheque', 'mercado_pago', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The largest amount a person may type: a billion pesos. Anything above is a typo, not a payment. */
export const MAX_AMOUNT_CENTAVOS = 100_000_000_000;
const MIN_REASON = 3;

export interface PaymentValues {
  amount: string;
  method: PaymentMethod;
  bank: string;
  chequeNumber: string;
  /** yyyy-mm-dd, as a date input gives it. */
  chequeDate: string;
  reference: string;
  /** Orders picked by the staff; empty = oldest first (the server's rule). */
  appliesTo: string[];
}

export const emptyPayment = (): PaymentValues => ({
  amount: '',
  method: 'cash',
  bank: '',
  chequeNumber: '',
  chequeDate: '',
  reference: '',
  appliesTo: [],
});

const optional = (text: string) => (text.trim() === '' ? undefined : text.trim());

/** An amount as typed → centavos, or the message that says what is wrong with it. */
export function amountOrError(text: string): { centavos: number } | { error: string } {
  const t = receivables.payment;
  const centavos = parsePesos(text);
  if (centavos === null) return { error: t.amountRequired };
  if (Number.isNaN(centavos)) return { error: t.amountInvalid };
  if (centavos <= 0) return { error: t.amountPositive };
  if (centavos > MAX_AMOUNT_CENTAVOS) return { error: t.amountTooLarge };
  return { centavos };
}

/** POST /api/admin/users/:id/payments. Cheque fields go only with a cheque; empty optionals are left out. */
export function toPaymentBody(values: PaymentValues, idempotencyKey: string) {
  const amount = parsePesos(values.amount);
  const cheque = values.method === 'cheque';
  return {
    amount: amount ?? Number.NaN,
    method: values.method,
    reference: optional(values.reference),
    bank: cheque ? optional(values.bank) : undefined,
    cheque_number: cheque ? optional(values.chequeNumber) : undefined,
    cheque_date: cheque ? optional(values.chequeDate) : undefined,
    applies_to: values.appliesTo.length > 0 ? values.appliesTo : undefined,
    idempotency_key: idempotencyKey,
  };
}

export type PaymentField = 'amount' | 'bank' | 'chequeNumber' | 'chequeDate';
export const PAYMENT_FIELDS: readonly PaymentField[] = ['amount', 'bank', 'chequeNumber', 'chequeDate'];

/** Each field's message for these values (only what a person can fix here; the server judges the rest). */
export function checkPayment(values: PaymentValues): Partial<Record<PaymentField, string>> {
  const t = receivables.payment;
  const found: Partial<Record<PaymentField, string>> = {};
  const amount = amountOrError(values.amount);
  if ('error' in amount) found.amount = amount.error;
  if (values.method === 'cheque') {
    if (!values.bank.trim()) found.bank = t.bankRequired;
    if (!values.chequeNumber.trim()) found.chequeNumber = t.chequeNumberRequired;
    if (!values.chequeDate) found.chequeDate = t.chequeDateRequired;
  }
  return found;
}

export interface CreditNoteValues {
  amount: string;
  reason: string;
  orderId: string;
}

/** POST /api/admin/users/:id/credit-notes. */
export function toCreditNoteBody(values: CreditNoteValues) {
  return { amount: parsePesos(values.amount) ?? Number.NaN, reason: values.reason.trim(), order_id: optional(values.orderId) };
}

export function checkCreditNote(values: CreditNoteValues): Partial<Record<'amount' | 'reason', string>> {
  const found: Partial<Record<'amount' | 'reason', string>> = {};
  const amount = amountOrError(values.amount);
  if ('error' in amount) found.amount = amount.error;
  if (values.reason.trim().length < MIN_REASON) found.reason = receivables.creditNote.reasonRequired;
  return found;
}

/** 'default' follows the settings (null); Contado is 0 days (due at delivery); 'custom' reads the days box. */
export const TERM_CHOICES = ['default', '0', '7', '15', '30', 'custom'] as const;
export type TermChoice = (typeof TERM_CHOICES)[number];
export const MAX_TERM_DAYS = 365;

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
    else if (limit > MAX_AMOUNT_CENTAVOS) found.limit = receivables.payment.amountTooLarge;
  }
  return found;
}

/** POST /api/admin/payments/:id/reverse and POST /api/admin/orders/:id/reject-credit: a reason. */
export function toReasonBody(reason: string) {
  return { reason: reason.trim() };
}

export const reasonIsShort = (reason: string) => reason.trim().length < MIN_REASON;
