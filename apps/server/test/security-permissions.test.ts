import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@mayorista/core';
import { startSession } from '../src/modules/accounts/sessions';
import { insertOrder, insertProduct, openRealtimeSocket } from './admin-orders-fixtures';
import { createAdmin, createStaff, createSuperAdmin, createVerifiedUser, setupTestAppWithOutbox, type TestUser } from './factories';
import {
  CALLERS,
  CALLER_ROLES,
  expectedStatuses,
  parseRouteTable,
  routeKey,
  routePermissions,
  type Caller,
  type MatrixFixtures,
  type MatrixRequest,
  type RouteRule,
} from './route-permissions';
import { can } from '@mayorista/core/roles';

/**
 * The hardening work (permissions, hostile input, races, crashes): every route × every kind of caller, from the app's own route table, plus the
 * property-level rules (a customer can never write privileged columns) and the WebSocket join.
 */
const ctx = await setupTestAppWithOutbox({ env: { RATE_LIMIT_AUTH_MAX: '100000', RATE_LIMIT_EMAIL_MAX: '100000' } });
const jwtSecret = new TextEncoder().encode(ctx.config.jwtSecret!);

const users = {} as Record<Exclude<Caller, 'anonymous'>, TestUser>;
let fixtures: MatrixFixtures;

