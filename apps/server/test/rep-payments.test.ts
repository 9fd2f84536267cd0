import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createAdmin, createStaff, createVerifiedUser, type TestUser } from './factories';
import { setupTestApp } from './helpers';
import { money, pay, pdfText, placeAndDeliver, setCredit, testClock } from './receivables-fixtures';
import { snapshotDatabase } from './route-permissions';

/**
 * The rep's payment dialog as the office's (decision 060): "Aplicar a" lists the customer's open
 * charges, the payment is applied as the office's is, and the numbered receipt PDF downloads —
 * only for the rep's own customers. Real PostgreSQL.
 */
const clock = testClock('2026-06-01');
const ctx = await setupTestApp({ now: clock.now });
const admin = await createAdmin(ctx);

const get = (url: string, user?: TestUser) => ctx.app.inject({ method: 'GET', url, ...(user ? { headers: user.headers } : {}) });
const repPay = (rep: TestUser, customerId: string, body: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: `/api/rep/customers/${customerId}/payments`, headers: rep.headers, payload: { method: 'cash', idempotency_key: randomUUID(), ...body } });

/** A customer of `rep` with two delivered orders: $100 due 06-16 and $200 due 06-21 (15 days' terms). */
async function customerWithTwoCharges(rep: TestUser) {
  const customer = await createVerifiedUser(ctx);
  const assigned = await ctx.app.inject({ method: 'PATCH', url: `/api/admin/users/${customer.userId}/rep`, headers: admin.headers, payload: { rep_id: rep.userId } });
  expect(assigned.statusCode, assigned.body).toBe(204);
  expect((await setCredit(ctx, admin, customer.userId, { payment_terms_days: 15 })).statusCode).toBe(200);
  clock.set('2026-06-01');
  const first = await placeAndDeliver(ctx, customer, admin, 1);
  clock.set('2026-06-06');
  const second = await placeAndDeliver(ctx, customer, admin, 2);
  return { customer, first, second };
}

/** How a payment was applied, as stored: which order's charge, how much, from when. */
const allocationsOf = async (paymentId: number) =>
  (
    await ctx.pool.query(
      `select i.order_id, a.amount, to_char(a.effective_on, 'YYYY-MM-DD') as effective_on
         from account_allocations a
         join account_movements c on c.id = a.credit_movement_id
         join account_open_items i on i.movement_id = a.item_movement_id
        where c.payment_id = $1 order by a.id`,
      [paymentId],
    )
  ).rows;

describe('"Aplicar a" on the rep\'s payment', () => {
  it('lists the open charges oldest due first with what is still open; a payment applied to one is stored as the office\'s is', async () => {
    const rep = await createStaff(ctx, 'sales');
    const { customer, first, second } = await customerWithTwoCharges(rep);
    const charges = await get(`/api/rep/customers/${customer.userId}/charges`, rep);
    expect(charges.statusCode, charges.body).toBe(200);
    expect(charges.json()).toEqual({
      items: [
        { order_id: first.id, amount: 10_000, due_date: '2026-06-16' },
        { order_id: second.id, amount: 20_000, due_date: '2026-06-21' },
      ],
    });

    // The same payment by the office, on a twin account: the same application, row for row.
    const twin = await customerWithTwoCharges(rep);
    const byRep = await repPay(rep, customer.userId, { amount: 25_000, applies_to: [second.id] });
    const byOffice = await pay(ctx, admin, twin.customer.userId, { amount: 25_000, applies_to: [twin.second.id] });
    expect(byRep.statusCode, byRep.body).toBe(201);
    expect(byOffice.statusCode, byOffice.body).toBe(201);
    expect(byRep.json()).toMatchObject({ applied: [{ order_id: second.id, amount: 20_000 }, { order_id: first.id, amount: 5_000 }], unapplied: 0, balance: 5_000 });
    const office = await allocationsOf(byOffice.json().id);
    const twinIds = { [twin.first.id]: first.id, [twin.second.id]: second.id };
    expect(await allocationsOf(byRep.json().id)).toEqual(office.map((row) => ({ ...row, order_id: twinIds[row.order_id] })));
    expect(office).toHaveLength(2);

    // What is left open of the first order; the second is settled and no longer offered.
    expect((await get(`/api/rep/customers/${customer.userId}/charges`, rep)).json()).toEqual({ items: [{ order_id: first.id, amount: 5_000, due_date: '2026-06-16' }] });
    // Naming the settled order now is refused as the office's is, and nothing is written.
    const before = await snapshotDatabase(ctx.pool);
    const settled = await repPay(rep, customer.userId, { amount: 1_000, applies_to: [second.id] });
    expect([settled.statusCode, settled.json().code]).toEqual([422, 'applies_to_unknown']);
    expect(await snapshotDatabase(ctx.pool)).toEqual(before);
  });

  it('another rep\'s customer or any customer not theirs: 403 not_your_customer; signed out: 401 before the id is read', async () => {
    const rep = await createStaff(ctx, 'sales');
    const otherRep = await createStaff(ctx, 'sales');
    const { customer } = await customerWithTwoCharges(otherRep);
    const stranger = await createVerifiedUser(ctx);
    for (const id of [customer.userId, stranger.userId]) {
      const refused = await get(`/api/rep/customers/${id}/charges`, rep);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ code: 'not_your_customer', message: 'Ese cliente no está asignado a vos.' });
    }
    expect((await get(`/api/rep/customers/${customer.userId}/charges`)).statusCode).toBe(401);
    expect((await get('/api/rep/customers/not-a-uuid/charges')).statusCode).toBe(401);
    // The customer themselves and the office's staff are not reps.
    expect((await get(`/api/rep/customers/${customer.userId}/charges`, customer)).statusCode).toBe(403);
    expect((await get(`/api/rep/customers/${customer.userId}/charges`, admin)).statusCode).toBe(403);
  });
});

