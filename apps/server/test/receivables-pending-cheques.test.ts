import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { queueAccountReminders } from '../src/flows/account-reminders';
import { createAdmin, createVerifiedUser } from './factories';
import { setupTestApp } from './helpers';
import { accountOf, money, pay, pdfText, placeAndDeliver, putSettings, setCredit, testClock } from './receivables-fixtures';

// A QA tester's account on 30 días with a limit: two charges ($ 35.700 and $ 40.500), cash, a
// transfer and a cheque dated 15/12. The balance counts the cheque the day it is received; the
// aging and what is overdue count it from its date. The difference is "Cheques a cobrar".
const clock = testClock('2026-11-26');
const ctx = await setupTestApp({ now: clock.now });
const admin = await createAdmin(ctx);

const CHEQUE = { amount: 3_446_544, method: 'cheque', bank: 'Banco Nación', cheque_number: '4455', cheque_date: '2026-12-15' };

interface Row {
  customer_id: string;
  balance: number;
  overdue: number;
  pending_cheques: number;
  aging: Record<string, number>;
}

async function agingRow(customerId: string): Promise<{ row: Row; totals: Row }> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/receivables?filter=all&page_size=200', headers: admin.headers });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return { row: body.items.find((r: Row) => r.customer_id === customerId), totals: body.totals };
}

const bucketsOf = (row: Pick<Row, 'aging'>) => Object.values(row.aging).reduce((sum, amount) => sum + amount, 0);

async function qaAccount(chequeDate = CHEQUE.cheque_date) {
  clock.set('2026-11-26');
  const customer = await createVerifiedUser(ctx, { nombre: 'Almacén', apellido: 'Don Tito' });
  expect((await setCredit(ctx, admin, customer.userId, { payment_terms_days: 30, credit_limit: 10_000_000 })).statusCode).toBe(200);
  await placeAndDeliver(ctx, customer, admin, 357); // $ 35.700, due 26/12
  await placeAndDeliver(ctx, customer, admin, 405); // $ 40.500, due 26/12
  expect((await pay(ctx, admin, customer.userId, { amount: 123_456 })).statusCode).toBe(201);
  expect((await pay(ctx, admin, customer.userId, { amount: 2_000_000, method: 'transfer' })).statusCode).toBe(201);
  const cheque = await pay(ctx, admin, customer.userId, { ...CHEQUE, cheque_date: chequeDate });
  expect(cheque.statusCode, cheque.body).toBe(201);
  return { customer, chequeId: cheque.json().id as number };
}