beforeAll(async () => {
  users.unverified = await createVerifiedUser(ctx, { verified: false, approved: false });
  users.unapproved = await createVerifiedUser(ctx, { approved: false });
  users.customer = await createVerifiedUser(ctx, { saldo_puntos: 1_000 });
  users.otherCustomer = await createVerifiedUser(ctx);
  users.admin = await createAdmin(ctx);
  users.superAdmin = await createSuperAdmin(ctx);
  users.sales = await createStaff(ctx, 'sales');
  users.warehouse = await createStaff(ctx, 'warehouse');
  users.driver = await createStaff(ctx, 'driver');

  const product = await insertProduct(ctx.pool, { has_unlimited_stock: true, price: 1_000 });
  const order = await insertOrder(ctx.pool, { userId: users.customer.userId, lines: [{ product, quantity: 2 }] });
  const pngImage = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#cc3300' } }).png().toBuffer();

  const freshProductId = async () => (await insertProduct(ctx.pool, { stock: 5 })).id;
  const uploaded = await uploadImage(await freshProductId(), pngImage);
  const recordPayment = async (customerId: string) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/users/${customerId}/payments`,
      headers: users.superAdmin.headers,
      payload: { amount: 1_000, method: 'cash', idempotency_key: randomUUID() },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number }>().id;
  };
  fixtures = {
    customerId: users.customer.userId,
    customerOrderId: order.id,
    productId: product.id,
    uploadedFile: uploaded.replace('/uploads/', ''),
    pngImage,
    freshProductId,
    freshUserId: async () => (await createVerifiedUser(ctx, { approved: false })).userId,
    freshOrderId: async () => (await insertOrder(ctx.pool, { userId: users.otherCustomer.userId, lines: [{ product, quantity: 1 }] })).id,
    customerPaymentId: await recordPayment(users.customer.userId),
    freshPaymentId: async () => recordPayment((await createVerifiedUser(ctx)).userId),
  };
});

async function uploadImage(productId: string, image: Buffer): Promise<string> {
  const rule = routePermissions[routeKey('POST', '/api/products/:id/image')]!;
  const request = await rule.request({ freshProductId: async () => productId, pngImage: image } as MatrixFixtures, 'admin');
  const res = await ctx.app.inject({ ...request, headers: { ...request.headers, ...users.admin.headers } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ image_url: string }>().image_url;
}

/** Headers for a caller; a fresh session when the call would end the shared one. */
async function headersFor(caller: Caller, freshSession: boolean): Promise<Record<string, string>> {
  // An unverified account cannot obtain a session (checked below), so it calls like anyone signed out.
  if (caller === 'anonymous' || caller === 'unverified') return {};
  const user = users[caller];
  if (!freshSession) return user.headers;
  const session = await startSession(ctx.db, jwtSecret, { id: user.userId, email: user.email, metadata: {} }, { userAgent: 'matriz', ip: null });
  return { authorization: `Bearer ${session.access_token}` };
}

describe('route table', () => {
  it('every registered route has an entry in route-permissions.ts, and every entry is a registered route', () => {
    const registered = parseRouteTable(ctx.app.printRoutes({ commonPrefix: false })).map((r) => routeKey(r.method, r.url));
    expect(registered.length).toBeGreaterThan(30);
    const unclassified = registered.filter((key) => !routePermissions[key]);
    expect(unclassified, 'routes without an expected result in test/route-permissions.ts').toEqual([]);
    const stale = Object.keys(routePermissions).filter((key) => !registered.includes(key));
    expect(stale, 'entries in route-permissions.ts for routes that no longer exist').toEqual([]);
  });

  it('every staff route names its action, and the classification names the same one', () => {
    const staffRules = Object.entries(routePermissions).filter(([, rule]) => rule.access === 'staff');
    expect(staffRules.length).toBeGreaterThan(50);
    const declared = Object.fromEntries(staffRules.map(([key]) => [key, ctx.app.staffRouteActions.get(key)]));
    expect(declared).toEqual(Object.fromEntries(staffRules.map(([key, rule]) => [key, rule.action])));
    // Every route the app registered with an action is classified as a staff route.
    for (const key of ctx.app.staffRouteActions.keys()) if (!key.startsWith('HEAD ')) expect(routePermissions[key]?.access, key).toBe('staff');
  });

  it('an unverified account cannot sign in, so it has no session to call with', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/token?grant_type=password',
      payload: { email: users.unverified.email, password: users.unverified.password },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'email_not_confirmed' });
  });
});

describe('permission matrix', () => {
  for (const [key, rule] of Object.entries(routePermissions)) {
    it(`${key}`, async () => {
      for (const caller of CALLERS) {
        const { freshSession = false, ...request } = await rule.request(fixtures, caller);
        const headers = { ...request.headers, ...(await headersFor(caller, freshSession)) };
        const res = await ctx.app.inject({ ...request, headers });
        const expected = expectedStatuses(rule, caller);
        expect(expected, `${caller} → ${request.method} ${request.url}: ${res.statusCode} ${res.body.slice(0, 300)}`).toContain(res.statusCode);
        // Personal and privileged answers are never stored by a cache: every API answer is no-store
        // unless the route is classified as one the caller's browser revalidates (decision 031).
        if (String(request.url).startsWith('/api/')) {
          const policy = rule.browserRevalidates ? /^(private, no-cache|no-store)$/ : /^(private, )?no-store$/;
          expect(res.headers['cache-control'], `${caller} → ${request.method} ${request.url} (${res.statusCode})`).toMatch(policy);
        }
        if (res.statusCode >= 400 && rule.access !== 'websocket') {
          const body = res.json<{ code: unknown; message: unknown }>();
          expect(typeof body.code).toBe('string');
          expect(typeof body.message).toBe('string');
        }
      }
    });
  }
});

// ── authenticate, then authorise, then validate (the ledgers-and-contracts work, decisions 009, 011, 012) ──

/** Whatever a caller sends: the route's own request, then garbage in the body, the query and the path. */
function hostileVariants(request: MatrixRequest): MatrixRequest[] {
  const json = { 'content-type': 'application/json' };
  const url = String(request.url);
  const badPath = url.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, 'no-es-un-id');
  return [
    request,
    { ...request, payload: { x: 1 }, headers: json },
    { ...request, payload: '', headers: json },
    { ...request, payload: '{"roto":', headers: json },
    { ...request, payload: 'a'.repeat(300 * 1024), headers: json },
    { ...request, url: `${url}${url.includes('?') ? '&' : '?'}from=2026-02-31&page=-1&status=Nada` },
    { ...request, url: badPath },
  ];
}

/** The callers that sign in but lack the route's role: for staff routes, a customer and every staff role the matrix refuses. */
function callersWithoutRole(rule: RouteRule): Caller[] {
  if (rule.access === 'approved') return ['unapproved'];
  if (rule.access !== 'staff') return [];
  return ['customer', ...CALLERS.filter((caller) => CALLER_ROLES[caller] && !can(CALLER_ROLES[caller], rule.action!))];
}

describe('guards answer before the body is read', () => {
  const guarded = Object.entries(routePermissions).filter(([, rule]) => rule.access !== 'public' && rule.access !== 'websocket');

  it('covers every guarded route', () => {
    expect(guarded.length).toBeGreaterThan(20);
  });

  for (const [key, rule] of guarded) {
    it(`${key}: 401 anonymous, 403 without the role, whatever is sent`, async () => {
      const base = await rule.request(fixtures, 'anonymous');
      const { freshSession: _ignored, ...request } = base;
      for (const variant of hostileVariants(request)) {
        const anonymous = await ctx.app.inject({ ...variant, headers: { ...variant.headers } });
        expect(anonymous.statusCode, `anónimo → ${variant.method} ${variant.url}: ${anonymous.body.slice(0, 200)}`).toBe(401);
        // Sign-out tells the browser "already signed out" with its own code (docs/api.md).
        const signedOut =
          key === routeKey('POST', '/api/auth/logout')
            ? { code: 'session_not_found', message: messages.accountRules.sessionNotFound }
            : { code: 'not_authenticated', message: messages.accountRules.unauthorized };
        expect(anonymous.json()).toMatchObject(signedOut);

        for (const lacking of callersWithoutRole(rule)) {
          const denied = await ctx.app.inject({
            ...variant,
            headers: { ...variant.headers, ...users[lacking as Exclude<Caller, 'anonymous'>].headers },
          });
          expect(denied.statusCode, `${lacking} → ${variant.method} ${variant.url}: ${denied.body.slice(0, 200)}`).toBe(403);
        }
      }
    });
  }

  it('an /api route that does not declare its access level cannot be registered', async () => {
    const { buildApp } = await import('../src/app');
    const app = await buildApp({ config: ctx.config, pool: ctx.pool, db: ctx.db, jwtSecret, webDistDir: null, logger: false });
    expect(() => app.get('/api/olvidada', async () => ({ ok: true }))).toThrow(/no declara su nivel de acceso/);
    expect(() => app.get('/api/admin/abierta', { config: { access: 'approved' } }, async () => ({ ok: true }))).toThrow(
      /bajo \/api\/admin/,
    );
    expect(() => app.get('/api/rep/abierta', { config: { access: 'approved' } }, async () => ({ ok: true }))).toThrow(/bajo \/api\/admin o \/api\/rep/);
    // A staff route must name its action: without one it would be open to every role.
    expect(() => app.get('/api/admin/sin-accion', { config: { access: 'staff' } }, async () => ({ ok: true }))).toThrow(/no declara su acción/);
    await app.close();
  });
});

// ── property level: no customer request writes a privileged column ──

interface PrivilegedState {
  profiles: Array<{ id: string; approved: boolean; is_admin: boolean; is_super_admin: boolean; saldo_puntos: string }>;
  products: Array<{ id: string; row: string }>;
  orders: Array<{ id: string; total: string; total_savings: string; status: string }>;
}

async function privilegedState(): Promise<PrivilegedState> {
  const profiles = await ctx.pool.query(`select id, approved, is_admin, is_super_admin, saldo_puntos::text from profiles order by id`);
  const products = await ctx.pool.query(`select id, (p.*)::text as row from products p order by id`);
  const orders = await ctx.pool.query(`select id, total::text, total_savings::text, status from orders order by id`);
  return { profiles: profiles.rows, products: products.rows, orders: orders.rows } as PrivilegedState;
}

/** Every field a customer might try to smuggle in, at any level of a body. */
const privilegedFields = {
  approved: true,
  is_admin: true,
  is_super_admin: true,
  saldo_puntos: 99_999_999,
  price: 1,
  retail_price: 1,
  sale_price: 1,
  total: 1,
  total_savings: 99_999,
  stock: 1_000_000,
  status: 'Entregado',
  user_id: randomUUID(),
};

describe('property-level access', () => {
  it('customer requests with privileged fields change no privileged column', async () => {
    const hot = await insertProduct(ctx.pool, { stock: 50, price: 2_500 });
    const before = await privilegedState();
    const { customer, unapproved, admin } = users;
    const attempts: Array<{ who: TestUser; method: 'PUT' | 'POST' | 'PATCH'; url: string; payload: unknown }> = [
      { who: customer, method: 'PUT', url: '/api/cart', payload: { cart_data: { [hot.id]: 1 }, ...privilegedFields } },
      { who: customer, method: 'PUT', url: '/api/cart', payload: { cart_data: { [hot.id]: { quantity: 1, ...privilegedFields } } } },
      {
        who: customer,
        method: 'POST',
        url: '/api/orders',
        payload: { items: [{ product_id: hot.id, quantity: 1, ...privilegedFields }], observaciones: '', canjeado_con_puntos: false },
      },
      { who: customer, method: 'POST', url: '/api/orders', payload: { items: [{ product_id: hot.id, quantity: 1 }], ...privilegedFields } },
      // A points order the balance cannot pay for is refused, not half-applied.
      { who: customer, method: 'POST', url: '/api/orders', payload: { items: [{ product_id: hot.id, quantity: 50 }], canjeado_con_puntos: true } },
      { who: customer, method: 'PUT', url: `/api/products/${hot.id}`, payload: { name: 'Robado', price: 1, retail_price: 1, stock: 1_000_000 } },
      { who: customer, method: 'PATCH', url: `/api/products/${hot.id}/enabled`, payload: { is_enabled: false } },
      { who: customer, method: 'PATCH', url: `/api/admin/users/${customer.userId}/approval`, payload: { approved: true } },
      { who: customer, method: 'PATCH', url: `/api/admin/users/${customer.userId}/role`, payload: { is_admin: true } },
      { who: customer, method: 'POST', url: `/api/admin/users/${customer.userId}/points`, payload: { saldo_puntos: 9_999_999, reason: 'yo' } },
      { who: unapproved, method: 'PATCH', url: `/api/admin/users/${unapproved.userId}/approval`, payload: { approved: true } },
      { who: unapproved, method: 'PUT', url: '/api/cart', payload: { cart_data: {}, ...privilegedFields } },
      { who: admin, method: 'PATCH', url: `/api/admin/users/${admin.userId}/role`, payload: { is_admin: true, is_super_admin: true } },
      { who: customer, method: 'POST', url: `/api/admin/orders/${fixtures.customerOrderId}/status`, payload: { status: 'Entregado' } },
    ];
    for (const attempt of attempts) {
      const res = await ctx.app.inject({ method: attempt.method, url: attempt.url, payload: attempt.payload as object, headers: attempt.who.headers });
      expect(res.statusCode, `${attempt.method} ${attempt.url} ${JSON.stringify(attempt.payload)} → ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect(await privilegedState()).toEqual(before);
  });

  it('a valid order is priced, totalled and stocked by the server only', async () => {
    const hot = await insertProduct(ctx.pool, { stock: 50, price: 2_500 });
    const before = await privilegedState();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: users.customer.headers,
      payload: { items: [{ product_id: hot.id, quantity: 3 }], observaciones: 'precio 1, total 1', canjeado_con_puntos: false },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { order } = res.json<{ order: { id: string; total: number; items: Array<{ price: number; total: number }> } }>();
    expect(order.total).toBe(3 * 2_500);
    expect(order.items[0]).toMatchObject({ price: 2_500, total: 7_500 });
    const after = await privilegedState();
    // Profiles untouched (a normal order spends no points); only the ordered product's stock moved, by 3.
    expect(after.profiles).toEqual(before.profiles);
    const { rows } = await ctx.pool.query<{ stock: number; price: string }>(`select stock, price::text from products where id = $1`, [hot.id]);
    expect(rows[0]).toEqual({ stock: 47, price: '2500' });
    const unchangedProducts = (state: PrivilegedState) => state.products.filter((p) => p.id !== hot.id);
    expect(unchangedProducts(after)).toEqual(unchangedProducts(before));
  });

  it('sign-up ignores privileged fields in the body and in the metadata', async () => {
    const email = `escalada-${randomUUID().slice(0, 8)}@example.com`;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        email,
        password: 'Clave-Muy-Segura-2026',
        data: { nombre: 'Eve', apellido: 'Escalada', dni: '31222333', ...privilegedFields },
        ...privilegedFields,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { rows } = await ctx.pool.query(`select approved, is_admin, is_super_admin, saldo_puntos::int as saldo from profiles where email = $1`, [email]);
    expect(rows).toEqual([{ approved: false, is_admin: false, is_super_admin: false, saldo: 0 }]);
  });
});

