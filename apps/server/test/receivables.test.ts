import { describe, expect, it } from 'vitest';
import { createAccountEmailRenderer } from '../src/modules/receivables';
import { createAdmin, createVerifiedUser } from './factories';
import { setupTestApp } from './helpers';
import { stockOf } from './orders-fixtures';
import { accountOf, money, pay, pdfText, placeAndDeliver, placeOrder, setCredit, testClock } from './receivables-fixtures';

const clock = testClock('2026-06-01');
const ctx = await setupTestApp({ now: clock.now });
const admin = await createAdmin(ctx);

const movementsOf = async (customer: { headers: Record<string, string> }) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/me/account/movements', headers: customer.headers })).json().items;

describe('charges at delivery', () => {
  it('delivering posts the charge due after the customer terms; the customer sees it; a delivered order cannot be edited', async () => {
    clock.set('2026-06-01');
    const customer = await createVerifiedUser(ctx);
    expect((await setCredit(ctx, admin, customer.userId, { payment_terms_days: 15 })).statusCode).toBe(200);
    const order = await placeAndDeliver(ctx, customer, admin, 3);
    const [charge] = await movementsOf(customer);
    expect(charge).toMatchObject({ kind: 'charge', amount: 30_000, balance: 30_000, due_date: '2026-06-16', order_id: order.id });
    expect(await accountOf(ctx, customer)).toMatchObject({
      balance: 30_000,
      overdue: 0,
      next_due: { date: '2026-06-16', amount: 30_000 },
      payment_terms_days: 15,
    });
    const edit = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/orders/${order.id}`,
      headers: admin.headers,
      payload: { lines: [{ product_id: order.items[0]!.product_id, quantity: 1 }], reason: 'Menos unidades' },
    });
    expect(edit.statusCode).toBe(409);
  });

  it('Contado is due the day of delivery; an order paid with points posts nothing', async () => {
    clock.set('2026-06-01');
    const customer = await createVerifiedUser(ctx, { saldo_puntos: 1_000_000 });
    await placeAndDeliver(ctx, customer, admin);
    const { order } = await placeOrder(ctx, customer, 1, { points: true });
    for (const status of ['Canjeado']) {
      expect(
        (
          await ctx.app.inject({
            method: 'POST',
            url: `/api/admin/orders/${order!.id}/status`,
            headers: admin.headers,
            payload: { status },
          })
        ).statusCode,
      ).toBe(200);
    }
    const items = await movementsOf(customer);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: 'charge', due_date: '2026-06-01' });
    clock.set('2026-06-02');
    expect(await accountOf(ctx, customer)).toMatchObject({ overdue: 10_000, overdue_days: 1 });
  });
});

describe('payments', () => {
  it('apply to the oldest charges first, or to the orders picked; an over-payment stays a favor and pays the next charge', async () => {
    clock.set('2026-06-01');
    const customer = await createVerifiedUser(ctx);
    const first = await placeAndDeliver(ctx, customer, admin, 1);
    clock.set('2026-06-05');
    const second = await placeAndDeliver(ctx, customer, admin, 2);
    const fifo = await pay(ctx, admin, customer.userId, { amount: 15_000 });
    expect(fifo.statusCode, fifo.body).toBe(201);
    expect(fifo.json()).toMatchObject({
      applied: [
        { order_id: first.id, amount: 10_000 },
        { order_id: second.id, amount: 5_000 },
      ],
      unapplied: 0,
      balance: 15_000,
    });
    const third = await placeAndDeliver(ctx, customer, admin, 1);
    const picked = await pay(ctx, admin, customer.userId, { amount: 12_000, applies_to: [third.id] });
    expect(picked.json()).toMatchObject({
      applied: [
        { order_id: third.id, amount: 10_000 },
        { order_id: second.id, amount: 2_000 },
      ],
    });
    const over = await pay(ctx, admin, customer.userId, { amount: 20_000, method: 'transfer', reference: 'CBU 123' });
    expect(over.json()).toMatchObject({ unapplied: 7_000, balance: -7_000 });
    expect((await accountOf(ctx, customer)).balance).toBe(-7_000);
    await placeAndDeliver(ctx, customer, admin, 1);
    expect(await accountOf(ctx, customer)).toMatchObject({ balance: 3_000, next_due: { amount: 3_000 } });
  });

  it('the same idempotency key twice makes one payment and one receipt; the key with another payment is refused', async () => {
    const customer = await createVerifiedUser(ctx);
    const body = { amount: 5_000, idempotency_key: 'pago-repetido-0001' };
    const [a, b] = await Promise.all([pay(ctx, admin, customer.userId, body), pay(ctx, admin, customer.userId, body)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().receipt_number).toBe(b.json().receipt_number);
    const receipts = await ctx.pool.query(
      `select id::int, kind, recipient, data from email_outbox where kind = 'payment_receipt' and recipient = $1`,
      [customer.email],
    );
    expect(receipts.rows).toHaveLength(1);
    const mail = await createAccountEmailRenderer({ pool: ctx.pool, catalogName: 'Mayorista', appUrl: 'http://localhost', issuer: async () => null })(
      receipts.rows[0],
    );
    const number = `0001-${String(a.json().receipt_number).padStart(8, '0')}`;
    expect(mail.subject).toContain(number);
    // The page the web app serves the customer's account on (app-links.test.ts checks it is a route).
    expect(mail.text).toContain('Ver mi cuenta corriente: http://localhost/cuenta-corriente\n');
    expect((await pdfText(mail.attachments![0]!.content as Buffer)).text).toContain(`Importe recibido: ${money(5_000)}`);
    const other = await pay(ctx, admin, customer.userId, { ...body, amount: 6_000 });
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('payment_key_reused');
    expect((await accountOf(ctx, customer)).balance).toBe(-5_000);
  });

  it.each([
    [{ amount: -100 }, 'validation_failed'],
    [{ amount: 0 }, 'validation_failed'],
    [{ amount: 100.5 }, 'validation_failed'],
    [{ amount: 1e13 }, 'validation_failed'],
    [{ amount: 100, method: 'cheque', bank: 'Galicia', cheque_number: '123', cheque_date: '2026-05-01' }, 'payment_invalid'],
    [{ amount: 100, method: 'cheque', bank: 'Galicia', cheque_number: '123', cheque_date: '2028-06-01' }, 'payment_invalid'],
    [{ amount: 100, method: 'cheque' }, 'payment_invalid'],
  ])('refuses %o with a Spanish message (%s) and records nothing', async (body, code) => {
    clock.set('2026-06-01');
    const customer = await createVerifiedUser(ctx);
    const res = await pay(ctx, admin, customer.userId, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code });
    expect(res.json().message).toMatch(/[áéíóú]|importe|cheque/i);
    expect((await accountOf(ctx, customer)).balance).toBe(0);
  });

  it('a bounced cheque is reversed once: the amount is owed again, due today, and the receipt says so', async () => {
    clock.set('2026-06-01');
    const customer = await createVerifiedUser(ctx);
    const order = await placeAndDeliver(ctx, customer, admin, 2);
    const cheque = await pay(ctx, admin, customer.userId, {
      amount: 20_000,
      method: 'cheque',
      bank: 'Banco Nación',
      cheque_number: '000123',
      cheque_date: '2026-06-20',
    });
    expect(cheque.statusCode, cheque.body).toBe(201);
    expect(cheque.json().applied).toEqual([{ order_id: order.id, amount: 20_000 }]);
    clock.set('2026-06-21');
    const reverse = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/admin/payments/${cheque.json().id}/reverse`,
        headers: admin.headers,
        payload: { reason: 'Cheque rechazado' },
      });
    const reversed = await reverse();
    expect(reversed.statusCode, reversed.body).toBe(201);
    expect(reversed.json()).toMatchObject({
      balance: 20_000,
      movement: { kind: 'reversal', amount: 20_000, due_date: '2026-06-21', reason: 'Cheque rechazado' },
    });
    expect((await reverse()).json().code).toBe('payment_already_reversed');
    const pdf = await ctx.app.inject({
      method: 'GET',
      url: `/api/me/receipts/${cheque.json().id}/pdf`,
      headers: customer.headers,
    });
    expect(pdf.headers['cache-control']).toContain('no-store');
    const { text } = await pdfText(pdf.rawPayload);
    expect(text).toContain(`Recibo N° 0001-${String(cheque.json().receipt_number).padStart(8, '0')}`);
    expect(text).toContain('Cheque Banco Nación N° 000123, fecha de pago 20/06/2026');
    expect(text).toContain('revertido');
  });

  it('a post-dated cheque counts as paid on its date: until then what it paid is still overdue', async () => {
    clock.set('2026-08-01');
    const customer = await createVerifiedUser(ctx);
    await placeAndDeliver(ctx, customer, admin, 1); // Contado: due 2026-08-01
    const cheque = { amount: 10_000, method: 'cheque', bank: 'Galicia', cheque_number: '555', cheque_date: '2026-08-20' };
    expect((await pay(ctx, admin, customer.userId, cheque)).statusCode).toBe(201);
    clock.set('2026-08-10');
    expect(await accountOf(ctx, customer)).toMatchObject({ balance: 0, overdue: 10_000, overdue_days: 9 });
    clock.set('2026-08-20');
    expect(await accountOf(ctx, customer)).toMatchObject({ balance: 0, overdue: 0 });
  });

  it('another customer asking for a receipt gets 404; a customer on the admin routes gets 403', async () => {
    const owner = await createVerifiedUser(ctx);
    const stranger = await createVerifiedUser(ctx);
    const payment = (await pay(ctx, admin, owner.userId, { amount: 1_000 })).json();
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/me/receipts/${payment.id}/pdf`, headers: stranger.headers })).statusCode,
    ).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/me/receipts/abc/pdf`, headers: owner.headers })).statusCode).toBe(
      404,
    );
    expect((await pay(ctx, stranger, owner.userId, { amount: 1_000 })).statusCode).toBe(403);
    const nobody = '00000000-0000-4000-8000-000000000000';
    expect((await pay(ctx, admin, nobody, { amount: 1_000 })).json().code).toBe('customer_not_found');
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/admin/users/${nobody}/account`, headers: admin.headers })).statusCode,
    ).toBe(404);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/admin/payments/999999/reverse',
          headers: admin.headers,
          payload: { reason: 'No existe' },
        })
      ).json().code,
    ).toBe('payment_not_found');
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/admin/users/${owner.userId}/account`, headers: owner.headers }))
        .statusCode,
    ).toBe(403);
  });
});

