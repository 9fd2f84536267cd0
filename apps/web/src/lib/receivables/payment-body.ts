import { receivables as contractTexts } from '@mayorista/core/messages/receivables';
import { parsePesos } from '@mayorista/core/money';
import { chequeProblem } from '@mayorista/core/receivables';
import { MAX_PAYMENT_CENTAVOS, PAYMENT_METHODS, type PaymentMethod } from '@mayorista/core/schemas/receivables';
import { receivables } from './texts';

/**
 * The payment form's values and the body it sends (decision 028: pure, so the server's contract
 * tests send exactly what the browser does). Shared by the office's "Registrar cobranza" and the
 * sales rep's "Registrar cobro" (decision 053): one form, one body, one set of messages. Amounts
 * are typed in pesos the es-AR way ("1.234,56") and sent as integer centavos.
 */

export { PAYMENT_METHODS, type PaymentMethod };
/** The contract's largest payment or credit note. */
export const MAX_AMOUNT_CENTAVOS = MAX_PAYMENT_CENTAVOS;

export const optional = (text: string) => (text.trim() === '' ? undefined : text.trim());

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

/** POST /api/admin/users/:id/payments (and the rep's POST /api/rep/customers/:id/payments). Cheque fields go only with a cheque; empty optionals are left out. */
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

export type PaymentBody = ReturnType<typeof toPaymentBody>;
