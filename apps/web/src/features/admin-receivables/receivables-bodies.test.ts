import { describe, expect, it } from 'vitest';
import { receivables as contractTexts } from '@mayorista/core/messages/receivables';
import { receivables } from '../../lib/receivables/texts';
import {
  amountOrError,
  checkCreditNote,
  checkCreditTerms,
  checkPayment,
  toCreditNoteBody,
  emptyPayment,
  termsValuesOf,
  toCreditTermsBody,
  toPaymentBody,
  type PaymentValues,
} from './receivables-bodies';

const t = receivables.payment;
const TODAY = '2026-11-26';
const payment = (patch: Partial<PaymentValues>): PaymentValues => ({ ...emptyPayment(), ...patch });

describe('an amount typed in pesos becomes exact centavos', () => {
  it.each([
    ['1.234,56', 123_456],
    ['1234,56', 123_456],
    ['1234,5', 123_450],
    ['1.234', 123_400],
    ['1234.56', 123_456],
    ['$ 1.234.567,89', 123_456_789],
    ['0,10', 10],
    ['0,01', 1],
    [' 250 ', 25_000],
  ])('%s → %i', (typed, centavos) => {
    expect(amountOrError(typed)).toEqual({ centavos });
  });

  it.each([
    ['', t.amountRequired],
    ['   ', t.amountRequired],
    ['abc', t.amountInvalid],
    ['-5', t.amountInvalid],
    ['1,234', t.amountInvalid],
    ['12,345,6', t.amountInvalid],
    ['1e3', t.amountInvalid],
    ['0', t.amountPositive],
    ['0,00', t.amountPositive],
    ['10.000.000,01', t.amountTooLarge],
  ])('%j → %s', (typed, message) => {
    expect(amountOrError(typed)).toEqual({ error: message });
  });
});

describe('the payment body', () => {
  it('with only the required fields carries no optional key', () => {
    const body = toPaymentBody(payment({ amount: '1.500', method: 'cash', bank: 'ignored', chequeNumber: '1' }), 'key-12345678');
    expect(JSON.parse(JSON.stringify(body))).toEqual({ amount: 150_000, method: 'cash', idempotency_key: 'key-12345678' });
  });

  it('a cheque carries its bank, number and date, trimmed; picked orders go in the order picked', () => {
    const body = toPaymentBody(
      payment({ amount: '10.000,50', method: 'cheque', bank: ' Banco Nación ', chequeNumber: ' 00123 ', chequeDate: '2026-12-20', reference: ' lote 4 ', appliesTo: ['b', 'a'] }),
      'key-12345678',
    );
    expect(body).toEqual({
      amount: 1_000_050,
      method: 'cheque',
      bank: 'Banco Nación',
      cheque_number: '00123',
      cheque_date: '2026-12-20',
      reference: 'lote 4',
      applies_to: ['b', 'a'],
      idempotency_key: 'key-12345678',
    });
  });

  it('asks for the amount always, and for bank, number and date only with a cheque', () => {
    expect(checkPayment(payment({ method: 'transfer' }), TODAY)).toEqual({ amount: t.amountRequired });
    expect(checkPayment(payment({ amount: '100', method: 'cheque' }), TODAY)).toEqual({
      bank: t.bankRequired,
      chequeNumber: t.chequeNumberRequired,
      chequeDate: t.chequeDateRequired,
    });
    expect(checkPayment(payment({ amount: '100', method: 'cheque', bank: 'Galicia', chequeNumber: '9', chequeDate: '2026-12-01' }), TODAY)).toEqual({});
  });

  it('a cheque number is digits; its date from today to a year ahead (post-dated is common)', () => {
    const cheque = (patch: Partial<PaymentValues>) => checkPayment(payment({ amount: '100', method: 'cheque', bank: 'Galicia', chequeNumber: '9', chequeDate: TODAY, ...patch }), TODAY);
    expect(cheque({})).toEqual({});
    expect(cheque({ chequeNumber: '12-34' })).toEqual({ chequeNumber: contractTexts.chequeNumberInvalid });
    expect(cheque({ chequeDate: '2026-11-25' })).toEqual({ chequeDate: contractTexts.chequeDateInPast });
    expect(cheque({ chequeDate: '2027-11-26' })).toEqual({});
    expect(cheque({ chequeDate: '2027-11-27' })).toEqual({ chequeDate: contractTexts.chequeDateTooFar });
  });
});

describe('credit notes and terms', () => {
  it('a credit note needs an amount and a reason of 3 characters', () => {
    expect(checkCreditNote({ amount: '', reason: ' ab ', orderId: '' })).toEqual({ amount: t.amountRequired, reason: receivables.creditNote.reasonRequired });
    expect(checkCreditNote({ amount: '5,5', reason: 'Devolución', orderId: '' })).toEqual({});
  });

  it('goods go back only with their order, and only the products with a quantity', () => {
    const restock = { a: '2', b: '', c: '0' };
    expect(toCreditNoteBody({ amount: '10', reason: ' Devolución ', orderId: '', restock })).toEqual({ amount: 1_000, reason: 'Devolución', order_id: undefined, restock: undefined });
    expect(toCreditNoteBody({ amount: '10', reason: 'Devolución', orderId: 'o-1', restock })).toMatchObject({ order_id: 'o-1', restock: [{ product_id: 'a', quantity: 2 }] });
    expect(checkCreditNote({ amount: '10', reason: 'Devolución', orderId: 'o-1', restock: { a: '3' } }, { a: 2 })).toEqual({ restock: receivables.creditNote.restockTooMany });
  });

  it('terms: the default is null, Contado 0, a custom term its days; an empty limit is no limit', () => {
    expect(toCreditTermsBody({ choice: 'default', customDays: '', limit: '' })).toEqual({ payment_terms_days: null, credit_limit: null });
    expect(toCreditTermsBody({ choice: '0', customDays: '', limit: '500.000' })).toEqual({ payment_terms_days: 0, credit_limit: 50_000_000 });
    expect(toCreditTermsBody({ choice: 'custom', customDays: '45', limit: '' })).toEqual({ payment_terms_days: 45, credit_limit: null });
    expect(checkCreditTerms({ choice: 'custom', customDays: '', limit: '' })).toEqual({ customDays: receivables.terms.customDaysInvalid });
    expect(checkCreditTerms({ choice: 'custom', customDays: '400', limit: 'x' })).toEqual({ customDays: receivables.terms.customDaysInvalid, limit: t.amountInvalid });
  });

  it('opens on what the customer has', () => {
    expect(termsValuesOf(30, true, null)).toEqual({ choice: 'default', customDays: '', limit: '' });
    expect(termsValuesOf(15, false, 12_345_600)).toEqual({ choice: '15', customDays: '', limit: '123456,00' });
    expect(termsValuesOf(45, false, null)).toEqual({ choice: 'custom', customDays: '45', limit: '' });
  });
});
