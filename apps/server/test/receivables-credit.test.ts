import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { insertMessage } from '../src/modules/realtime/realtime.protocol';
import { createOrderEmailRenderer } from '../src/modules/orders';
import { formatMoney } from '@mayorista/core/money';
import { createAdmin, createVerifiedUser } from './factories';
import { setupTestApp } from './helpers';
import { stockOf } from './orders-fixtures';
import {
  accountOf,
  deliver,
  money,
  pay,
  pdfText,
  placeAndDeliver,
  placeOrder,
  putSettings,
  setCredit,
  testClock,
} from './receivables-fixtures';

const clock = testClock('2026-06-01');
const ctx = await setupTestApp({ now: clock.now });
const admin = await createAdmin(ctx);

describe('credit control at order time', () => {
  it('refuses an order over the limit with the available credit, counting undelivered orders', async () => {
    clock.set('2026-06-01');
    const customer = await createVerifiedUser(ctx);
    await setCredit(ctx, admin, customer.userId, { credit_limit: 50_000 });
    await placeAndDeliver(ctx, customer, admin, 2);
    expect((await placeOrder(ctx, customer, 2)).res.statusCode).toBe(201);
    expect(await accountOf(ctx, customer)).toMatchObject({ balance: 20_000, undelivered: 20_000, available_credit: 10_000 });
    const refused = (await placeOrder(ctx, customer, 2)).res;
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'credit_refused', reason: 'limit', available: 10_000 });
    expect(refused.json().message).toContain(formatMoney(10_000));
    expect((await placeOrder(ctx, customer, 1)).res.statusCode).toBe(201);
  });

  it('the log keeps what the credit conditions were and what they became', async () => {
    const customer = await createVerifiedUser(ctx);
    await setCredit(ctx, admin, customer.userId, { credit_limit: 50_000 });
    await setCredit(ctx, admin, customer.userId, { payment_terms_days: 30, credit_limit: 80_000 });
    const { rows } = await ctx.pool.query(
      `select summary from audit_log where action = 'customer.credit' and entity_id = $1 order by id desc limit 1`,
      [customer.userId],
    );
    expect(rows[0].summary).toEqual({ before: { payment_terms_days: null, credit_limit: 50_000 }, after: { payment_terms_days: 30, credit_limit: 80_000 } });
  });

  it('refuses a customer overdue more than the settings days', async () => {
    clock.set('2026-06-01');
    const customer = await createVerifiedUser(ctx);
    await placeAndDeliver(ctx, customer, admin, 1);
    expect((await putSettings(ctx, admin, { credit_overdue_days_limit: 10 })).statusCode).toBe(200);
    clock.set('2026-06-11');
    expect((await placeOrder(ctx, customer)).res.statusCode).toBe(201);
    clock.set('2026-06-12');
    const refused = (await placeOrder(ctx, customer)).res;
    expect(refused.json()).toMatchObject({ code: 'credit_refused', reason: 'overdue' });
    await putSettings(ctx, admin, { credit_overdue_days_limit: null });
  });

  it('holds instead when the settings say so; an admin releases one and rejects another (cancelled, restocked)', async () => {
    clock.set('2026-06-01');
    const customer = await createVerifiedUser(ctx);
    await setCredit(ctx, admin, customer.userId, { credit_limit: 15_000 });
    await putSettings(ctx, admin, { credit_exceeded_action: 'hold' });
    const held = await placeOrder(ctx, customer, 2);
    const rejected = await placeOrder(ctx, customer, 3);
    await putSettings(ctx, admin, { credit_exceeded_action: 'refuse' });
    expect(held.res.statusCode).toBe(201);
    expect(held.order).toMatchObject({ status: 'Pendiente', credit_hold: 'pending' });
    // Rendered when it is sent: while the order is held, the admins' new-order e-mail says so.
    const adminMail = await ctx.pool.query(
      `select id::int, kind, recipient, order_id as "orderId", data from email_outbox where order_id = $1 and kind = 'admin_new_order' limit 1`,
      [held.order!.id],
    );
    const rendered = await createOrderEmailRenderer({ pool: ctx.pool, catalogName: 'Mayorista', appUrl: 'http://localhost', issuer: async () => null })(
      adminMail.rows[0],
    );
    expect(rendered.text).toContain('quedó retenido por crédito');
    const heldList = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/orders?credit_hold=pending&page_size=100',
      headers: admin.headers,
    });
    expect(
      heldList
        .json()
        .items.map((o: { id: string }) => o.id)
        .sort(),
    ).toEqual([held.order!.id, rejected.order!.id].sort());
    const move = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${held.order!.id}/status`,
      headers: admin.headers,
      payload: { status: 'Confirmado' },
    });
    expect(move.statusCode).toBe(409);
    const listener = new pg.Client({ connectionString: ctx.databaseUrl });
    await listener.connect();
    await listener.query('listen orders_insert');
    const heard = new Promise<Record<string, unknown>>((resolve) =>
      listener.on('notification', (n) => resolve(JSON.parse(n.payload!))),
    );
    const release = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${held.order!.id}/release`,
      headers: admin.headers,
      payload: {},
    });
    expect(release.statusCode, release.body).toBe(200);
    const notified = await heard;
    await listener.end();
    expect(JSON.parse(insertMessage(notified as never))).toMatchObject({
      event: 'CREDIT_RELEASED',
      payload: { record: { id: held.order!.id, credit_hold: 'released' } },
    });
    expect(release.json()).toMatchObject({ credit_hold: 'released', status: 'Pendiente' });
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/admin/orders/${held.order!.id}/release`,
          headers: admin.headers,
          payload: {},
        })
      ).statusCode,
    ).toBe(409);
    await deliver(ctx, admin, held.order!.id);
    const stock = await stockOf(ctx, rejected.product.id);
    const reject = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${rejected.order!.id}/reject-credit`,
      headers: admin.headers,
      payload: { reason: 'Saldo vencido' },
    });
    expect(reject.statusCode, reject.body).toBe(200);
    expect(reject.json()).toMatchObject({ status: 'Cancelado', credit_hold: 'rejected', credit_hold_reason: 'Saldo vencido' });
    expect(await stockOf(ctx, rejected.product.id)).toBe(stock + 3);
    const mails = await ctx.pool.query(
      `select kind from email_outbox where order_id = any($1::uuid[]) and kind like 'credit_hold_%' order by id`,
      [[held.order!.id, rejected.order!.id]],
    );
    expect(mails.rows.map((r) => r.kind)).toEqual(['credit_hold_released', 'credit_hold_rejected']);
  });

  it('a held order promises no delivery day until it is released; the rejection none at all', async () => {
    clock.set('2026-06-01');
    const customer = await createVerifiedUser(ctx);
    await setCredit(ctx, admin, customer.userId, { credit_limit: 15_000 });
    await putSettings(ctx, admin, { credit_exceeded_action: 'hold' });
    const released = (await placeOrder(ctx, customer, 2)).order!;
    const rejected = (await placeOrder(ctx, customer, 3)).order!;
    await putSettings(ctx, admin, { credit_exceeded_action: 'refuse' });
    // As if the customer's zone had given both a day (the e-mails read the order when sent).
    await ctx.pool.query(`update orders set delivery_date = '2026-06-05' where id = any($1::uuid[])`, [[released.id, rejected.id]]);
    const render = createOrderEmailRenderer({ pool: ctx.pool, catalogName: 'Mayorista', appUrl: 'http://localhost', issuer: async () => null });
    const mailOf = async (orderId: string, kind: string) => {
      const { rows } = await ctx.pool.query(
        `select id::int, kind, recipient, order_id as "orderId", data from email_outbox where order_id = $1 and kind = $2 order by id desc limit 1`,
        [orderId, kind],
      );
      return render(rows[0]);
    };
    const placed = await mailOf(released.id, 'order_placed');
    expect(placed.text).toContain('Quedó retenido por crédito');
    expect(placed.text).not.toContain('Entrega prevista');
    const admins = { headers: admin.headers, payload: {} };
    expect((await ctx.app.inject({ method: 'POST', url: `/api/admin/orders/${released.id}/release`, ...admins })).statusCode).toBe(200);
    const release = await mailOf(released.id, 'credit_hold_released');
    expect(release.subject).toBe(`Mayorista: tu pedido #${released.id.slice(0, 8)} fue liberado`);
    expect(release.text).toContain('Entrega prevista: viernes 05/06');
    const reject = await ctx.app.inject({ method: 'POST', url: `/api/admin/orders/${rejected.id}/reject-credit`, headers: admin.headers, payload: { reason: 'Saldo vencido' } });
    expect(reject.statusCode).toBe(200);
    const rejection = await mailOf(rejected.id, 'credit_hold_rejected');
    expect(rejection.subject).toBe(`Mayorista: tu pedido #${rejected.id.slice(0, 8)} fue rechazado por crédito`);
    expect(rejection.text).toContain('quedó cancelado: Saldo vencido');
    expect(rejection.text).not.toContain('Entrega prevista');
  });
});

