import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { queueAccountReminders } from '../src/flows/account-reminders';
import { createAccountEmailRenderer, readCollectionFigures } from '../src/modules/receivables';
import { createAdmin, createStaff, createVerifiedUser } from './factories';
import { setupTestApp } from './helpers';
import { accountOf, money, pay, pdfText, placeAndDeliver, putSettings, setCredit, testClock } from './receivables-fixtures';

const clock = testClock('2026-03-01');
const ctx = await setupTestApp({ now: clock.now });
const admin = await createAdmin(ctx);

// Three customers: one with a charge in each aging bucket, one a favor, one with nothing.
clock.set('2026-03-01');
const late = await createVerifiedUser(ctx, { nombre: '=Almacén', apellido: 'Tardío' });
await placeAndDeliver(ctx, late, admin, 1); // due 2026-03-01 → 121 days late on 2026-06-30
clock.set('2026-05-15');
await placeAndDeliver(ctx, late, admin, 2); // 46 days
clock.set('2026-06-29');
await placeAndDeliver(ctx, late, admin, 3); // 1 day
const favor = await createVerifiedUser(ctx, { nombre: 'Kiosco', apellido: 'Pagador' });
await pay(ctx, admin, favor.userId, { amount: 5_000 });
const idle = await createVerifiedUser(ctx, { nombre: 'Sin', apellido: 'Movimientos' });
clock.set('2026-06-30');

const list = (query: string) => ctx.app.inject({ method: 'GET', url: `/api/admin/receivables?${query}`, headers: admin.headers });

describe('aging list', () => {
  it('puts each customer open amounts in the buckets at today, with the totals of the filter', async () => {
    const res = await list('filter=with_balance&sort=overdue');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const row = body.items.find((r: { customer_id: string }) => r.customer_id === late.userId);
    expect(row).toMatchObject({
      balance: 60_000,
      overdue: 60_000,
      aging: { al_dia: 0, d1_30: 30_000, d31_60: 20_000, d61_90: 0, over_90: 10_000 },
      oldest_due_date: '2026-03-01',
    });
    expect(body.items[0].customer_id).toBe(late.userId);
    expect(body.items.some((r: { customer_id: string }) => r.customer_id === idle.userId)).toBe(false);
    expect(body.totals.balance).toBe(60_000 - 5_000);
  });

  it('filters a favor and overdue, sorts by name, searches, and refuses an unknown sort', async () => {
    const favorOnly = (await list('filter=a_favor')).json();
    expect(favorOnly.items.map((r: { customer_id: string }) => r.customer_id)).toEqual([favor.userId]);
    expect((await list('filter=overdue')).json().items.map((r: { customer_id: string }) => r.customer_id)).toEqual([late.userId]);
    const all = (await list('filter=all&sort=name&dir=asc&page_size=200')).json();
    expect(all.items.some((r: { customer_id: string }) => r.customer_id === idle.userId)).toBe(true);
    expect((await list('filter=all&q=pagador')).json().items).toHaveLength(1);
    expect((await list('sort=drop table')).statusCode).toBe(400);
  });

  it('lists customers only, each by razón social first, found by it or by the CUIT typed with dashes', async () => {
    const staff = await Promise.all((['sales', 'warehouse', 'driver'] as const).map((role) => createStaff(ctx, role, { nombre: 'Personal', apellido: role })));
    const shop = await createVerifiedUser(ctx, { nombre: 'Marta', apellido: 'Gómez' });
    await ctx.pool.query(`update profiles set razon_social = 'Almacén La Esquina SRL', cuit = '20312345677' where id = $1`, [shop.userId]);
    const all = (await list('filter=all&sort=name&dir=asc&page_size=200')).json();
    const ids = all.items.map((r: { customer_id: string }) => r.customer_id);
    for (const person of [...staff, admin]) expect(ids).not.toContain(person.userId);
    expect(all.items.find((r: { customer_id: string }) => r.customer_id === shop.userId)?.name).toBe('Almacén La Esquina SRL');
    // Without a razón social the person's name, as before.
    expect(all.items.find((r: { customer_id: string }) => r.customer_id === idle.userId)?.name).toBe('Sin Movimientos');
    for (const q of ['la esquina', '20-31234567-7', '31234567', 'marta']) {
      expect((await list(`filter=all&q=${encodeURIComponent(q)}`)).json().items.map((r: { customer_id: string }) => r.customer_id), q).toEqual([shop.userId]);
    }
  });

  it('exports the same rows as XLSX (numbers in pesos) and CSV (formulas neutralised)', async () => {
    const xlsx = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/receivables.xlsx?filter=overdue',
      headers: admin.headers,
    });
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(xlsx.rawPayload).buffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Cliente');
    expect(sheet.getRow(2).getCell(1).value).toBe('=Almacén Tardío');
    expect(sheet.getRow(2).getCell(3).value).toBe(600);
    const csv = await ctx.app.inject({ method: 'GET', url: '/api/admin/receivables.csv?filter=overdue', headers: admin.headers });
    expect(csv.body).toContain("'=Almacén Tardío");
    expect(csv.body).toContain('600,00');
  });
});

