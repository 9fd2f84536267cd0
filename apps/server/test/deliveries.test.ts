import { writeFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { ARGENTINA_NATIONAL_HOLIDAYS } from '@mayorista/core/delivery-holidays';
import { messages } from '@mayorista/core/messages';
import { createAdmin, createStaff, createVerifiedUser, type TestUser } from './factories';
import { setupTestApp } from './helpers';
import { pdfText, placeOrder, setCredit } from './receivables-fixtures';

// Repartos (decision 049) against a real PostgreSQL, with the business clock injected as an instant.
let now = new Date('2026-11-25T15:00:00Z'); // Wednesday 12:00 in Buenos Aires
const ctx = await setupTestApp({ now: () => now });
const admin = await createAdmin(ctx);
const texts = messages.deliveries;

const api = (user: TestUser, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: user.headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

let zoneCount = 0;
async function zone(weekdays: number[], cutoff = { cutoff_days_before: 1, cutoff_time: '18:00' }, extra: Record<string, unknown> = {}) {
  const res = await api(admin, 'POST', '/api/admin/zones', { name: `Zona ${++zoneCount} ${Date.now()}`, weekdays, ...cutoff, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; name: string };
}

async function customerIn(zoneId: number | null, stop: number | null = null) {
  const customer = await createVerifiedUser(ctx);
  expect((await api(admin, 'PATCH', `/api/admin/users/${customer.userId}/zone`, { zone_id: zoneId, stop_position: stop })).statusCode).toBe(204);
  return customer;
}

const statusTo = async (orderId: string, ...statuses: string[]) => {
  for (const status of statuses) expect((await api(admin, 'POST', `/api/admin/orders/${orderId}/status`, { status })).statusCode).toBe(200);
};

describe('zones and feriados', () => {
  it('the national holidays are preloaded, the same list as core', async () => {
    const res = await api(admin, 'GET', '/api/admin/holidays');
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.json().holidays).toEqual(ARGENTINA_NATIONAL_HOLIDAYS.map((h) => ({ date: h.date, name: h.name })));
  });

  it('refuses a zone without weekdays, a cut-off after the delivery, a repeated name; a zone with customers is not deleted', async () => {
    const bad = await api(admin, 'POST', '/api/admin/zones', { name: 'Sin días', weekdays: [], cutoff_days_before: 1, cutoff_time: '18:00' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(texts.noWeekdays);
    const after = await api(admin, 'POST', '/api/admin/zones', { name: 'Tarde', weekdays: [2], cutoff_days_before: -1, cutoff_time: '18:00' });
    expect(after.json().message).toBe(texts.cutoffAfterDelivery);
    const z = await zone([2, 5]);
    const twice = await api(admin, 'POST', '/api/admin/zones', { name: z.name.toUpperCase(), weekdays: [1], cutoff_days_before: 0, cutoff_time: '08:00' });
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'zone_name_taken']);
    await customerIn(z.id);
    const del = await api(admin, 'DELETE', `/api/admin/zones/${z.id}`);
    expect([del.statusCode, del.json().code, del.json().message]).toEqual([409, 'zone_in_use', texts.zoneInUse]);
    const patched = await api(admin, 'PATCH', `/api/admin/zones/${z.id}`, { cutoff_time: '17:30', min_order: 50_000 });
    expect(patched.json()).toMatchObject({ cutoff_time: '17:30', min_order: 50_000, customers: 1, weekdays: [2, 5] });
  });

  it("reads and sets a customer's zone and stop; the zones answer lists the approved customers in none; an unknown customer is 404", async () => {
    const z = await zone([3]);
    const customer = await createVerifiedUser(ctx);
    const withoutZone = async () => (await api(admin, 'GET', '/api/admin/zones')).json().customers_without_zone.map((c: { id: string }) => c.id);
    expect((await api(admin, 'GET', `/api/admin/users/${customer.userId}/zone`)).json()).toEqual({ zone_id: null, stop_position: null });
    expect(await withoutZone()).toContain(customer.userId);
    expect(await withoutZone()).not.toContain(admin.userId);
    expect((await api(admin, 'PATCH', `/api/admin/users/${customer.userId}/zone`, { zone_id: z.id, stop_position: 4 })).statusCode).toBe(204);
    expect((await api(admin, 'GET', `/api/admin/users/${customer.userId}/zone`)).json()).toEqual({ zone_id: z.id, stop_position: 4 });
    expect(await withoutZone()).not.toContain(customer.userId);
    const unknown = await api(admin, 'PATCH', '/api/admin/users/00000000-0000-4000-8000-000000000000/zone', { zone_id: z.id, stop_position: null });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'not_found']);
    const badStop = await api(admin, 'PATCH', `/api/admin/users/${customer.userId}/zone`, { zone_id: z.id, stop_position: 0 });
    expect([badStop.statusCode, badStop.json().message]).toEqual([400, texts.invalidStopPosition]);
    // The zone form's driver select: the staff with the repartidor role, and no one else.
    const driver = await createStaff(ctx, 'driver');
    const drivers = (await api(admin, 'GET', '/api/admin/zones')).json().drivers.map((d: { id: string }) => d.id);
    expect(drivers).toContain(driver.userId);
    expect(drivers).not.toContain(admin.userId);
    expect(drivers).not.toContain(customer.userId);
  });

  it('a customer asks its zone and next date before anything is validated by a stranger', async () => {
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/me/delivery' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the promised date', () => {
  it('before the cut-off: tomorrow; at the cut-off: the next delivery day; stored on the order; no zone: no date', async () => {
    const z = await zone([4, 5]); // jueves y viernes, día anterior 18:00
    const customer = await customerIn(z.id);
    now = new Date('2026-11-25T20:59:00Z'); // Wednesday 17:59 in Buenos Aires
    const me = (await api(customer, 'GET', '/api/me/delivery')).json();
    expect(me.next_delivery).toMatchObject({ date: '2026-11-26', text: 'Llega el jueves 26/11 — pedí antes del miércoles 25/11 a las 18:00' });
    const { order, res } = await placeOrder(ctx, customer);
    expect(order!.delivery_date).toBe('2026-11-26');
    // The WhatsApp text, the order PDF, the cart and the order read back all carry it.
    expect(decodeURIComponent(res.json().whatsapp_url)).toContain('*Entrega prevista: jueves 26/11*');
    const pdf = await api(customer, 'GET', `/api/orders/${order!.id}/pdf`);
    expect((await pdfText(pdf.rawPayload)).text).toContain('Entrega prevista: jueves 26/11');
    expect((await api(customer, 'GET', `/api/orders/${order!.id}`)).json().delivery_date).toBe('2026-11-26');
    expect((await api(customer, 'GET', '/api/cart')).json().delivery).toMatchObject({ date: '2026-11-26', cutoff_time: '18:00' });
    now = new Date('2026-11-25T21:00:00Z'); // 18:00: too late for Thursday
    expect((await placeOrder(ctx, customer)).order!.delivery_date).toBe('2026-11-27');
    const stranger = await customerIn(null);
    expect((await api(stranger, 'GET', '/api/me/delivery')).json()).toEqual({ zone: null, next_delivery: null });
    expect((await placeOrder(ctx, stranger)).order!.delivery_date).toBeNull();
  });

  it("the admin's order list carries each order's date, and null for a customer without a zone", async () => {
    now = new Date('2026-11-25T15:00:00Z'); // Wednesday 12:00: before Wednesday's 18:00 cut-off
    const z = await zone([4]);
    const dated = await customerIn(z.id);
    const undated = await customerIn(null);
    const withDate = (await placeOrder(ctx, dated)).order!;
    const withoutDate = (await placeOrder(ctx, undated)).order!;
    const listed = async (customer: TestUser) => {
      const res = await api(admin, 'GET', `/api/admin/orders?customer=${encodeURIComponent(customer.email)}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().items.map((o: { id: string; delivery_date: string | null }) => [o.id, o.delivery_date]);
    };
    expect(await listed(dated)).toEqual([[withDate.id, '2026-11-26']]);
    expect(await listed(undated)).toEqual([[withoutDate.id, null]]);
  });

  it("the zone's minimum order applies when it is above the business's", async () => {
    now = new Date('2026-11-25T15:00:00Z');
    const z = await zone([1, 2, 3, 4, 5], undefined, { min_order: 1_000_000 });
    const customer = await customerIn(z.id);
    const { res } = await placeOrder(ctx, customer);
    expect([res.statusCode, res.json().code]).toEqual([422, 'below_minimum_order']);
  });
});

describe('planning a day', () => {
  it('lists Confirmado/Preparado orders per zone in stop order with bultos and what to collect; reorders; refuses a wrong list', async () => {
    now = new Date('2026-11-25T15:00:00Z');
    const z = await zone([4]);
    const contado = await customerIn(z.id, 2);
    const terms = await customerIn(z.id, 1);
    expect((await setCredit(ctx, admin, terms.userId, { payment_terms_days: 30 })).statusCode).toBe(200);
    const a = (await placeOrder(ctx, contado, 3)).order!;
    const b = (await placeOrder(ctx, terms, 2)).order!;
    const pending = (await placeOrder(ctx, terms, 1)).order!; // stays Pendiente: not on the route
    await statusTo(a.id, 'Confirmado');
    await statusTo(b.id, 'Confirmado', 'Preparado');
    const day = (await api(admin, 'GET', '/api/admin/deliveries?date=2026-11-26')).json();
    const mine = day.zones.find((x: { zone_id: number }) => x.zone_id === z.id);
    expect(mine.stops.map((s: { order_id: string }) => s.order_id)).toEqual([b.id, a.id]);
    expect(mine.stops[1]).toMatchObject({ stop: 2, bultos: 3, total: 30_000, to_collect: 30_000 });
    expect(mine.stops[0]).toMatchObject({ stop: 1, bultos: 2, to_collect: 0 });
    expect(mine.totals).toEqual({ orders: 2, bultos: 5, weight_grams: null, amount: 50_000, to_collect: 30_000 });
    expect(mine.stops.some((s: { order_id: string }) => s.order_id === pending.id)).toBe(false);

    expect((await api(admin, 'PUT', `/api/admin/deliveries/2026-11-26/${z.id}/stops`, { order_ids: [a.id, b.id] })).statusCode).toBe(204);
    const again = (await api(admin, 'GET', '/api/admin/deliveries?date=2026-11-26')).json();
    expect(again.zones.find((x: { zone_id: number }) => x.zone_id === z.id).stops.map((s: { order_id: string }) => s.order_id)).toEqual([a.id, b.id]);
    const wrong = await api(admin, 'PUT', `/api/admin/deliveries/2026-11-26/${z.id}/stops`, { order_ids: [a.id, a.id] });
    expect([wrong.statusCode, wrong.json().message]).toEqual([422, texts.stopsMismatch]);
    // An unknown zone is 404 even with nothing to order, and leaves no audit row.
    const auditBefore = Number((await ctx.pool.query(`select count(*) from audit_log`)).rows[0].count);
    const nowhere = await api(admin, 'PUT', `/api/admin/deliveries/2026-11-26/999999/stops`, { order_ids: [] });
    expect([nowhere.statusCode, nowhere.json().message]).toEqual([404, texts.zoneNotFound]);
    expect(Number((await ctx.pool.query(`select count(*) from audit_log`)).rows[0].count)).toBe(auditBefore);

    // The Hoja de ruta (stops in that order, what to collect) and the Hoja de carga (units per product), PDF and XLSX.
    const route = await api(admin, 'GET', `/api/admin/deliveries/2026-11-26/${z.id}/route.pdf`);
    expect([route.statusCode, route.headers['content-type'], route.headers['cache-control']]).toEqual([200, 'application/pdf', 'private, no-store']);
    const routeText = (await pdfText(route.rawPayload)).text;
    expect(routeText).toContain('Hoja de ruta');
    expect(routeText).toContain('jueves 26/11');
    expect(routeText).toContain('A cobrar');
    expect(routeText).toContain('2 pedidos · 5 bultos');
    const load = await api(admin, 'GET', `/api/admin/deliveries/2026-11-26/${z.id}/load.pdf`);
    expect((await pdfText(load.rawPayload)).text).toContain('Hoja de carga');
    const xlsx = await api(admin, 'GET', `/api/admin/deliveries/2026-11-26/${z.id}/load.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const quantities = book.worksheets[0]!.getSheetValues().slice(2).map((r) => (r as unknown[])[2]);
    expect(quantities.sort()).toEqual([2, 3]);
    if (process.env.REPARTOS_PDF_DIR) {
      writeFileSync(`${process.env.REPARTOS_PDF_DIR}/hoja-de-ruta.pdf`, route.rawPayload);
      writeFileSync(`${process.env.REPARTOS_PDF_DIR}/hoja-de-carga.pdf`, load.rawPayload);
    }
  });

  it('the sheets count "1 pedido · 1 bulto" in the singular and print the phone as the screens do, PDF and XLSX', async () => {
    now = new Date('2026-11-25T15:00:00Z');
    const z = await zone([4]);
    const customer = await customerIn(z.id, 1);
    await ctx.pool.query(`update profiles set whatsapp = '5491155551234' where id = $1`, [customer.userId]);
    const { order } = await placeOrder(ctx, customer, 1);
    await statusTo(order!.id, 'Confirmado');
    const routePdf = (await api(admin, 'GET', `/api/admin/deliveries/2026-11-26/${z.id}/route.pdf`)).rawPayload;
    if (process.env.REPARTOS_PDF_DIR) writeFileSync(`${process.env.REPARTOS_PDF_DIR}/hoja-de-ruta-un-pedido.pdf`, routePdf);
    const route = (await pdfText(routePdf)).text;
    expect(route).toContain('1 pedido · 1 bulto ·');
    expect(route).not.toContain('1 pedidos');
    expect(route).toContain('+54 9 11 5555-1234');
    expect(route).not.toContain('5491155551234');
    const load = (await pdfText((await api(admin, 'GET', `/api/admin/deliveries/2026-11-26/${z.id}/load.pdf`)).rawPayload)).text;
    expect(load).toContain('1 pedido · 1 bulto');
    expect(load).not.toMatch(/1 pedidos|1 bultos/);
    const xlsx = await api(admin, 'GET', `/api/admin/deliveries/2026-11-26/${z.id}/route.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const phoneColumn = (sheet.getRow(1).values as unknown[]).indexOf('Teléfono');
    expect(sheet.getRow(2).getCell(phoneColumn).value).toBe('+54 9 11 5555-1234');
  });

  it('weighs each stop and the zone when every product has a weight (the product editor sets it), "—" on the route sheet otherwise', async () => {
    now = new Date('2026-11-25T15:00:00Z');
    const z = await zone([4]);
    const weighed = await api(admin, 'POST', '/api/products', { name: `Harina ${Date.now()}`, price: 10_000, retail_price: 12_000, stock: 100, weight_grams: 1_500 });
    expect([weighed.statusCode, weighed.json().weight_grams]).toEqual([201, 1_500]);
    const light = await api(admin, 'POST', '/api/products', { name: `Té ${Date.now()}`, price: 10_000, retail_price: 12_000, stock: 100, weight_grams: 0 });
    expect([light.statusCode, light.json().message]).toEqual([400, 'El peso tiene que ser mayor que cero (dejalo vacío si no lo sabés).']);
    const first = await customerIn(z.id, 1);
    const second = await customerIn(z.id, 2);
    const place = async (customer: TestUser, productId: string, quantity: number) => {
      const res = await api(customer, 'POST', '/api/orders', { items: [{ product_id: productId, quantity }] });
      expect(res.statusCode, res.body).toBe(201);
      await statusTo(res.json().order.id, 'Confirmado');
    };
    await place(first, weighed.json().id, 3);
    const { order: unweighed, product } = await placeOrder(ctx, second, 2);
    await statusTo(unweighed!.id, 'Confirmado');
    const dayOf = async () => (await api(admin, 'GET', '/api/admin/deliveries?date=2026-11-26')).json().zones.find((x: { zone_id: number }) => x.zone_id === z.id);
    let mine = await dayOf();
    expect(mine.stops.map((s: { weight_grams: number | null }) => s.weight_grams)).toEqual([4_500, null]);
    expect(mine.totals.weight_grams).toBeNull();
    const route = await api(admin, 'GET', `/api/admin/deliveries/2026-11-26/${z.id}/route.pdf`);
    const text = (await pdfText(route.rawPayload)).text;
    expect(text).toContain('Peso: —');
    expect(text).toContain('4,5 kg');

    await ctx.pool.query('update products set weight_grams = 250 where id = $1', [product.id]);
    mine = await dayOf();
    expect(mine.stops.map((s: { weight_grams: number | null }) => s.weight_grams)).toEqual([4_500, 500]);
    expect(mine.totals.weight_grams).toBe(5_000);
    const xlsx = await api(admin, 'GET', `/api/admin/deliveries/2026-11-26/${z.id}/route.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0]!.getSheetValues().slice(1) as unknown[][];
    const column = rows[0]!.indexOf('Peso (kg)');
    expect(rows.slice(1).map((r) => r[column])).toEqual([4.5, 0.5]);
  });

  it('moves an order to another delivery day; refuses a past date, a weekday the zone skips and a feriado, changing nothing', async () => {
    now = new Date('2026-11-25T15:00:00Z');
    const z = await zone([2]); // martes
    const customer = await customerIn(z.id);
    const order = (await placeOrder(ctx, customer)).order!;
    expect(order.delivery_date).toBe('2026-12-01');
    const move = (date: string) => api(admin, 'PATCH', `/api/admin/orders/${order.id}/delivery-date`, { date });
    const past = await move('2026-11-24');
    expect([past.statusCode, past.json().code, past.json().message]).toEqual([422, 'delivery_date_invalid', texts.pastDate]);
    expect((await move('2026-12-02')).json().message).toBe('La zona no entrega los miércoles.');
    expect((await move('2026-12-08')).json().message).toBe(texts.holidayDate);
    expect((await move('2026-12-31')).json().message).toBe(texts.notDeliveryWeekday('jueves'));
    const { rows } = await ctx.pool.query(`select to_char(delivery_date, 'YYYY-MM-DD') as d from orders where id = $1`, [order.id]);
    expect(rows[0].d).toBe('2026-12-01');
    const ok = await move('2026-12-15');
    expect([ok.statusCode, ok.json().delivery_date]).toEqual([200, '2026-12-15']);
    // The answer carries the order's new updated_at (what a later edit's check compares), not the old one.
    const stored = await ctx.pool.query(`select updated_at from orders where id = $1`, [order.id]);
    expect(ok.json().updated_at).toBe(stored.rows[0].updated_at.toISOString());
    expect(ok.json().updated_at).not.toBe(order.updated_at);
    await statusTo(order.id, 'Cancelado');
    expect((await move('2026-12-22')).json().code).toBe('order_not_plannable');
  });
});
