import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createAdmin, createStaff, createVerifiedUser, type TestUser } from './factories';
import { setupTestApp } from './helpers';
import { placeOrder } from './receivables-fixtures';

// The day's result (decision 066), against a real PostgreSQL with the clock injected: a finished
// stop keeps the number of the route sheet and is listed apart with what happened and what was
// collected, for the driver and in the owner's Repartos.
const now = new Date('2026-11-26T13:00:00Z'); // Thursday 10:00 in Buenos Aires
const ctx = await setupTestApp({ now: () => now });
const admin = await createAdmin(ctx);
const driver = await createStaff(ctx, 'driver');

const api = (user: TestUser, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: user.headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const zoneRes = await api(admin, 'POST', '/api/admin/zones', {
  name: 'Zona Oeste',
  weekdays: [1, 4],
  cutoff_days_before: 1,
  cutoff_time: '18:00',
  driver_id: driver.userId,
});
const zone = zoneRes.json() as { id: number };

/** A customer of the zone with a Confirmado order of `units` × $100 for today. */
async function orderForToday(units: number) {
  const customer = await createVerifiedUser(ctx);
  await api(admin, 'PATCH', `/api/admin/users/${customer.userId}/zone`, { zone_id: zone.id, stop_position: 1 });
  const { order } = await placeOrder(ctx, customer, units);
  expect((await api(admin, 'POST', `/api/admin/orders/${order!.id}/status`, { status: 'Confirmado' })).statusCode).toBe(200);
  expect((await api(admin, 'PATCH', `/api/admin/orders/${order!.id}/delivery-date`, { date: '2026-11-26' })).statusCode).toBe(
    200,
  );
  return order!;
}

type Listed = { order_id: string; stop: number };
const pairs = (list: Listed[]) => list.map((s) => [s.order_id, s.stop]);

describe('the day’s route after the driver’s visits', () => {
  it('keeps the route sheet’s numbers, lists the finished stops with their result, for the driver and the owner', async () => {
    const [a, b, c] = [await orderForToday(1), await orderForToday(2), await orderForToday(3)];
    // The owner orders the route c, a, b: the route sheet reads 1 c, 2 a, 3 b.
    const put = await api(admin, 'PUT', `/api/admin/deliveries/2026-11-26/${zone.id}/stops`, { order_ids: [c.id, a.id, b.id] });
    expect(put.statusCode, put.body).toBe(204);

    const delivered = await api(driver, 'POST', `/api/driver/orders/${c.id}/delivered`, {
      collected: { amount: 200_00, method: 'cash' },
      idempotency_key: randomUUID(),
    });
    expect(delivered.statusCode, delivered.body).toBe(201);
    const refused = await api(driver, 'POST', `/api/driver/orders/${a.id}/not-delivered`, {
      reason: 'rechazado',
      note: 'No lo pidió',
    });
    expect(refused.statusCode, refused.body).toBe(200);

    const day = (await api(driver, 'GET', '/api/driver/stops')).json();
    expect(pairs(day.stops)).toEqual([[b.id, 3]]);
    expect(pairs(day.done)).toEqual([
      [c.id, 1],
      [a.id, 2],
    ]);
    expect(day.done[0]).toMatchObject({
      outcome: 'delivered',
      total: 300_00,
      collected: { amount: 200_00, method: 'cash' },
      reason: null,
      zone_name: 'Zona Oeste',
    });
    expect(day.done[1]).toMatchObject({
      outcome: 'not_delivered',
      reason: 'rechazado',
      note: 'No lo pidió',
      rescheduled_to: '2026-11-30',
      collected: null,
    });

    const owner = (await api(admin, 'GET', '/api/admin/deliveries?date=2026-11-26')).json();
    const ownerZone = owner.zones.find((z: { zone_id: number }) => z.zone_id === zone.id);
    expect(pairs(ownerZone.stops)).toEqual([[b.id, 3]]);
    expect(pairs(ownerZone.done)).toEqual([
      [c.id, 1],
      [a.id, 2],
    ]);
    expect(ownerZone.totals).toMatchObject({ orders: 1, amount: 200_00 });

    // The last stop delivered: nothing left to deliver, the day's three results remain.
    expect(
      (await api(driver, 'POST', `/api/driver/orders/${b.id}/delivered`, { idempotency_key: randomUUID() })).statusCode,
    ).toBe(201);
    const end = (await api(driver, 'GET', '/api/driver/stops')).json();
    expect(end.stops).toEqual([]);
    expect(pairs(end.done)).toEqual([
      [c.id, 1],
      [a.id, 2],
      [b.id, 3],
    ]);
    const after = (await api(admin, 'GET', '/api/admin/deliveries?date=2026-11-26')).json();
    expect(after.zones.find((z: { zone_id: number }) => z.zone_id === zone.id)).toMatchObject({
      stops: [],
      totals: { orders: 0 },
    });

    // The refused order is on the 30th's route as a stop to deliver, not as finished there.
    const moved = (await api(admin, 'GET', '/api/admin/deliveries?date=2026-11-30')).json();
    const movedZone = moved.zones.find((z: { zone_id: number }) => z.zone_id === zone.id);
    expect([pairs(movedZone.stops), movedZone.done]).toEqual([[[a.id, 1]], []]);
    // The route sheet of the 26th lists only what is still to deliver: nothing.
    const sheet = await api(admin, 'GET', `/api/admin/deliveries/2026-11-26/${zone.id}/route.xlsx`);
    expect(sheet.statusCode).toBe(200);
  });
});