describe('adjustments', () => {
  it('an opening balance is owed from its due date; a negative one is applied like a credit note', async () => {
    clock.set('2026-06-01');
    const customer = await createVerifiedUser(ctx);
    const adjust = (body: Record<string, unknown>) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/admin/users/${customer.userId}/adjustments`,
        headers: admin.headers,
        payload: body,
      });
    const opening = await adjust({ amount: 50_000, reason: 'Saldo inicial de la libreta', due_date: '2026-05-21' });
    expect(opening.statusCode, opening.body).toBe(201);
    expect(opening.json()).toMatchObject({
      balance: 50_000,
      movement: { kind: 'adjustment', amount: 50_000, due_date: '2026-05-21' },
    });
    expect(await accountOf(ctx, customer)).toMatchObject({ overdue: 50_000, overdue_days: 11 });
    expect((await adjust({ amount: -20_000, reason: 'Corrección del saldo inicial' })).json()).toMatchObject({ balance: 30_000 });
    expect((await accountOf(ctx, customer)).overdue).toBe(30_000);
    expect((await adjust({ amount: 0, reason: 'Nada' })).statusCode).toBe(400);
  });
});

describe('pending sign-ups', () => {
  it('can be rejected after their terms were set, not once their account has a movement', async () => {
    const termsOnly = await createVerifiedUser(ctx, { approved: false });
    await setCredit(ctx, admin, termsOnly.userId, { payment_terms_days: 30 });
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/admin/users/${termsOnly.userId}`, headers: admin.headers }))
        .statusCode,
    ).toBe(204);
    const paid = await createVerifiedUser(ctx, { approved: false });
    expect((await pay(ctx, admin, paid.userId, { amount: 1_000 })).statusCode).toBe(201);
    const refused = await ctx.app.inject({ method: 'DELETE', url: `/api/admin/users/${paid.userId}`, headers: admin.headers });
    expect(refused.json().code).toBe('account_not_pending');
  });
});