describe('a post-dated cheque in the drawer', () => {
  it('the aging row names it "Cheques a cobrar": the buckets less the cheques are the balance', async () => {
    const { customer } = await qaAccount();
    const { row, totals } = await agingRow(customer.userId);
    expect(row).toMatchObject({ balance: 2_050_000, overdue: 0, pending_cheques: 3_446_544 });
    expect(row.aging.al_dia).toBe(5_496_544);
    expect(bucketsOf(row) - row.pending_cheques).toBe(row.balance);
    expect(totals.pending_cheques).toBeGreaterThanOrEqual(3_446_544);
    // Across customers, money a favor (unapplied) is in the balances but in no bucket.
    expect(bucketsOf(totals) - totals.pending_cheques).toBeGreaterThanOrEqual(totals.balance);
  });

  it('"Próximo vencimiento" is what is still to pay, never more than the balance; the summary says what cheques pay', async () => {
    const { customer } = await qaAccount();
    expect(await accountOf(ctx, customer)).toMatchObject({
      balance: 2_050_000,
      overdue: 0,
      pending_cheques: 3_446_544,
      next_due: { date: '2026-12-26', amount: 2_050_000 },
    });
  });

  it('what a cheque pays stays overdue until its date, named beside it; on its date it is paid and the difference goes', async () => {
    clock.set('2026-11-01');
    const customer = await createVerifiedUser(ctx);
    await placeAndDeliver(ctx, customer, admin, 3); // Contado: due 01/11
    expect((await pay(ctx, admin, customer.userId, { ...CHEQUE, amount: 20_000, cheque_date: '2026-11-20' })).statusCode).toBe(201);
    clock.set('2026-11-10');
    expect((await agingRow(customer.userId)).row).toMatchObject({
      balance: 10_000,
      overdue: 30_000,
      pending_cheques: 20_000,
      aging: { al_dia: 0, d1_30: 30_000 },
    });
    expect(await accountOf(ctx, customer)).toMatchObject({ balance: 10_000, overdue: 30_000, pending_cheques: 20_000, next_due: null });
    clock.set('2026-11-20');
    const { row } = await agingRow(customer.userId);
    expect(row).toMatchObject({ balance: 10_000, overdue: 10_000, pending_cheques: 0 });
    expect(bucketsOf(row)).toBe(row.balance);
  });

  it('a reversed cheque is no longer to cash: the buckets are the balance again', async () => {
    const { customer, chequeId } = await qaAccount();
    const reversed = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${chequeId}/reverse`,
      headers: admin.headers,
      payload: { reason: 'Cheque rechazado por falta de fondos' },
    });
    expect(reversed.statusCode, reversed.body).toBe(201);
    const { row } = await agingRow(customer.userId);
    expect(row).toMatchObject({ balance: 5_496_544, pending_cheques: 0 });
    expect(bucketsOf(row)).toBe(row.balance);
    expect((await accountOf(ctx, customer)).pending_cheques).toBe(0);
  });

  it('the spreadsheet has the "Cheques a cobrar" column, in pesos', async () => {
    const { customer } = await qaAccount();
    await ctx.pool.query(`update profiles set razon_social = 'Cheques Pendientes SRL' where id = $1`, [customer.userId]);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/receivables.xlsx?filter=all&q=Cheques%20Pendientes',
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(res.rawPayload).buffer);
    const sheet = book.worksheets[0]!;
    const headings = (sheet.getRow(1).values as unknown[]).slice(1);
    const at = headings.indexOf('Cheques a cobrar') + 1;
    expect(at).toBeGreaterThan(0);
    expect(sheet.getRow(2).getCell(1).value).toBe('Cheques Pendientes SRL');
    expect(sheet.getRow(2).getCell(at).value).toBe(34_465.44);
  });

  it('the reminder before the due date asks for what is still to pay; the statement names the cheques beside what is overdue', async () => {
    // A cheque dated after the due date: on 23/12 it is still in the drawer.
    const { customer } = await qaAccount('2026-12-30');
    await putSettings(ctx, admin, { reminder_before_due_enabled: true, reminder_days_before_due: 3 });
    clock.set('2026-12-23');
    await queueAccountReminders({ pool: ctx.pool, now: clock.now });
    await putSettings(ctx, admin, { reminder_before_due_enabled: false });
    const { rows } = await ctx.pool.query(`select data from email_outbox where kind = 'account_reminder' and recipient = $1`, [customer.email]);
    expect(rows.map((r) => r.data)).toEqual([expect.objectContaining({ reminder: 'before_due', due_date: '2026-12-26', amount: 2_050_000 })]);
    const statement = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/users/${customer.userId}/account/statement.pdf?from=2026-11-01&to=2026-12-23`,
      headers: admin.headers,
    });
    expect(statement.statusCode).toBe(200);
    const { text } = await pdfText(statement.rawPayload);
    expect(text).toContain(`Cheques a cobrar: ${money(3_446_544)}`);
  });

  it('a cheque larger than what is owed: what it pays is a cheque to collect, the rest is money a favor at once', async () => {
    clock.set('2026-11-01');
    const customer = await createVerifiedUser(ctx);
    await placeAndDeliver(ctx, customer, admin, 3); // $ 300 on Contado, due today
    clock.set('2026-11-10');
    expect((await pay(ctx, admin, customer.userId, { ...CHEQUE, amount: 50_000, cheque_date: '2026-11-20' })).statusCode).toBe(201);
    const { row } = await agingRow(customer.userId);
    expect(row).toMatchObject({ balance: -20_000, overdue: 30_000, pending_cheques: 30_000 });
    // saldo = vencido + al día − cheques a cobrar − saldo a favor ($ 200 not applied to anything).
    expect(bucketsOf(row) - row.pending_cheques - 20_000).toBe(row.balance);
  });

  it('a statement of a past period names only the cheques in the drawer at its end, not what was paid after it', async () => {
    clock.set('2026-10-01');
    const customer = await createVerifiedUser(ctx);
    expect((await setCredit(ctx, admin, customer.userId, { payment_terms_days: 30, credit_limit: null })).statusCode).toBe(200);
    await placeAndDeliver(ctx, customer, admin, 3); // $ 300
    await placeAndDeliver(ctx, customer, admin, 2); // $ 200
    clock.set('2026-11-05');
    expect((await pay(ctx, admin, customer.userId, { amount: 30_000, method: 'transfer' })).statusCode).toBe(201);
    clock.set('2026-11-06');
    const cheque = { ...CHEQUE, amount: 20_000, cheque_date: '2026-12-10' };
    expect((await pay(ctx, admin, customer.userId, cheque)).statusCode).toBe(201);
    const statement = async (to: string) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/admin/users/${customer.userId}/account/statement.pdf?from=2026-10-01&to=${to}`,
        headers: admin.headers,
      });
      expect(res.statusCode).toBe(200);
      return (await pdfText(res.rawPayload)).text;
    };
    // On 31/10 neither the transfer nor the cheque had arrived: $ 500 owed, no cheque to collect.
    const october = await statement('2026-10-31');
    expect(october).toContain(money(50_000));
    expect(october).not.toContain('Cheques a cobrar');
    // Today the cheque is in the drawer, dated 10/12.
    expect(await statement('2026-11-06')).toContain(`Cheques a cobrar: ${money(20_000)}`);
  });
});