describe('the receipt PDF for the rep', () => {
  it('a payment of their own customer: the numbered receipt the office gets; anyone else\'s: 404; signed out: 401', async () => {
    const rep = await createStaff(ctx, 'sales');
    const { customer } = await customerWithTwoCharges(rep);
    const paid = await repPay(rep, customer.userId, { amount: 12_345 });
    expect(paid.statusCode, paid.body).toBe(201);
    const { id, receipt_number } = paid.json<{ id: number; receipt_number: number }>();
    const number = `0001-${String(receipt_number).padStart(8, '0')}`;

    const pdf = await get(`/api/rep/payments/${id}/pdf`, rep);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="recibo-${number}.pdf"`);
    expect(pdf.headers['cache-control']).toContain('no-store');
    const { text } = await pdfText(pdf.rawPayload);
    expect(text).toContain(`Recibo N° ${number}`);
    expect(text).toContain(`Importe recibido: ${money(12_345)}`);
    const office = await get(`/api/admin/payments/${id}/pdf`, admin);
    expect((await pdfText(office.rawPayload)).text).toBe(text);

    const otherRep = await createStaff(ctx, 'sales');
    const officePaid = (await pay(ctx, admin, (await createVerifiedUser(ctx)).userId, { amount: 1_000 })).json<{ id: number }>();
    for (const [who, url] of [
      [otherRep, `/api/rep/payments/${id}/pdf`],
      [rep, `/api/rep/payments/${officePaid.id}/pdf`],
      [rep, '/api/rep/payments/999999999/pdf'],
      [rep, '/api/rep/payments/abc/pdf'],
    ] as const) {
      const refused = await get(url, who);
      expect(refused.statusCode, url).toBe(404);
      expect(refused.json()).toEqual({ code: 'receipt_not_found', message: 'El recibo no existe.' });
    }
    expect((await get(`/api/rep/payments/${id}/pdf`)).statusCode).toBe(401);
    expect((await get(`/api/rep/payments/${id}/pdf`, customer)).statusCode).toBe(403);

    // Once the customer goes to another rep, their receipts go with them.
    await ctx.app.inject({ method: 'PATCH', url: `/api/admin/users/${customer.userId}/rep`, headers: admin.headers, payload: { rep_id: otherRep.userId } });
    expect((await get(`/api/rep/payments/${id}/pdf`, rep)).statusCode).toBe(404);
    expect((await get(`/api/rep/payments/${id}/pdf`, otherRep)).statusCode).toBe(200);
  });
});
