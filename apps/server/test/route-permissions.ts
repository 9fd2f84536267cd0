import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import type pg from 'pg';
import { can, type StaffAction, type StaffRole } from '@mayorista/core/roles';

/**
 * The expected-results table of the permission matrix (the hardening work (permissions, hostile input, races, crashes)). Every route the app
 * registers must have an entry here: security-permissions.test.ts collects the real route table
 * and fails on any route without one, so a new route cannot ship unclassified.
 */

export const CALLERS = ['anonymous', 'unverified', 'unapproved', 'customer', 'otherCustomer', 'admin', 'superAdmin', 'sales', 'warehouse', 'driver'] as const;
export type Caller = (typeof CALLERS)[number];

/** The staff role each staff caller holds (decision 046): today's super admin is the owner, today's admin is administración. */
export const CALLER_ROLES: Partial<Record<Caller, StaffRole>> = {
  superAdmin: 'owner',
  admin: 'admin',
  sales: 'sales',
  warehouse: 'warehouse',
  driver: 'driver',
};

/**
 * Who gets past the route's guard.
 * - public: everyone (the answer depends on the body, never on the caller)
 * - session: any signed-in user (requireUser)
 * - approved: approved customers, and approved staff whose role also buys ('shop.own': the owner and the office)
 * - staff: approved staff whose role may perform the rule's `action` (core/roles.ts PERMISSIONS)
 * - websocket: HTTP upgrade; the join message carries the token and is checked by its own test
 */
export type Access = 'public' | 'session' | 'approved' | 'staff' | 'websocket';

/** Data the requests refer to, created by the test before the matrix runs. */
export interface MatrixFixtures {
  /** The approved customer whose cart, orders and profile are the objects of the object-level checks. */
  customerId: string;
  customerOrderId: string;
  productId: string;
  /** Name of an image served under /uploads. */
  uploadedFile: string;
  /** A PNG small enough for the product image upload. */
  pngImage: Buffer;
  /** Things each destructive call consumes, so every caller acts on an untouched object. */
  freshProductId(): Promise<string>;
  freshUserId(): Promise<string>;
  freshOrderId(): Promise<string>;
  /** A payment (cobranza) recorded on `customer`'s account, and fresh ones on other accounts (the reversal consumes one). */
  customerPaymentId: number;
  freshPaymentId(): Promise<number>;
}

export interface MatrixRequest extends Pick<InjectOptions, 'method' | 'url' | 'payload' | 'headers' | 'query'> {
  /** The call ends the caller's session (logout): run it on a new session of the same user. */
  freshSession?: boolean;
}

export interface RouteRule {
  access: Access;
  /** On staff routes: the action the route performs; the route's own config must name the same one. */
  action?: StaffAction;
  /** The object belongs to `customer`: every other caller who passes the guard must get 404. */
  ownedByCustomer?: boolean;
  /** Status(es) for a caller who passes the guard (and owns the object). */
  allowed: readonly number[];
  request(f: MatrixFixtures, caller: Caller): MatrixRequest | Promise<MatrixRequest>;
  /**
   * The route's answers may be kept by the caller's own browser and revalidated (`private,
   * no-cache` with an ETag: the catalogue). Every other API answer must be `no-store`.
   */
  browserRevalidates?: true;
}

export const routeKey = (method: string, url: string) => `${method} ${url}`;

const uniqueEmail = () => `matriz-${randomBytes(5).toString('hex')}@example.com`;
const strongPassword = 'Matriz-Clave-Segura-2026';
const randomDni = () => String(20_000_000 + Math.floor(Math.random() * 70_000_000));