// ── WebSocket: only admins join the orders topic ──

/**
 * Changes one signature character in the middle. (The last base64url character of a 32-byte HMAC
 * carries two padding bits, so changing only it can leave the signature — and the token — valid.)
 */
function tamperSignature(token: string): string {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const i = Math.floor(signature.length / 2);
  const swapped = signature[i] === 'A' ? 'B' : 'A';
  return `${header}.${payload}.${signature.slice(0, i)}${swapped}${signature.slice(i + 1)}`;
}

describe('realtime join', () => {
  let wsUrl: string;
  beforeAll(async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    wsUrl = `${address.replace('http', 'ws')}/realtime`;
  });
  afterAll(async () => {
    // ctx.app.close() (helpers) closes the listener too.
  });

  it('refuses anonymous, forged, unapproved and customer joins, and sends them no orders; admins join', async () => {
    const refused: Array<{ token: string; reason: string }> = [
      { token: 'not-a-token', reason: messages.realtime.notAuthenticated },
      { token: tamperSignature(users.unverified.session.access_token), reason: messages.realtime.notAuthenticated },
      { token: users.unapproved.session.access_token, reason: messages.realtime.adminsOnly },
      { token: users.customer.session.access_token, reason: messages.realtime.adminsOnly },
    ];
    const sockets = [];
    for (const { token, reason } of refused) {
      const socket = await openRealtimeSocket(wsUrl);
      const reply = await socket.join(token);
      expect(reply.payload.status).toBe('error');
      expect(reply.payload.response?.reason).toBe(reason);
      sockets.push(socket);
    }
    const adminSocket = await openRealtimeSocket(wsUrl);
    expect((await adminSocket.join(users.admin.session.access_token)).payload.status).toBe('ok');

    const product = await insertProduct(ctx.pool);
    const order = await insertOrder(ctx.pool, { userId: users.customer.userId, lines: [{ product, quantity: 1 }] });
    await adminSocket.waitForInsert(order.id);
    for (const socket of sockets) expect(socket.inserts()).toEqual([]);
    for (const socket of [...sockets, adminSocket]) socket.close();
  });
});