describe('credit notes', () => {
  it('lower the debt of the order first and can put goods back through the stock ledger', async () => {
    clock.set('2026-06-01');
    const customer = await createVerifiedUser(ctx);
    const order = await placeAndDeliver(ctx, customer, admin, 5);
    const productId = order.items[0]!.product_id;
    const before = await stockOf(ctx, productId);
    const note = (body: Record<string, unknown>) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/admin/users/${customer.userId}/credit-notes`,
        headers: admin.headers,
        payload: body,
      });
    const res = await note({
      amount: 20_000,
      reason: 'Devolución de 2 unidades',
      order_id: order.id,
      restock: [{ product_id: productId, quantity: 2 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ balance: 30_000, movement: { kind: 'credit_note', amount: -20_000, order_id: order.id } });
    expect(await stockOf(ctx, productId)).toBe(before + 2);
    expect(
      (await note({ amount: 1_000, reason: 'Devolución', order_id: order.id, restock: [{ product_id: productId, quantity: 6 }] }))
        .statusCode,
    ).toBe(422);
    expect((await note({ amount: 60_000, reason: 'Demasiado', order_id: order.id })).statusCode).toBe(422);
    expect(
      (await note({ amount: 1_000, reason: 'Sin pedido', restock: [{ product_id: productId, quantity: 1 }] })).statusCode,
    ).toBe(422);
  });
});
