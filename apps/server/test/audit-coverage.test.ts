import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { messages } from '@mayorista/core/messages';
import { insertOrder, insertProduct } from './admin-orders-fixtures';
import { createStaff, createSuperAdmin, createVerifiedUser, type TestUser } from './factories';
import { setupTestApp } from './helpers';
import { multipart } from './import-fixtures';
import { routePermissions } from './route-permissions';
import { auditedRoutes, WRITE_METHODS, type AuditCaller, type AuditFixtures, type AuditRequest } from './route-audit';

// Every staff write leaves one audit row in its own transaction (decision 048), against a real
// PostgreSQL: the route table names each write's audit action, and each is called for real.
const now = new Date('2026-11-26T13:00:00Z'); // Thursday 10:00 in Buenos Aires
const ctx = await setupTestApp({ now: () => now, env: { RATE_LIMIT_AUTH_MAX: '100000', RATE_LIMIT_EMAIL_MAX: '100000' } });
const users: Record<AuditCaller, TestUser> = {
  owner: await createSuperAdmin(ctx, { nombre: 'Dueña', apellido: 'Auditora' }),
  sales: await createStaff(ctx, 'sales'),
  driver: await createStaff(ctx, 'driver'),
};
const ROLES: Record<AuditCaller, string> = { owner: 'owner', sales: 'sales', driver: 'driver' };

async function api(user: TestUser, request: AuditRequest) {
  const res = await ctx.app.inject({ ...request, headers: { ...request.headers, ...user.headers } });
  expect(res.statusCode, `${request.method} ${request.url}: ${res.body.slice(0, 300)}`).toBeLessThan(300);
  return res;
}
const owner = (request: AuditRequest) => api(users.owner, request);

