import { receivables as contractTexts } from '@mayorista/core/messages/receivables';
import { parsePesos } from '@mayorista/core/money';
import { chequeProblem } from '@mayorista/core/receivables';
import { MAX_PAYMENT_CENTAVOS, MAX_PAYMENT_TERMS_DAYS, PAYMENT_METHODS, type PaymentMethod } from '@mayorista/core/schemas/receivables';
import { receivables } from '../../lib/receivables/texts';

/**
 * Bodies the admin's cuenta-corriente dialogs send, as pure functions (decision 028): the browser
 * runs them, and the server's contract tests can send their output through the real routes.
 * Amounts are typed in pesos the es-AR way ("1.234,56") and sent as integer centavos.
 */

export { PAYMENT_METHODS, type PaymentMethod };
/** The contract's largest payment or credit note; the credit limit may be a hundred times that. */
export const MAX_AMOUNT_CENTAVOS = MAX_PAYMENT_CENTAVOS;
const MAX_LIMIT_CENTAVOS = MAX_PAYMENT_CENTAVOS * 100;
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

/**
 * Each field's message for these values, `today` being the business's day (yyyy-mm-dd): the
 * cheque's date follows core's rule (from today to a year ahead). The server judges again.
 */
export function checkPayment(values: PaymentValues, today: string): Partial<Record<PaymentField, string>> {
  const t = receivables.payment;
  const found: Partial<Record<PaymentField, string>> = {};
  const amount = amountOrError(values.amount);
  if ('error' in amount) found.amount = amount.error;
  if (values.method !== 'cheque') return found;
  if (!values.bank.trim()) found.bank = t.bankRequired;
  const number = values.chequeNumber.trim();
  if (!number) found.chequeNumber = t.chequeNumberRequired;
  else if (!/^\d{1,20}$/.test(number)) found.chequeNumber = contractTexts.chequeNumberInvalid;
  if (!values.chequeDate) found.chequeDate = t.chequeDateRequired;
  else {
    const problem = chequeProblem({ method: 'cheque', bank: 'x', cheque_number: '1', cheque_date: values.chequeDate }, today);
    if (problem === 'past') found.chequeDate = contractTexts.chequeDateInPast;
    if (problem === 'too_far') found.chequeDate = contractTexts.chequeDateTooFar;
  }
  return found;
}

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