// ── separation of duties (the abuse-limits work, decision 010): the matrix's admins acting on their own account ──

describe('separation of duties', () => {
  it('a plain admin cannot credit their own points nor move their own order; a super admin can, recorded', async () => {
    const product = await insertProduct(ctx.pool, { has_unlimited_stock: true, price: 1_000 });
    const ownOrder = await insertOrder(ctx.pool, { userId: users.admin.userId, lines: [{ product, quantity: 1 }] });
    const cases = [
      { method: 'POST' as const, url: `/api/admin/users/${users.admin.userId}/points`, payload: { saldo_puntos: 1_000_000, reason: 'Para mí' } },
      { method: 'POST' as const, url: `/api/admin/orders/${ownOrder.id}/status`, payload: { status: 'Confirmado' } },
    ];
    for (const request of cases) {
      const res = await ctx.app.inject({ ...request, headers: users.admin.headers });
      expect(res.statusCode, request.url).toBe(403);
      expect(res.json()).toMatchObject({ code: 'own_account_forbidden' });
    }
    const own = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/users/${users.superAdmin.userId}/points`,
      headers: users.superAdmin.headers,
      payload: { saldo_puntos: 10, reason: 'Ajuste propio' },
    });
    expect(own.statusCode).toBe(200);
    const { rows } = await ctx.pool.query(`select actor_id from points_movements where profile_id = $1 and kind = 'admin_adjustment'`, [
      users.superAdmin.userId,
    ]);
    expect(rows).toEqual([{ actor_id: users.superAdmin.userId }]);
  });
});