describe('statement', () => {
  it('prints the opening balance, each movement of the period, the closing balance and what is overdue', async () => {
    clock.set('2026-05-01');
    const customer = await createVerifiedUser(ctx, { nombre: 'Kiosco', apellido: 'Don Pepe' });
    await placeAndDeliver(ctx, customer, admin, 1);
    clock.set('2026-06-02');
    await placeAndDeliver(ctx, customer, admin, 2);
    const paid = (await pay(ctx, admin, customer.userId, { amount: 5_000 })).json();
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/me/account/statement.pdf?from=2026-06-01&to=2026-06-30',
      headers: customer.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { text } = await pdfText(res.rawPayload);
    expect(text).toContain('Resumen de cuenta');
    expect(text).toContain('Kiosco Don Pepe');
    expect(text).toContain('Período: 01/06/2026 al 30/06/2026');
    expect(text).toMatch(new RegExp(`Saldo inicial\\s*${escape(money(10_000))}`));
    expect(text).toContain(`0001-${String(paid.receipt_number).padStart(8, '0')}`);
    expect(text).toMatch(new RegExp(`Saldo final\\s*${escape(money(25_000))}`));
    expect(text).toContain(`Vencido a la fecha: ${money(25_000)}`);
    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api/me/account/statement.pdf?from=2026-07-01&to=2026-06-01',
      headers: customer.headers,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the documents print the customer as the screens show them', () => {
  it('the receipt and the statement print the CUIT with its dashes; the statement, the reason of a credit note and of an adjustment', async () => {
    clock.set('2026-06-02');
    const customer = await createVerifiedUser(ctx, { nombre: 'Ana', apellido: 'Cuit' });
    await ctx.pool.query(`update profiles set cuit = '20312345677', razon_social = 'Almacén Ana SRL' where id = $1`, [customer.userId]);
    const order = await placeAndDeliver(ctx, customer, admin, 3);
    const post = async (path: string, payload: Record<string, unknown>) => {
      const res = await ctx.app.inject({ method: 'POST', url: `/api/admin/users/${customer.userId}/${path}`, headers: admin.headers, payload });
      expect(res.statusCode, res.body).toBe(201);
    };
    await post('credit-notes', { amount: 2_000, reason: 'Devolución de 2 unidades rotas', order_id: order.id });
    await post('adjustments', { amount: 50_000, reason: 'Saldo inicial de la libreta', due_date: '2026-06-10' });
    const paid = (await pay(ctx, admin, customer.userId, { amount: 5_000 })).json();

    const receipt = await ctx.app.inject({ method: 'GET', url: `/api/admin/payments/${paid.id}/pdf`, headers: admin.headers });
    expect(receipt.statusCode, receipt.body).toBe(200);
    const receiptText = (await pdfText(receipt.rawPayload)).text;
    expect(receiptText).toContain('CUIT 20-31234567-7');
    expect(receiptText).not.toContain('20312345677');

    const statement = await ctx.app.inject({ method: 'GET', url: '/api/me/account/statement.pdf?from=2026-06-01&to=2026-06-30', headers: customer.headers });
    expect(statement.statusCode, statement.body).toBe(200);
    const statementText = (await pdfText(statement.rawPayload)).text;
    expect(statementText).toContain('CUIT 20-31234567-7');
    expect(statementText).not.toContain('20312345677');
    // Each reason right after its own row, as the ledger on screen shows it.
    expect(statementText).toMatch(new RegExp(`Nota de crédito[^]*?${escape(money(-2_000))}[^]*?Devolución de 2 unidades rotas`));
    expect(statementText).toMatch(new RegExp(`Ajuste[^]*?${escape(money(50_000))}[^]*?Saldo inicial de la libreta`));
    expect(statementText.indexOf('Devolución de 2 unidades rotas')).toBeLessThan(statementText.indexOf('Saldo inicial de la libreta'));
  });
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
