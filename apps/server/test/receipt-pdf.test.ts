import { describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { renderReceiptPdf } from '../src/modules/receivables/receivables.pdf';
import type { Payment } from '@mayorista/core/schemas/receivables';

const payment: Payment = {
  id: 1,
  customer_id: '00000000-0000-4000-8000-000000000001',
  amount: 750_000,
  method: 'transfer',
  reference: null,
  bank: null,
  cheque_number: null,
  cheque_date: null,
  receipt_number: 12,
  applied: [],
  unapplied: 750_000,
  balance: -750_000,
  reversed: false,
  reversal: null,
  // 00:05 in Buenos Aires on 2 December: the receipt's day and 24-hour clock, whatever zone runs the test.
  created_at: '2026-12-02T03:05:00.000Z',
};

describe('the receipt PDF', () => {
  it('dates the payment as the screens do: Buenos Aires, 24 hours, four-digit year', async () => {
    const pdf = await renderReceiptPdf(payment, { name: 'Juan Pérez', email: 'juan@example.com', razon_social: null, cuit: null }, 'Mayorista');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
    expect(text).toMatch(/\nFecha: 02\/12\/2026, 00:05\n/);
  });
});
