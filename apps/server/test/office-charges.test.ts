import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createAdmin, createStaff, createVerifiedUser, type TestUser } from './factories';
import { setupTestApp } from './helpers';
import { pay, placeAndDeliver, setCredit, testClock } from './receivables-fixtures';

/**
 * "Aplicar a" on the office's payment dialog: GET /api/admin/users/:id/account/charges answers the
 * customer's open charges (what is left of each, oldest due first) — the rep's list, for the
 * office. Real PostgreSQL.
 */
const clock = testClock('2026-06-01');
const ctx = await setupTestApp({ now: clock.now });
const admin = await createAdmin(ctx);

const charges = (customerId: string, user?: TestUser) =>
  ctx.app.inject({ method: 'GET', url: `/api/admin/users/${customerId}/account/charges`, ...(user ? { headers: user.headers } : {}) });

/**
 * Three delivered orders: `later` ($300, on 30 days' terms, due 07-01) placed first, then `paid`
 * ($100, due 06-17) and `part` ($200, due 06-21) on 15 days'. `paid` is settled, `part` half paid.
 */
async function customerWithThreeCharges() {
  const customer = await createVerifiedUser(ctx);
  expect((await setCredit(ctx, admin, customer.userId, { payment_terms_days: 30 })).statusCode).toBe(200);
  clock.set('2026-06-01');
  const later = await placeAndDeliver(ctx, customer, admin, 3);
  expect((await setCredit(ctx, admin, customer.userId, { payment_terms_days: 15 })).statusCode).toBe(200);
  clock.set('2026-06-02');
  const paid = await placeAndDeliver(ctx, customer, admin, 1);
  clock.set('2026-06-06');
  const part = await placeAndDeliver(ctx, customer, admin, 2);
  for (const [order, amount] of [[paid, 10_000], [part, 12_000]] as const) {
    const res = await pay(ctx, admin, customer.userId, { amount, applies_to: [order.id] });
    expect(res.statusCode, res.body).toBe(201);
  }
  return { customer, later, paid, part };
}

describe('GET /api/admin/users/:id/account/charges', () => {
  it('lists only what is still open, what is left of each, oldest due first; a settled order is not offered and not accepted', async () => {
    const { customer, later, paid, part } = await customerWithThreeCharges();
    const res = await charges(customer.userId, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      items: [
        { order_id: part.id, amount: 8_000, due_date: '2026-06-21' },
        { order_id: later.id, amount: 30_000, due_date: '2026-07-01' },
      ],
    });
    // The rep's route reads the same list for a customer of theirs.
    const rep = await createStaff(ctx, 'sales');
    const assigned = await ctx.app.inject({ method: 'PATCH', url: `/api/admin/users/${customer.userId}/rep`, headers: admin.headers, payload: { rep_id: rep.userId } });
    expect(assigned.statusCode, assigned.body).toBe(204);
    const repList = await ctx.app.inject({ method: 'GET', url: `/api/rep/customers/${customer.userId}/charges`, headers: rep.headers });
    expect(repList.json()).toEqual(res.json());
    // The order left out is the one the payment would refuse.
    const settled = await pay(ctx, admin, customer.userId, { amount: 1_000, applies_to: [paid.id] });
    expect([settled.statusCode, settled.json().code]).toEqual([422, 'applies_to_unknown']);
    // A payment picked for the later order leaves it out once settled.
    expect((await pay(ctx, admin, customer.userId, { amount: 30_000, applies_to: [later.id] })).statusCode).toBe(201);
    expect((await charges(customer.userId, admin)).json()).toEqual({ items: [{ order_id: part.id, amount: 8_000, due_date: '2026-06-21' }] });
  });

  it('a customer with nothing delivered: an empty list', async () => {
    const customer = await createVerifiedUser(ctx);
    expect((await charges(customer.userId, admin)).json()).toEqual({ items: [] });
  });

  it('an unknown customer: 404; signed out: 401; a customer, a rep or a driver: 403', async () => {
    const unknown = await charges(randomUUID(), admin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'customer_not_found', message: 'El cliente no existe.' });
    const customer = await createVerifiedUser(ctx);
    expect((await charges(customer.userId)).statusCode).toBe(401);
    expect((await charges('not-a-uuid')).statusCode).toBe(401);
    for (const who of [customer, await createStaff(ctx, 'sales'), await createStaff(ctx, 'driver')]) {
      const refused = await charges(customer.userId, who);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('forbidden');
    }
  });
});