describe('reminders', () => {
  it('e-mail before the due date and after it, each once a day, with the statement attached', async () => {
    clock.set('2026-07-01');
    const customer = await createVerifiedUser(ctx);
    await setCredit(ctx, admin, customer.userId, { payment_terms_days: 10 }); // due 2026-07-11
    await placeAndDeliver(ctx, customer, admin, 1);
    const remindersOf = async () =>
      (
        await ctx.pool.query(`select data from email_outbox where kind = 'account_reminder' and recipient = $1 order by id`, [
          customer.email,
        ])
      ).rows;
    clock.set('2026-07-08');
    expect(await queueAccountReminders({ pool: ctx.pool, now: clock.now })).toBe(0);
    await putSettings(ctx, admin, {
      reminder_before_due_enabled: true,
      reminder_days_before_due: 3,
      reminder_overdue_enabled: true,
      reminder_days_after_due: 5,
    });
    await queueAccountReminders({ pool: ctx.pool, now: clock.now });
    await queueAccountReminders({ pool: ctx.pool, now: clock.now });
    clock.set('2026-07-09');
    await queueAccountReminders({ pool: ctx.pool, now: clock.now });
    expect((await remindersOf()).map((r) => r.data)).toEqual([
      expect.objectContaining({ reminder: 'before_due', due_date: '2026-07-11', amount: 10_000, day: '2026-07-08' }),
    ]);
    clock.set('2026-07-16');
    await queueAccountReminders({ pool: ctx.pool, now: clock.now });
    clock.set('2026-07-18');
    await queueAccountReminders({ pool: ctx.pool, now: clock.now });
    clock.set('2026-07-21');
    await queueAccountReminders({ pool: ctx.pool, now: clock.now });
    const kinds = (await remindersOf()).map((r) => `${r.data.reminder} ${r.data.day}`);
    expect(kinds).toEqual(['before_due 2026-07-08', 'overdue 2026-07-16', 'overdue 2026-07-21']);
    expect((await accountOf(ctx, customer)).overdue).toBe(10_000);

    const { rows } = await ctx.pool.query(
      `select id::int, kind, recipient, data from email_outbox where kind = 'account_reminder' and recipient = $1 order by id limit 1`,
      [customer.email],
    );
    // Who issues the documents (decision 082), as the sender reads it from the settings when it sends.
    const issuer = async () => ({ business_razon_social: 'Distribuidora Ñandú S.R.L.', business_cuit: '30712345671', business_address: null, business_iva_condition: null });
    const render = createAccountEmailRenderer({ pool: ctx.pool, catalogName: 'Mayorista', appUrl: 'http://localhost', issuer });
    const mail = await render(rows[0]);
    expect(mail.subject).toContain('11/07/2026');
    const { text } = await pdfText(mail.attachments![0]!.content as Buffer);
    expect(text).toContain('Resumen de cuenta');
    expect(text).toContain(money(10_000));
    expect(text).toMatch(/^Mayorista\nDistribuidora Ñandú S\.R\.L\.\nCUIT 30-71234567-1\nResumen de cuenta\n/);
    await putSettings(ctx, admin, { reminder_before_due_enabled: false, reminder_overdue_enabled: false });
  });
});

describe('collection figures (what a delivery day asks to collect)', () => {
  it('gives each customer asked for their own overdue sum and terms, and zero to one with nothing due', async () => {
    const figures = await readCollectionFigures(ctx.pool, [late.userId, favor.userId, idle.userId], '2026-06-30');
    const byId = new Map(figures.map((f) => [f.profile_id, f]));
    // Due 2026-03-01, 2026-05-15 + terms and 2026-06-29 + terms: every one of the three charges is past due on 06-30.
    expect(byId.get(late.userId)?.overdue).toBe(60_000);
    expect(byId.get(favor.userId)?.overdue).toBe(0);
    expect(byId.get(idle.userId)?.overdue).toBe(0);
    expect(figures).toHaveLength(3);
    // A day earlier the last charge (30,000, due 2026-06-29) is not overdue yet: 10,000 + 20,000.
    const before = await readCollectionFigures(ctx.pool, [late.userId], '2026-06-29');
    expect(before).toEqual([expect.objectContaining({ profile_id: late.userId, overdue: 30_000 })]);
  });
});
