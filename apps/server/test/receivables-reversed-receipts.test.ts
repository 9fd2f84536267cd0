import { describe, expect, it } from 'vitest';
import { createAdmin, createVerifiedUser } from './factories';
import { setupTestApp } from './helpers';
import { pay, pdfText, placeAndDeliver, testClock } from './receivables-fixtures';

// A reversed payment says so wherever it shows: its row in the movements, its receipt (when and
// why, as the "Revertir" dialog asked) and the statement's "Reversión" line names the receipt.
const clock = testClock('2026-11-26');
const ctx = await setupTestApp({ now: clock.now });
const admin = await createAdmin(ctx);

const receiptNumber = (n: number) => `0001-${String(n).padStart(8, '0')}`;

const get = (url: string, headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url, headers });

async function reversedTransfer() {
  clock.set('2026-11-26');
  const customer = await createVerifiedUser(ctx);
  await placeAndDeliver(ctx, customer, admin, 5);
  const kept = await pay(ctx, admin, customer.userId, { amount: 10_000 });
  const transfer = await pay(ctx, admin, customer.userId, { amount: 20_000, method: 'transfer', reference: 'TRF-991' });
  expect(transfer.statusCode, transfer.body).toBe(201);
  clock.set('2026-12-02');
  const reversed = await ctx.app.inject({
    method: 'POST',
    url: `/api/admin/payments/${transfer.json().id}/reverse`,
    headers: admin.headers,
    payload: { reason: 'La transferencia nunca llegó al banco' },
  });
  expect(reversed.statusCode, reversed.body).toBe(201);
  return { customer, kept: kept.json(), transfer: transfer.json() };
}

describe('a reversed payment', () => {
  it('its row in the movements says when it was reversed, for the customer and the office; a standing one does not', async () => {
    const { customer, kept, transfer } = await reversedTransfer();
    for (const url of ['/api/me/account/movements', `/api/admin/users/${customer.userId}/account/movements`]) {
      const res = await get(url, url.startsWith('/api/me') ? customer.headers : admin.headers);
      expect(res.statusCode, res.body).toBe(200);
      const items = res.json().items as { kind: string; payment_id: number | null; reversed_on: string | null; receipt_number: number | null }[];
      expect(items.find((m) => m.kind === 'payment' && m.payment_id === transfer.id)?.reversed_on).toBe('2026-12-02');
      expect(items.find((m) => m.kind === 'payment' && m.payment_id === kept.id)?.reversed_on).toBeNull();
      expect(items.find((m) => m.kind === 'reversal')).toMatchObject({ payment_id: transfer.id, receipt_number: transfer.receipt_number, reversed_on: null });
    }
  });

  it('its receipt says when and why it was reversed, not a generic sentence; a standing receipt says nothing of it', async () => {
    const { customer, kept, transfer } = await reversedTransfer();
    const reversed = await get(`/api/me/receipts/${transfer.id}/pdf`, customer.headers);
    expect(reversed.statusCode).toBe(200);
    const { text } = await pdfText(reversed.rawPayload);
    expect(text).toContain('Este pago fue revertido el 02/12/2026. Motivo: La transferencia nunca llegó al banco');
    expect(text).not.toContain('por ejemplo');
    const standing = await pdfText((await get(`/api/admin/payments/${kept.id}/pdf`, admin.headers)).rawPayload);
    expect(standing.text).toContain(`Recibo N° ${receiptNumber(kept.receipt_number)}`);
    expect(standing.text).not.toContain('revertido');
  });

  it('the receipt dates the payment dd/mm/aaaa hh:mm (four-digit year, 24 hours)', async () => {
    const { customer, kept } = await reversedTransfer();
    const { text } = await pdfText((await get(`/api/me/receipts/${kept.id}/pdf`, customer.headers)).rawPayload);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' }).format(new Date(kept.created_at));
    const [year, month, date] = day.split('-');
    expect(text).toMatch(new RegExp(`Fecha: ${date}/${month}/${year}, \\d{2}:\\d{2}(?!\\d)`));
    expect(text).not.toMatch(/[ap]\. m\./);
  });

  it('the statement names which payment a "Reversión" reverses', async () => {
    const { customer, transfer } = await reversedTransfer();
    const res = await get('/api/me/account/statement.pdf?from=2026-11-01&to=2026-12-02', customer.headers);
    expect(res.statusCode).toBe(200);
    const { text } = await pdfText(res.rawPayload);
    expect(text).toContain(`Reversión del pago ${receiptNumber(transfer.receipt_number)}`);
    expect(text).toContain('La transferencia nunca llegó al banco');
  });
});