function multipartImage(image: Buffer): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----matriz${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="foto.png"\r\nContent-Type: image/png\r\n\r\n`),
    image,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const productBody = (name: string) => ({
  name,
  price: 12_345,
  retail_price: 20_000,
  stock: 10,
  category: 'Matriz',
});

export const routePermissions: Record<string, RouteRule> = {
  [routeKey('GET', '/healthz')]: { access: 'public', allowed: [200], request: () => ({ method: 'GET', url: '/healthz' }) },

  // ── accounts: public entry points (the answer never depends on who asks) ──
  [routeKey('POST', '/api/auth/signup')]: {
    access: 'public',
    allowed: [200],
    request: () => ({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: uniqueEmail(), password: strongPassword, data: { nombre: 'Nueva', apellido: 'Cuenta', dni: randomDni() } },
    }),
  },
  [routeKey('POST', '/api/auth/verify')]: {
    access: 'public',
    allowed: [400],
    request: () => ({ method: 'POST', url: '/api/auth/verify', payload: { token: randomBytes(32).toString('base64url') } }),
  },
  [routeKey('POST', '/api/auth/resend')]: {
    access: 'public',
    allowed: [200],
    request: () => ({ method: 'POST', url: '/api/auth/resend', payload: { email: uniqueEmail() } }),
  },
  [routeKey('POST', '/api/auth/token')]: {
    access: 'public',
    allowed: [400],
    request: () => ({ method: 'POST', url: '/api/auth/token?grant_type=password', payload: { email: uniqueEmail(), password: strongPassword } }),
  },
  [routeKey('POST', '/api/auth/recover')]: {
    access: 'public',
    allowed: [200],
    request: () => ({ method: 'POST', url: '/api/auth/recover', payload: { email: uniqueEmail() } }),
  },
  [routeKey('POST', '/api/auth/reset-password')]: {
    access: 'public',
    allowed: [400],
    request: () => ({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: randomBytes(32).toString('base64url'), password: strongPassword },
    }),
  },

  // ── accounts: signed-in ──
  [routeKey('POST', '/api/auth/logout')]: {
    access: 'session',
    allowed: [204],
    request: () => ({ method: 'POST', url: '/api/auth/logout?scope=local', freshSession: true }),
  },
  [routeKey('GET', '/api/auth/user')]: { access: 'session', allowed: [200], request: () => ({ method: 'GET', url: '/api/auth/user' }) },
  [routeKey('GET', '/api/profiles/:id')]: {
    access: 'session',
    ownedByCustomer: true,
    allowed: [200],
    request: (f) => ({ method: 'GET', url: `/api/profiles/${f.customerId}` }),
  },
  // Mi cuenta (the business-identity work, decisions 017–019): approved or not, each caller reads and edits their own account only.
  [routeKey('GET', '/api/me')]: { access: 'session', allowed: [200], request: () => ({ method: 'GET', url: '/api/me' }) },
  [routeKey('PATCH', '/api/me')]: {
    access: 'session',
    allowed: [200],
    request: () => ({ method: 'PATCH', url: '/api/me', payload: { delivery_notes: 'Timbre 2B', approved: true, saldo_puntos: 999 } }),
  },
  // A wrong current password: past the guard, and no caller's sessions end mid-matrix.
  [routeKey('POST', '/api/me/password')]: {
    access: 'session',
    allowed: [400],
    request: () => ({ method: 'POST', url: '/api/me/password', payload: { current_password: 'no-es-la-clave', new_password: strongPassword } }),
  },
  [routeKey('GET', '/api/points')]: { access: 'approved', allowed: [200], request: () => ({ method: 'GET', url: '/api/points' }) },

  // ── accounts: administration ──
  [routeKey('GET', '/api/admin/users')]: {
    access: 'staff',
    action: 'customers.read',
    allowed: [200],
    request: () => ({ method: 'GET', url: '/api/admin/users?status=all' }),
  },
  [routeKey('PATCH', '/api/admin/users/:id/approval')]: {
    access: 'staff',
    action: 'customers.manage',
    allowed: [200],
    request: async (f) => ({ method: 'PATCH', url: `/api/admin/users/${await f.freshUserId()}/approval`, payload: { approved: true } }),
  },
  [routeKey('DELETE', '/api/admin/users/:id')]: {
    access: 'staff',
    action: 'customers.manage',
    // 204 for a sign-up still waiting; 409 account_not_pending for any other account.
    allowed: [204, 409],
    request: async (f) => ({ method: 'DELETE', url: `/api/admin/users/${await f.freshUserId()}` }),
  },
  [routeKey('POST', '/api/admin/users/:id/points')]: {
    access: 'staff',
    action: 'customers.manage',
    allowed: [200],
    request: async (f) => ({
      method: 'POST',
      url: `/api/admin/users/${await f.freshUserId()}/points`,
      payload: { saldo_puntos: 5_000, reason: 'Bonificación de la matriz de permisos' },
    }),
  },
  [routeKey('GET', '/api/admin/users/:id/points-history')]: {
    access: 'staff',
    action: 'customers.read',
    allowed: [200],
    request: (f) => ({ method: 'GET', url: `/api/admin/users/${f.customerId}/points-history` }),
  },
  [routeKey('GET', '/api/admin/users/:id/points-movements')]: {
    access: 'staff',
    action: 'customers.read',
    allowed: [200],
    request: (f) => ({ method: 'GET', url: `/api/admin/users/${f.customerId}/points-movements?page=1&page_size=5` }),
  },
  [routeKey('GET', '/api/admin/products/:id/stock-movements')]: {
    access: 'staff',
    action: 'stock.manage',
    allowed: [200],
    request: (f) => ({ method: 'GET', url: `/api/admin/products/${f.productId}/stock-movements?page=1&page_size=5` }),
  },
  [routeKey('POST', '/api/admin/stock-counts')]: {
    access: 'staff',
    action: 'stock.manage',
    allowed: [200],
    // A fresh product: the count sets its stock, and the shared one must keep its units for the orders' calls.
    request: async (f) => ({ method: 'POST', url: '/api/admin/stock-counts', payload: { counts: [{ product_id: await f.freshProductId(), counted: 3 }] } }),
  },
  [routeKey('GET', '/api/admin/stock-counts/reserved')]: {
    access: 'staff',
    action: 'stock.manage',
    allowed: [200],
    request: (f) => ({ method: 'GET', url: `/api/admin/stock-counts/reserved?ids=${f.productId}` }),
  },
  [routeKey('GET', '/api/admin/users/:id')]: {
    access: 'staff',
    action: 'customers.read',
    allowed: [200],
    request: (f) => ({ method: 'GET', url: `/api/admin/users/${f.customerId}` }),
  },
  [routeKey('PATCH', '/api/admin/users/:id/notes')]: {
    access: 'staff',
    action: 'customers.manage',
    allowed: [200],
    request: async (f) => ({ method: 'PATCH', url: `/api/admin/users/${await f.freshUserId()}/notes`, payload: { admin_notes: 'Paga a 30 días.' } }),
  },
  [routeKey('PATCH', '/api/admin/users/:id/role')]: {
    access: 'staff',
    action: 'staff.manage',
    allowed: [200],
    request: async (f) => ({ method: 'PATCH', url: `/api/admin/users/${await f.freshUserId()}/role`, payload: { is_admin: true } }),
  },

  // ── the cuenta corriente (decisions 037–039) ──
  [routeKey('GET', '/api/me/account')]: { access: 'approved', allowed: [200], request: () => ({ method: 'GET', url: '/api/me/account' }) },
  [routeKey('GET', '/api/me/account/movements')]: {
    access: 'approved',
    allowed: [200],
    request: () => ({ method: 'GET', url: '/api/me/account/movements?page=1' }),
  },
  [routeKey('GET', '/api/me/account/statement.pdf')]: {
    access: 'approved',
    allowed: [200],
    request: () => ({ method: 'GET', url: '/api/me/account/statement.pdf' }),
  },
  [routeKey('GET', '/api/me/receipts/:id/pdf')]: {
    access: 'approved',
    ownedByCustomer: true,
    allowed: [200],
    request: (f) => ({ method: 'GET', url: `/api/me/receipts/${f.customerPaymentId}/pdf` }),
  },
  [routeKey('GET', '/api/admin/receivables')]: {
    access: 'staff',
    action: 'customers.read',
    allowed: [200],
    request: () => ({ method: 'GET', url: '/api/admin/receivables?sort=balance&filter=all' }),
  },
  [routeKey('GET', '/api/admin/receivables.xlsx')]: { access: 'staff', action: 'customers.read', allowed: [200], request: () => ({ method: 'GET', url: '/api/admin/receivables.xlsx' }) },
  [routeKey('GET', '/api/admin/receivables.csv')]: { access: 'staff', action: 'customers.read', allowed: [200], request: () => ({ method: 'GET', url: '/api/admin/receivables.csv' }) },
  [routeKey('GET', '/api/admin/users/:id/account')]: {
    access: 'staff',
    action: 'customers.read',
    allowed: [200],
    request: (f) => ({ method: 'GET', url: `/api/admin/users/${f.customerId}/account` }),
  },
  [routeKey('GET', '/api/admin/users/:id/account/movements')]: {
    access: 'staff',
    action: 'customers.read',
    allowed: [200],
    request: (f) => ({ method: 'GET', url: `/api/admin/users/${f.customerId}/account/movements?page=1` }),
  },
  // "Aplicar a" on the office's payment dialog: for whoever may record the payment.
  [routeKey('GET', '/api/admin/users/:id/account/charges')]: {
    access: 'staff',
    action: 'payments.record',
    allowed: [200],
    request: (f) => ({ method: 'GET', url: `/api/admin/users/${f.customerId}/account/charges` }),
  },
  [routeKey('GET', '/api/admin/users/:id/account/statement.pdf')]: {
    access: 'staff',
    action: 'customers.read',
    allowed: [200],
    request: (f) => ({ method: 'GET', url: `/api/admin/users/${f.customerId}/account/statement.pdf` }),
  },
  [routeKey('GET', '/api/admin/payments/:id/pdf')]: {
    access: 'staff',
    action: 'customers.read',
    allowed: [200],
    request: (f) => ({ method: 'GET', url: `/api/admin/payments/${f.customerPaymentId}/pdf` }),
  },
  [routeKey('POST', '/api/admin/users/:id/payments')]: {
    access: 'staff',
    action: 'payments.record',
    allowed: [201],
    request: async (f) => ({
      method: 'POST',
      url: `/api/admin/users/${await f.freshUserId()}/payments`,
      payload: { amount: 1_000, method: 'cash', idempotency_key: randomUUID() },
    }),
  },
  [routeKey('POST', '/api/admin/users/:id/credit-notes')]: {
    access: 'staff',
    action: 'payments.record',
    allowed: [201],
    request: async (f) => ({
      method: 'POST',
      url: `/api/admin/users/${await f.freshUserId()}/credit-notes`,
      payload: { amount: 500, reason: 'Bonificación de la matriz' },
    }),
  },
  [routeKey('POST', '/api/admin/users/:id/adjustments')]: {
    access: 'staff',
    action: 'payments.record',
    allowed: [201],
    request: async (f) => ({
      method: 'POST',
      url: `/api/admin/users/${await f.freshUserId()}/adjustments`,
      payload: { amount: 25_000, reason: 'Saldo inicial de la cuenta', due_date: '2026-01-31' },
    }),
  },
  [routeKey('POST', '/api/admin/payments/:id/reverse')]: {
    access: 'staff',
    action: 'payments.record',
    allowed: [201],
    request: async (f) => ({ method: 'POST', url: `/api/admin/payments/${await f.freshPaymentId()}/reverse`, payload: { reason: 'Cheque rechazado' } }),
  },
  [routeKey('PATCH', '/api/admin/users/:id/credit')]: {
    access: 'staff',
    action: 'customers.manage',
    allowed: [200],
    request: async (f) => ({ method: 'PATCH', url: `/api/admin/users/${await f.freshUserId()}/credit`, payload: { payment_terms_days: 15, credit_limit: 100_000 } }),
  },
  // A fresh order is not held: past the guard the answer is 409 order_not_on_hold.
  [routeKey('POST', '/api/admin/orders/:id/release')]: {
    access: 'staff',
    action: 'orders.manage',
    allowed: [409],
    request: async (f) => ({ method: 'POST', url: `/api/admin/orders/${await f.freshOrderId()}/release`, payload: {} }),
  },
  [routeKey('POST', '/api/admin/orders/:id/reject-credit')]: {
    access: 'staff',
    action: 'orders.manage',
    allowed: [409],
    request: async (f) => ({ method: 'POST', url: `/api/admin/orders/${await f.freshOrderId()}/reject-credit`, payload: { reason: 'Saldo vencido' } }),
  },

  // ── repartos (decision 049) ──
  [routeKey('GET', '/api/me/delivery')]: { access: 'approved', allowed: [200], request: () => ({ method: 'GET', url: '/api/me/delivery' }) },
  [routeKey('GET', '/api/admin/zones')]: { access: 'staff', action: 'deliveries.plan', allowed: [200], request: () => ({ method: 'GET', url: '/api/admin/zones' }) },
  [routeKey('POST', '/api/admin/zones')]: {
    access: 'staff', action: 'deliveries.plan',
    allowed: [201],
    request: () => ({ method: 'POST', url: '/api/admin/zones', payload: { name: `Zona ${randomUUID()}`, weekdays: [2, 5], cutoff_days_before: 1, cutoff_time: '18:00' } }),
  },
  // No zone in the fixtures: past the guard an unknown zone answers 404 zone_not_found.
  [routeKey('PATCH', '/api/admin/zones/:id')]: {
    access: 'staff', action: 'deliveries.plan',
    allowed: [404],
    request: () => ({ method: 'PATCH', url: '/api/admin/zones/999999', payload: { cutoff_time: '17:00' } }),
  },
  [routeKey('DELETE', '/api/admin/zones/:id')]: { access: 'staff', action: 'deliveries.plan', allowed: [404], request: () => ({ method: 'DELETE', url: '/api/admin/zones/999999' }) },
  [routeKey('PATCH', '/api/admin/users/:id/zone')]: {
    access: 'staff', action: 'deliveries.plan',
    allowed: [204],
    request: async (f) => ({ method: 'PATCH', url: `/api/admin/users/${await f.freshUserId()}/zone`, payload: { zone_id: null } }),
  },
  [routeKey('GET', '/api/admin/users/:id/zone')]: {
    access: 'staff', action: 'deliveries.plan',
    allowed: [200],
    request: async (f) => ({ method: 'GET', url: `/api/admin/users/${await f.freshUserId()}/zone` }),
  },
  [routeKey('GET', '/api/admin/holidays')]: { access: 'staff', action: 'deliveries.plan', allowed: [200], request: () => ({ method: 'GET', url: '/api/admin/holidays' }) },
  [routeKey('PUT', '/api/admin/holidays')]: {
    access: 'staff', action: 'deliveries.plan',
    allowed: [200],
    request: () => ({ method: 'PUT', url: '/api/admin/holidays', payload: { holidays: [{ date: '2026-12-25', name: 'Navidad' }] } }),
  },
  [routeKey('GET', '/api/admin/deliveries')]: { access: 'staff', action: 'deliveries.plan', allowed: [200], request: () => ({ method: 'GET', url: '/api/admin/deliveries?date=2026-11-27' }) },
  // The fixtures' customer has no zone: past the guard the move answers 422 customer_without_zone.
  [routeKey('PATCH', '/api/admin/orders/:id/delivery-date')]: {
    access: 'staff', action: 'deliveries.plan',
    allowed: [422],
    request: async (f) => ({ method: 'PATCH', url: `/api/admin/orders/${await f.freshOrderId()}/delivery-date`, payload: { date: '2030-01-04' } }),
  },
  // No zone in the fixtures: past the guard an unknown zone answers 404 zone_not_found, even with no stops.
  [routeKey('PUT', '/api/admin/deliveries/:date/:zone_id/stops')]: {
    access: 'staff', action: 'deliveries.plan',
    allowed: [404],
    request: () => ({ method: 'PUT', url: '/api/admin/deliveries/2026-11-27/999999/stops', payload: { order_ids: [] } }),
  },
  ...Object.fromEntries(
    ['route.pdf', 'route.xlsx', 'load.pdf', 'load.xlsx'].map((file) => [
      routeKey('GET', `/api/admin/deliveries/:date/:zone_id/${file}`),
      {
        access: 'staff' as const,
        action: file.startsWith('route') ? ('deliveries.plan' as const) : ('orders.prepare' as const),
        // No zone in the fixtures: past the guard an unknown zone answers 404.
        allowed: [404],
        request: () => ({ method: 'GET' as const, url: `/api/admin/deliveries/2026-11-27/999999/${file}` }),
      },
    ]),
  ),
  [routeKey('GET', '/api/driver/stops')]: { access: 'staff', action: 'deliveries.drive', allowed: [200], request: () => ({ method: 'GET', url: '/api/driver/stops?date=2026-11-27' }) },
  // An order no one has: past the guard it answers 404 (the driver's own orders are test/driver-deliveries.test.ts's).
  [routeKey('POST', '/api/driver/orders/:id/delivered')]: {
    access: 'staff',
    action: 'deliveries.drive',
    allowed: [404],
    request: () => ({ method: 'POST', url: `/api/driver/orders/${randomUUID()}/delivered`, payload: { idempotency_key: randomUUID() } }),
  },
  [routeKey('POST', '/api/driver/orders/:id/not-delivered')]: {
    access: 'staff',
    action: 'deliveries.drive',
    allowed: [404],
    request: () => ({ method: 'POST', url: `/api/driver/orders/${randomUUID()}/not-delivered`, payload: { reason: 'cerrado' } }),
  },

  // ── settings ──
  [routeKey('GET', '/api/admin/settings')]: {
    access: 'staff',
    action: 'settings.manage',
    allowed: [200],
    request: () => ({ method: 'GET', url: '/api/admin/settings' }),
  },
  [routeKey('GET', '/api/settings/public')]: {
    access: 'public',
    allowed: [200],
    request: () => ({ method: 'GET', url: '/api/settings/public' }),
  },
  [routeKey('PUT', '/api/admin/settings')]: {
    access: 'staff',
    action: 'settings.manage',
    allowed: [200],
    request: () => ({ method: 'PUT', url: '/api/admin/settings', payload: { min_order_amount: 0 } }),
  },

  // ── prices (the repricing work, decision 015) ──
  [routeKey('POST', '/api/admin/products/reprice')]: {
    access: 'staff',
    action: 'prices.manage',
    allowed: [200],
    request: (f) => ({
      method: 'POST',
      url: '/api/admin/products/reprice?dry_run=1',
      payload: { scope: { product_ids: [f.productId] }, adjustment: { kind: 'percent', percent: 5 }, fields: ['price'] },
    }),
  },
  [routeKey('GET', '/api/admin/products/export.csv')]: {
    access: 'staff',
    action: 'prices.manage',
    allowed: [200],
    request: () => ({ method: 'GET', url: '/api/admin/products/export.csv?category=Matriz' }),
  },
  [routeKey('GET', '/api/admin/products/export.xlsx')]: {
    access: 'staff',
    action: 'prices.manage',
    allowed: [200],
    request: () => ({ method: 'GET', url: '/api/admin/products/export.xlsx?category=Matriz' }),
  },
  [routeKey('POST', '/api/admin/products/import')]: {
    access: 'staff',
    action: 'prices.manage',
    allowed: [400],
    request: () => ({ method: 'POST', url: '/api/admin/products/import?dry_run=1', ...multipartImage(Buffer.from('SKU;Nombre\n')) }),
  },
  [routeKey('GET', '/api/price-list.pdf')]: {
    access: 'approved',
    allowed: [200],
    request: () => ({ method: 'GET', url: '/api/price-list.pdf' }),
  },
  [routeKey('GET', '/api/admin/users/:id/price-list.pdf')]: {
    access: 'staff',
    action: 'customers.read',
    allowed: [200],
    request: (f) => ({ method: 'GET', url: `/api/admin/users/${f.customerId}/price-list.pdf` }),
  },
  // ── price lists per customer (the business-identity work, decisions 017–019) ──
  [routeKey('GET', '/api/admin/price-lists')]: {
    access: 'staff',
    action: 'prices.manage',
    allowed: [200],
    request: () => ({ method: 'GET', url: '/api/admin/price-lists' }),
  },
  [routeKey('POST', '/api/admin/price-lists')]: {
    access: 'staff',
    action: 'prices.manage',
    allowed: [201],
    request: () => ({ method: 'POST', url: '/api/admin/price-lists', payload: { name: `Matriz ${randomUUID()}`, percentage: -5 } }),
  },
  [routeKey('GET', '/api/admin/price-lists/:id')]: {
    access: 'staff',
    action: 'prices.manage',
    allowed: [404],
    request: () => ({ method: 'GET', url: `/api/admin/price-lists/${randomUUID()}` }),
  },
  [routeKey('PUT', '/api/admin/price-lists/:id')]: {
    access: 'staff',
    action: 'prices.manage',
    allowed: [404],
    request: () => ({ method: 'PUT', url: `/api/admin/price-lists/${randomUUID()}`, payload: { name: 'Matriz', percentage: 3 } }),
  },
  [routeKey('DELETE', '/api/admin/price-lists/:id')]: {
    access: 'staff',
    action: 'prices.manage',
    allowed: [404],
    request: () => ({ method: 'DELETE', url: `/api/admin/price-lists/${randomUUID()}` }),
  },
  [routeKey('PATCH', '/api/admin/users/:id/price-list')]: {
    access: 'staff',
    action: 'customers.manage',
    allowed: [200],
    request: async (f) => ({ method: 'PATCH', url: `/api/admin/users/${await f.freshUserId()}/price-list`, payload: { price_list_id: null } }),
  },
  [routeKey('GET', '/api/admin/price-changes')]: {
    access: 'staff',
    action: 'prices.manage',
    allowed: [200],
    request: () => ({ method: 'GET', url: '/api/admin/price-changes' }),
  },
  [routeKey('POST', '/api/admin/price-changes/:id/undo')]: {
    access: 'staff',
    action: 'prices.manage',
    allowed: [404],
    request: () => ({ method: 'POST', url: `/api/admin/price-changes/${randomUUID()}/undo` }),
  },
  [routeKey('GET', '/api/admin/products/:id/price-history')]: {
    access: 'staff',
    action: 'prices.manage',
    allowed: [200],
    request: (f) => ({ method: 'GET', url: `/api/admin/products/${f.productId}/price-history` }),
  },

  // ── products ──
  [routeKey('GET', '/api/products')]: {
    access: 'public',
    allowed: [200],
    browserRevalidates: true,
    request: () => ({ method: 'GET', url: '/api/products' }),
  },
  [routeKey('GET', '/api/products/categories')]: {
    access: 'public',
    allowed: [200],
    request: () => ({ method: 'GET', url: '/api/products/categories' }),
  },
  [routeKey('POST', '/api/products')]: {
    access: 'staff',
    action: 'products.manage',
    allowed: [201],
    request: () => ({ method: 'POST', url: '/api/products', payload: productBody(`Matriz ${randomUUID()}`) }),
  },
  [routeKey('PUT', '/api/products/:id')]: {
    access: 'staff',
    action: 'products.manage',
    allowed: [200],
    request: async (f) => ({ method: 'PUT', url: `/api/products/${await f.freshProductId()}`, payload: productBody(`Matriz ${randomUUID()}`) }),
  },
  [routeKey('PATCH', '/api/products/:id/enabled')]: {
    access: 'staff',
    action: 'products.manage',
    allowed: [200],
    request: async (f) => ({ method: 'PATCH', url: `/api/products/${await f.freshProductId()}/enabled`, payload: { is_enabled: false } }),
  },
  [routeKey('DELETE', '/api/products/:id')]: {
    access: 'staff',
    action: 'products.manage',
    allowed: [204],
    request: async (f) => ({ method: 'DELETE', url: `/api/products/${await f.freshProductId()}` }),
  },
  [routeKey('POST', '/api/products/:id/image')]: {
    access: 'staff',
    action: 'products.manage',
    allowed: [200],
    request: async (f) => ({ method: 'POST', url: `/api/products/${await f.freshProductId()}/image`, ...multipartImage(f.pngImage) }),
  },
  [routeKey('GET', '/api/products/:id')]: {
    access: 'public',
    allowed: [200],
    browserRevalidates: true,
    request: (f) => ({ method: 'GET', url: `/api/products/${f.productId}` }),
  },
  [routeKey('POST', '/api/products/:id/images')]: {
    access: 'staff',
    action: 'products.manage',
    allowed: [201],
    request: async (f) => ({ method: 'POST', url: `/api/products/${await f.freshProductId()}/images`, ...multipartImage(f.pngImage) }),
  },
  [routeKey('PUT', '/api/products/:id/images/order')]: {
    access: 'staff',
    action: 'products.manage',
    // A fresh product has no image: any id list is refused (400), after the guard.
    allowed: [400],
    request: async (f) => ({ method: 'PUT', url: `/api/products/${await f.freshProductId()}/images/order`, payload: { ids: [randomUUID()] } }),
  },
  [routeKey('DELETE', '/api/products/:id/images/:imageId')]: {
    access: 'staff',
    action: 'products.manage',
    allowed: [404],
    request: async (f) => ({ method: 'DELETE', url: `/api/products/${await f.freshProductId()}/images/${randomUUID()}` }),
  },
  [routeKey('GET', '/uploads/:file')]: {
    access: 'public',
    allowed: [200],
    request: (f) => ({ method: 'GET', url: `/uploads/${f.uploadedFile}` }),
  },

  // ── cart ──
  [routeKey('GET', '/api/cart')]: { access: 'approved', allowed: [200], request: () => ({ method: 'GET', url: '/api/cart' }) },
  [routeKey('PUT', '/api/cart')]: {
    access: 'approved',
    allowed: [200],
    request: (f) => ({ method: 'PUT', url: '/api/cart', payload: { cart_data: { [f.productId]: 2 } } }),
  },
  [routeKey('GET', '/api/cart/products')]: {
    access: 'approved',
    allowed: [200],
    request: (f) => ({ method: 'GET', url: `/api/cart/products?ids=${f.productId}` }),
  },
  // The offline snapshot of the catalogue at the customer's prices (decision 043).
  [routeKey('GET', '/api/catalog/snapshot')]: { access: 'approved', allowed: [200], browserRevalidates: true, request: () => ({ method: 'GET', url: '/api/catalog/snapshot' }) },
  // ── saved lists and favourites (the wholesale-ordering work, decision 016): an unknown or another customer's list id is 404 ──
  [routeKey('GET', '/api/lists')]: { access: 'approved', allowed: [200], request: () => ({ method: 'GET', url: '/api/lists' }) },
  [routeKey('POST', '/api/lists')]: {
    access: 'approved',
    // 400 empty_cart when the caller's saved cart is empty.
    allowed: [201, 400],
    request: () => ({ method: 'POST', url: '/api/lists', payload: { name: 'Semanal' } }),
  },
  [routeKey('PUT', '/api/lists/:id')]: {
    access: 'approved',
    allowed: [404],
    request: () => ({ method: 'PUT', url: `/api/lists/${randomUUID()}`, payload: { name: 'Otra' } }),
  },
  [routeKey('DELETE', '/api/lists/:id')]: { access: 'approved', allowed: [404], request: () => ({ method: 'DELETE', url: `/api/lists/${randomUUID()}` }) },
  [routeKey('POST', '/api/lists/:id/to-cart')]: {
    access: 'approved',
    allowed: [404],
    request: () => ({ method: 'POST', url: `/api/lists/${randomUUID()}/to-cart` }),
  },
  [routeKey('GET', '/api/favorites')]: { access: 'approved', allowed: [200], request: () => ({ method: 'GET', url: '/api/favorites' }) },
  [routeKey('PUT', '/api/favorites/:productId')]: {
    access: 'approved',
    allowed: [204],
    request: (f) => ({ method: 'PUT', url: `/api/favorites/${f.productId}` }),
  },
  [routeKey('DELETE', '/api/favorites/:productId')]: {
    access: 'approved',
    allowed: [204],
    request: (f) => ({ method: 'DELETE', url: `/api/favorites/${f.productId}` }),
  },
  [routeKey('POST', '/api/cart/lines')]: {
    access: 'approved',
    allowed: [200],
    request: () => ({ method: 'POST', url: '/api/cart/lines', payload: { lines: [{ sku: 'NO-EXISTE', quantity: 1 }] } }),
  },

  // ── orders (customer side) ──
  [routeKey('POST', '/api/orders')]: {
    access: 'approved',
    allowed: [201],
    request: (f) => ({
      method: 'POST',
      url: '/api/orders',
      payload: { items: [{ product_id: f.productId, quantity: 1 }], observaciones: '', canjeado_con_puntos: false, idempotency_key: randomUUID() },
    }),
  },
  [routeKey('GET', '/api/orders')]: { access: 'approved', allowed: [200], request: () => ({ method: 'GET', url: '/api/orders' }) },
  [routeKey('GET', '/api/orders/:id')]: {
    access: 'approved',
    ownedByCustomer: true,
    allowed: [200],
    request: (f) => ({ method: 'GET', url: `/api/orders/${f.customerOrderId}` }),
  },
  [routeKey('GET', '/api/orders/:id/pdf')]: {
    access: 'approved',
    ownedByCustomer: true,
    allowed: [200],
    request: (f) => ({ method: 'GET', url: `/api/orders/${f.customerOrderId}/pdf` }),
  },
  [routeKey('POST', '/api/orders/:id/cancel')]: {
    access: 'approved',
    ownedByCustomer: true,
    allowed: [200],
    request: (f) => ({ method: 'POST', url: `/api/orders/${f.customerOrderId}/cancel` }),
  },

  // ── orders (admin side) ──
  [routeKey('GET', '/api/admin/orders')]: { access: 'staff', action: 'orders.read', allowed: [200], request: () => ({ method: 'GET', url: '/api/admin/orders' }) },
  [routeKey('GET', '/api/admin/orders/export.csv')]: {
    access: 'staff',
    action: 'orders.read',
    allowed: [200],
    request: () => ({ method: 'GET', url: '/api/admin/orders/export.csv' }),
  },
  [routeKey('GET', '/api/admin/orders/:id')]: {
    access: 'staff',
    action: 'orders.read',
    allowed: [200],
    request: (f) => ({ method: 'GET', url: `/api/admin/orders/${f.customerOrderId}` }),
  },
  [routeKey('POST', '/api/admin/orders/:id/status')]: {
    access: 'staff',
    action: 'orders.manage',
    allowed: [200],
    request: async (f) => ({ method: 'POST', url: `/api/admin/orders/${await f.freshOrderId()}/status`, payload: { status: 'Confirmado' } }),
  },
  // The warehouse's step (decision 046): a fresh order is Pendiente, so past the guard it cannot jump to Preparado (409).
  [routeKey('POST', '/api/admin/orders/:id/prepared')]: {
    access: 'staff',
    action: 'orders.prepare',
    allowed: [409],
    request: async (f) => ({ method: 'POST', url: `/api/admin/orders/${await f.freshOrderId()}/prepared` }),
  },
  // The order-life work (decision 014)
  [routeKey('PATCH', '/api/admin/orders/:id')]: {
    access: 'staff',
    action: 'orders.manage',
    allowed: [200],
    request: async (f) => ({
      method: 'PATCH',
      url: `/api/admin/orders/${await f.freshOrderId()}`,
      payload: { lines: [{ product_id: f.productId, quantity: 2 }], reason: 'Prueba de permisos', reprice: false },
    }),
  },
  [routeKey('GET', '/api/admin/orders/:id/edits')]: {
    access: 'staff',
    action: 'orders.read',
    allowed: [200],
    request: (f) => ({ method: 'GET', url: `/api/admin/orders/${f.customerOrderId}/edits` }),
  },
  [routeKey('GET', '/api/admin/orders/:id/pdf')]: {
    access: 'staff',
    action: 'orders.read',
    allowed: [200],
    request: (f) => ({ method: 'GET', url: `/api/admin/orders/${f.customerOrderId}/pdf` }),
  },
  [routeKey('GET', '/api/admin/picking-sheet.pdf')]: {
    access: 'staff',
    action: 'orders.prepare',
    allowed: [200],
    request: (f) => ({ method: 'GET', url: `/api/admin/picking-sheet.pdf?ids=${f.customerOrderId}` }),
  },
  [routeKey('GET', '/api/admin/dashboard')]: {
    access: 'staff',
    action: 'reports.read',
    allowed: [200],
    request: () => ({ method: 'GET', url: '/api/admin/dashboard?period=month' }),
  },
  [routeKey('GET', '/api/admin/emails')]: { access: 'staff', action: 'settings.manage', allowed: [200], request: () => ({ method: 'GET', url: '/api/admin/emails' }) },
  [routeKey('POST', '/api/admin/emails/:id/retry')]: {
    access: 'staff',
    action: 'settings.manage',
    allowed: [404],
    request: () => ({ method: 'POST', url: '/api/admin/emails/999999999/retry' }),
  },

  // ── staff, invitations and the activity log (decisions 046 and 048): the owner only ──
  [routeKey('GET', '/api/admin/staff')]: { access: 'staff', action: 'staff.manage', allowed: [200], request: () => ({ method: 'GET', url: '/api/admin/staff' }) },
  // A customer's id: past the guard, the target is not staff (404) and nothing changes.
  [routeKey('PATCH', '/api/admin/staff/:id')]: {
    access: 'staff',
    action: 'staff.manage',
    allowed: [404],
    request: (f) => ({ method: 'PATCH', url: `/api/admin/staff/${f.customerId}`, payload: { role: 'admin' } }),
  },
  [routeKey('DELETE', '/api/admin/staff/:id')]: {
    access: 'staff',
    action: 'staff.manage',
    allowed: [404],
    request: (f) => ({ method: 'DELETE', url: `/api/admin/staff/${f.customerId}` }),
  },
  // A customer's id: past the guard, not a sales rep (422) and nothing changes.
  [routeKey('PATCH', '/api/admin/staff/:id/commission')]: {
    access: 'staff',
    action: 'staff.manage',
    allowed: [422],
    request: (f) => ({ method: 'PATCH', url: `/api/admin/staff/${f.customerId}/commission`, payload: { commission_bp: 250 } }),
  },
  [routeKey('GET', '/api/admin/reps/:id/summary')]: {
    access: 'staff',
    action: 'reports.read',
    allowed: [404],
    request: (f) => ({ method: 'GET', url: `/api/admin/reps/${f.customerId}/summary` }),
  },
  [routeKey('POST', '/api/admin/staff/invitations')]: {
    access: 'staff',
    action: 'staff.manage',
    allowed: [201],
    request: () => ({ method: 'POST', url: '/api/admin/staff/invitations', payload: { email: uniqueEmail(), role: 'driver' } }),
  },
  [routeKey('POST', '/api/auth/staff-invitation')]: {
    access: 'public',
    allowed: [400],
    request: () => ({
      method: 'POST',
      url: '/api/auth/staff-invitation',
      payload: { token: randomBytes(32).toString('base64url'), password: strongPassword, nombre: 'Nueva', apellido: 'Persona', dni: randomDni() },
    }),
  },
  [routeKey('GET', '/api/admin/audit')]: { access: 'staff', action: 'audit.read', allowed: [200], request: () => ({ method: 'GET', url: '/api/admin/audit' }) },

  // ── sales reps (decision 047). The matrix's customer is not assigned to the matrix's rep: past the
  // guard, a rep acting on them is refused as not theirs (403) and nothing is written; rep.test.ts
  // covers a rep's own customers. ──
  [routeKey('GET', '/api/rep/customers')]: { access: 'staff', action: 'rep.customers', allowed: [200], request: () => ({ method: 'GET', url: '/api/rep/customers' }) },
  [routeKey('GET', '/api/rep/customers/:id')]: {
    access: 'staff',
    action: 'rep.customers',
    allowed: [403],
    request: (f) => ({ method: 'GET', url: `/api/rep/customers/${f.customerId}` }),
  },
  // "Tomar pedido" reads the customer's catalogue at their prices (the snapshot's body, revalidated
  // by its ETag) and their account figures; the matrix's customer is not the rep's: 403.
  [routeKey('GET', '/api/rep/customers/:id/catalog')]: {
    access: 'staff',
    action: 'rep.customers',
    allowed: [403],
    browserRevalidates: true,
    request: (f) => ({ method: 'GET', url: `/api/rep/customers/${f.customerId}/catalog` }),
  },
  [routeKey('GET', '/api/rep/customers/:id/account')]: {
    access: 'staff',
    action: 'rep.customers',
    allowed: [403],
    request: (f) => ({ method: 'GET', url: `/api/rep/customers/${f.customerId}/account` }),
  },
  // "Aplicar a" on the rep's payment dialog: the matrix's customer is not the rep's, 403.
  [routeKey('GET', '/api/rep/customers/:id/charges')]: {
    access: 'staff',
    action: 'rep.customers',
    allowed: [403],
    request: (f) => ({ method: 'GET', url: `/api/rep/customers/${f.customerId}/charges` }),
  },
  // A receipt of the matrix's customer, who is not the rep's: 404, like a payment that does not exist.
  [routeKey('GET', '/api/rep/payments/:id/pdf')]: {
    access: 'staff',
    action: 'rep.customers',
    allowed: [404],
    request: (f) => ({ method: 'GET', url: `/api/rep/payments/${f.customerPaymentId}/pdf` }),
  },
  [routeKey('POST', '/api/rep/customers/:id/orders')]: {
    access: 'staff',
    action: 'rep.customers',
    allowed: [403],
    request: (f) => ({
      method: 'POST',
      url: `/api/rep/customers/${f.customerId}/orders`,
      payload: { items: [{ product_id: f.productId, quantity: 1 }], idempotency_key: randomUUID() },
    }),
  },
  [routeKey('POST', '/api/rep/customers/:id/payments')]: {
    access: 'staff',
    action: 'rep.customers',
    allowed: [403],
    request: (f) => ({ method: 'POST', url: `/api/rep/customers/${f.customerId}/payments`, payload: { amount: 1_000, method: 'cash', idempotency_key: randomUUID() } }),
  },
  [routeKey('GET', '/api/rep/orders')]: { access: 'staff', action: 'rep.customers', allowed: [200], request: () => ({ method: 'GET', url: '/api/rep/orders' }) },
  [routeKey('GET', '/api/rep/summary')]: { access: 'staff', action: 'rep.customers', allowed: [200], request: () => ({ method: 'GET', url: '/api/rep/summary' }) },
  [routeKey('PATCH', '/api/admin/users/:id/rep')]: {
    access: 'staff',
    action: 'customers.manage',
    allowed: [204],
    request: (f) => ({ method: 'PATCH', url: `/api/admin/users/${f.customerId}/rep`, payload: { rep_id: null } }),
  },
  // No zone in the fixtures: past the guard an unknown zone answers 404 and nothing changes.
  [routeKey('PATCH', '/api/admin/zones/:id/rep')]: {
    access: 'staff',
    action: 'customers.manage',
    allowed: [404],
    request: () => ({ method: 'PATCH', url: '/api/admin/zones/999999/rep', payload: { rep_id: null } }),
  },
  [routeKey('GET', '/api/admin/collections')]: {
    access: 'staff',
    action: 'payments.record',
    allowed: [200],
    request: () => ({ method: 'GET', url: '/api/admin/collections' }),
  },
  [routeKey('POST', '/api/admin/collections/:id/confirm')]: {
    access: 'staff',
    action: 'payments.record',
    allowed: [404],
    request: () => ({ method: 'POST', url: '/api/admin/collections/999999999/confirm' }),
  },
  [routeKey('DELETE', '/api/admin/collections/:id/confirm')]: {
    access: 'staff',
    action: 'payments.record',
    allowed: [404],
    request: () => ({ method: 'DELETE', url: '/api/admin/collections/999999999/confirm' }),
  },
  [routeKey('POST', '/api/admin/collections/confirm')]: {
    access: 'staff',
    action: 'payments.record',
    allowed: [404],
    request: () => ({ method: 'POST', url: '/api/admin/collections/confirm', payload: { payment_ids: [999_999_999] } }),
  },

  // ── realtime: a plain GET (no upgrade) answers 426 with { code, message }; joins are checked
  // over a real socket in security-permissions.test.ts ──
  [routeKey('GET', '/realtime')]: { access: 'websocket', allowed: [426], request: () => ({ method: 'GET', url: '/realtime' }) },
};

/**
 * What a caller must get from a route: the guard decides first (401 signed out, 403 not
 * approved / not admin), then ownership (someone else's object is 404, never 403, so ids
 * cannot be probed), then the route's own answer.
 */
export function expectedStatuses(rule: RouteRule, caller: Caller): readonly number[] {
  if (rule.access === 'public' || rule.access === 'websocket') return rule.allowed;
  // An unverified account cannot sign in (403 email_not_confirmed), so it calls as anonymous.
  if (caller === 'anonymous' || caller === 'unverified') return [401];
  const ownerCheck = () => (rule.ownedByCustomer && caller !== 'customer' ? [404] : rule.allowed);
  if (rule.access === 'session') return ownerCheck();
  if (caller === 'unapproved') return [403];
  // The shopper's own routes: customers, and staff whose role also buys (decision 067).
  if (rule.access === 'approved') return CALLER_ROLES[caller] && !can(CALLER_ROLES[caller], 'shop.own') ? [403] : ownerCheck();
  // Staff: the permission matrix decides, role by role (customers hold no role).
  return can(CALLER_ROLES[caller], rule.action!) ? rule.allowed : [403];
}

/**
 * `{ method, url }` pairs from `app.printRoutes({ commonPrefix: false })`, which prints a tree:
 * a child line holds only the part of the path after its parent's. HEAD routes mirror GET
 * (same handler, same guards), so they are left out.
 */
export function parseRouteTable(printed: string): Array<{ method: string; url: string }> {
  const routes: Array<{ method: string; url: string }> = [];
  const pathAtDepth: string[] = [];
  for (const line of printed.split('\n')) {
    const match = /^(.*?)(?:├── |└── )(\S+) \(([A-Z, ]+)\)$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const url = (depth > 0 ? pathAtDepth[depth - 1]! : '') + match[2]!;
    pathAtDepth[depth] = url;
    pathAtDepth.length = depth + 1;
    for (const method of match[3]!.split(',').map((m) => m.trim())) {
      if (method !== 'HEAD') routes.push({ method, url });
    }
  }
  return routes;
}

// ── database snapshots, shared by the security suites ──

/**
 * One hash per table of the public schema over every row (as text, sorted), so a test can
 * prove that a rejected request wrote nothing anywhere.
 */
export async function snapshotDatabase(pool: pg.Pool): Promise<Record<string, string>> {
  const { rows: tables } = await pool.query<{ table_name: string }>(
    `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const snapshot: Record<string, string> = {};
  for (const { table_name } of tables) {
    const { rows } = await pool.query<{ row: string }>(`select t::text as row from public."${table_name}" t order by 1`);
    snapshot[table_name] = createHash('sha256')
      .update(rows.map((r) => r.row).join('\n'))
      .digest('hex');
  }
  return snapshot;
}