const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#cc3300' } }).png().toBuffer();
const pngUpload = () => {
  const boundary = `----audit${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="foto.png"\r\nContent-Type: image/png\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

const driverZone = (await owner({ method: 'POST', url: '/api/admin/zones', payload: { name: 'Zona Auditada', weekdays: [1, 4], cutoff_days_before: 1, cutoff_time: '18:00', driver_id: users.driver.userId } })).json<{ id: number }>().id;

const fixtures: AuditFixtures = {
  users,
  today: '2026-11-26',
  customer: (options = {}) => createVerifiedUser(ctx, { approved: options.approved ?? true }),
  product: async () => (await insertProduct(ctx.pool, { stock: 50 })).id,
  async productWithImages() {
    const id = (await insertProduct(ctx.pool, { stock: 5 })).id;
    await owner({ method: 'POST', url: `/api/products/${id}/images`, ...pngUpload() });
    const second = await owner({ method: 'POST', url: `/api/products/${id}/images`, ...pngUpload() });
    return { id, images: second.json<{ items: { id: string }[] }>().items.map((i) => i.id) };
  },
  async order(options = {}) {
    const customer = await createVerifiedUser(ctx);
    const product = await insertProduct(ctx.pool, { stock: 50 });
    const order = await insertOrder(ctx.pool, { userId: customer.userId, status: options.status ?? 'Pendiente', lines: [{ product, quantity: 2 }] });
    if (options.held) await ctx.pool.query(`update orders set credit_hold = 'pending' where id = $1`, [order.id]);
    return { id: order.id, productId: product.id };
  },
  async payment() {
    const { userId } = await createVerifiedUser(ctx);
    const res = await owner({ method: 'POST', url: `/api/admin/users/${userId}/payments`, payload: { amount: 1_000, method: 'cash', idempotency_key: randomUUID() } });
    return { id: res.json<{ id: number }>().id, customerId: userId };
  },
  userIdOf: async (email) => (await ctx.pool.query<{ id: string }>(`select id from users where email = $1`, [email])).rows[0]!.id,
  zone: async () =>
    (await owner({ method: 'POST', url: '/api/admin/zones', payload: { name: `Zona ${randomUUID()}`, weekdays: [1, 4], cutoff_days_before: 1, cutoff_time: '18:00' } })).json<{ id: number }>().id,
  async orderOfZone(zoneId = driverZone) {
    const customer = await createVerifiedUser(ctx);
    await owner({ method: 'PATCH', url: `/api/admin/users/${customer.userId}/zone`, payload: { zone_id: zoneId, stop_position: 1 } });
    const product = await insertProduct(ctx.pool, { stock: 50 });
    const placed = await api(customer, { method: 'POST', url: '/api/orders', payload: { items: [{ product_id: product.id, quantity: 1 }], observaciones: '', canjeado_con_puntos: false } });
    const id = placed.json<{ order: { id: string } }>().order.id;
    await owner({ method: 'POST', url: `/api/admin/orders/${id}/status`, payload: { status: 'Confirmado' } });
    await owner({ method: 'PATCH', url: `/api/admin/orders/${id}/delivery-date`, payload: { date: '2026-11-26' } });
    return { id, zoneId, customerId: customer.userId };
  },
  priceList: async () => (await owner({ method: 'POST', url: '/api/admin/price-lists', payload: { name: `Lista ${randomUUID()}`, percentage: -5 } })).json<{ id: string }>().id,
  async priceChange() {
    const productId = (await insertProduct(ctx.pool, { stock: 5 })).id;
    const payload = { scope: { product_ids: [productId] }, adjustment: { kind: 'percent', percent: 10 }, fields: ['price'] };
    return (await owner({ method: 'POST', url: '/api/admin/products/reprice', payload })).json<{ id: string }>().id;
  },
  async repCustomer() {
    const customer = await createVerifiedUser(ctx);
    await owner({ method: 'PATCH', url: `/api/admin/users/${customer.userId}/rep`, payload: { rep_id: users.sales.userId } });
    return customer;
  },
  async repPayment() {
    const customer = await fixtures.repCustomer();
    const payload = { amount: 3_000, method: 'cash', idempotency_key: randomUUID() };
    return (await api(users.sales, { method: 'POST', url: `/api/rep/customers/${customer.userId}/payments`, payload })).json<{ id: number }>().id;
  },
  async confirmedRepPayment() {
    const id = await fixtures.repPayment();
    await owner({ method: 'POST', url: '/api/admin/collections/confirm', payload: { payment_ids: [id] } });
    return id;
  },
  staffMember: () => createStaff(ctx, 'warehouse'),
  async failedEmail() {
    const { rows } = await ctx.pool.query<{ id: string }>(
      `insert into email_outbox (kind, recipient, status, attempts, last_error) values ('order_placed', 'falla@example.com', 'failed', 3, 'buzón lleno') returning id`,
    );
    return Number(rows[0]!.id);
  },
  importFile: () => {
    const csv = ['SKU;Nombre;Categoría;Precio mayorista;Precio minorista;Stock', `AUD-${randomUUID().slice(0, 8)};Importado ${randomUUID()};Auditoría;1000;1500;4`].join('\n');
    return multipart(Buffer.from(csv));
  },
  pngUpload,
};

/** The summary's field names the log shows: its own, and those of before/after. */
const summaryKeys = (summary: Record<string, unknown>): string[] => {
  const nested = ['before', 'after'].flatMap((side) => Object.keys((summary[side] ?? {}) as Record<string, unknown>));
  return [...Object.keys(summary).filter((k) => k !== 'before' && k !== 'after'), ...nested];
};

const lastAuditId = async () => (await ctx.pool.query<{ id: number }>(`select coalesce(max(id), 0)::int as id from audit_log`)).rows[0]!.id;

describe('the audit side of the route table', () => {
  it('every staff route that writes names the audit action it records, and only those', () => {
    const staffWrites = [...ctx.app.staffRouteActions.keys()].filter((key) => WRITE_METHODS.includes(key.split(' ')[0]!)).sort();
    expect(staffWrites.length).toBeGreaterThan(40);
    expect(Object.keys(auditedRoutes).sort(), 'staff write routes without an entry in test/route-audit.ts (or entries for routes that are gone)').toEqual(staffWrites);
    // The permission matrix classifies the same routes as staff.
    for (const key of staffWrites) expect(routePermissions[key]?.access, key).toBe('staff');
  });
});

describe('each staff write writes one audit row in its transaction', () => {
  for (const [key, route] of Object.entries(auditedRoutes)) {
    it(`${key} → ${route.action}`, async () => {
      const caller = route.caller ?? 'owner';
      const { request, entityId } = await route.call(fixtures);
      const mark = await lastAuditId();
      const res = await api(users[caller], request);
      const expectedId = typeof entityId === 'string' ? entityId : await entityId(res.body ? res.json() : null, fixtures);
      const { rows } = await ctx.pool.query(
        `select actor_id, actor_name, actor_role, action, entity, entity_id, summary, ip, at > now() - interval '1 minute' as recent
           from audit_log where id > $1 order by id`,
        [mark],
      );
      expect(rows, `${key}: exactly one new row`).toEqual([
        expect.objectContaining({ actor_id: users[caller].userId, actor_role: ROLES[caller], action: route.action, entity: route.entity, entity_id: expectedId, ip: '127.0.0.1', recent: true }),
      ]);
      expect(Object.keys(rows[0].summary).length, `${key}: a summary`).toBeGreaterThan(0);
      expect(rows[0].actor_name).not.toBe('');
      // Actividad reads every field in Spanish: a field without a label showed as 'due date: —'.
      const unlabelled = summaryKeys(rows[0].summary).filter((field) => !(field in messages.staff.summaryLabels));
      expect(unlabelled, `${key}: fields without a Spanish label in messages.staff.summaryLabels`).toEqual([]);
    });
  }
});

describe('a refused write leaves no row', () => {
  it('a price list that cannot be deleted (a customer is on it) writes nothing to the log', async () => {
    const listId = await fixtures.priceList();
    const customer = await fixtures.customer();
    await owner({ method: 'PATCH', url: `/api/admin/users/${customer.userId}/price-list`, payload: { price_list_id: listId } });
    const mark = await lastAuditId();
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/admin/price-lists/${listId}`, headers: users.owner.headers });
    expect(res.statusCode).toBe(409);
    expect(await lastAuditId()).toBe(mark);
  });

  it('a repricing of several products is one row with the count, not one per product', async () => {
    const ids = await Promise.all([1, 2, 3, 4].map(() => fixtures.product()));
    const mark = await lastAuditId();
    await owner({ method: 'POST', url: '/api/admin/products/reprice', payload: { scope: { product_ids: ids }, adjustment: { kind: 'percent', percent: 5 }, fields: ['price'] } });
    const { rows } = await ctx.pool.query(`select summary from audit_log where id > $1`, [mark]);
    expect(rows).toHaveLength(1);
    expect(rows[0].summary.after).toMatchObject({ products: 4, fields: ['price'] });
  });
});
