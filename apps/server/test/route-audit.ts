import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { routeKey } from './route-permissions';
import type { TestUser } from './factories';

/**
 * The audit side of the route classification (decision 048): every staff route that writes —
 * POST, PUT, PATCH or DELETE on a `staff` route — names the audit action its success records, and
 * a request that succeeds. audit-coverage.test.ts checks that the app's own table of staff routes
 * and this one name the same routes (a new staff write without an audit action fails the build),
 * then calls each route and finds exactly one new row: actor, role, action, entity, entity id, a
 * summary and the request's address.
 */

export type AuditCaller = 'owner' | 'sales' | 'driver';

/** Things each call consumes, created before it runs (their own audit rows come before the mark). */
export interface AuditFixtures {
  users: Record<AuditCaller, TestUser>;
  /** An approved customer, or one waiting for approval. */
  customer(options?: { approved?: boolean }): Promise<TestUser>;
  product(): Promise<string>;
  /** A product with two images: its id and the images' ids. */
  productWithImages(): Promise<{ id: string; images: string[] }>;
  /** An order of `customer` (a fresh one by default) in the given status. */
  order(options?: { status?: 'Pendiente' | 'Confirmado'; held?: boolean }): Promise<{ id: string; productId: string }>;
  /** A payment recorded by the office on a fresh customer's account. */
  payment(): Promise<{ id: number; customerId: string }>;
  /** The account id of an e-mail address. */
  userIdOf(email: string): Promise<string>;
  /** A zone with no customers, driven by the fixtures' driver. */
  zone(): Promise<number>;
  /** An order of a customer of the zone (default: the driver's), Confirmado and due today. */
  orderOfZone(zoneId?: number): Promise<{ id: string; zoneId: number; customerId: string }>;
  priceList(): Promise<string>;
  /** A repricing of a fresh product, not undone. */
  priceChange(): Promise<string>;
  /** A customer of the fixtures' rep. */
  repCustomer(): Promise<TestUser>;
  /** A cash payment the rep collected, not yet confirmed. */
  repPayment(): Promise<number>;
  /** A cash payment the rep collected, confirmed by the office. */
  confirmedRepPayment(): Promise<number>;
  staffMember(): Promise<TestUser>;
  failedEmail(): Promise<number>;
  /** A spreadsheet that creates one product, as a multipart body. */
  importFile(): { payload: Buffer; headers: Record<string, string> };
  pngUpload(): { payload: Buffer; headers: Record<string, string> };
  /** Today in the test's clock (Buenos Aires), a delivery day of the fixtures' zones. */
  today: string;
}

export type AuditRequest = Pick<InjectOptions, 'method' | 'url' | 'payload' | 'headers'>;

/** The id the row must name, or how to find it when the request creates the thing (from the answer's body). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each route answers its own shape
export type EntityId = string | ((answer: any, f: AuditFixtures) => string | Promise<string>);

export interface AuditedRoute {
  /** The audit row's action, e.g. 'price_list.update'. */
  action: string;
  entity: string;
  /** Who calls (default the owner, who may do everything). */
  caller?: AuditCaller;
  /** A request that succeeds, and the entity id its row must name. */
  call(f: AuditFixtures): Promise<{ request: AuditRequest; entityId: EntityId }>;
}

const at = (method: AuditRequest['method'], url: string, payload?: unknown): AuditRequest => ({
  method,
  url,
  ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
});
const productBody = () => ({ name: `Auditado ${randomUUID()}`, price: 12_345, retail_price: 20_000, stock: 10, category: 'Auditoría' });
const zoneBody = () => ({ name: `Zona ${randomUUID()}`, weekdays: [1, 2, 3, 4, 5], cutoff_days_before: 1, cutoff_time: '18:00' });

/** Accounts, the cuenta corriente and credit, orders. */
const customerAndOrderRoutes: Record<string, AuditedRoute> = {
  [routeKey('PATCH', '/api/admin/users/:id/approval')]: {
    action: 'customer.approve',
    entity: 'customer',
    call: async (f) => {
      const { userId } = await f.customer({ approved: false });
      return { request: at('PATCH', `/api/admin/users/${userId}/approval`, { approved: true }), entityId: userId };
    },
  },
  [routeKey('DELETE', '/api/admin/users/:id')]: {
    action: 'customer.reject',
    entity: 'customer',
    call: async (f) => {
      const { userId } = await f.customer({ approved: false });
      return { request: at('DELETE', `/api/admin/users/${userId}`), entityId: userId };
    },
  },
  [routeKey('POST', '/api/admin/users/:id/points')]: {
    action: 'customer.points',
    entity: 'customer',
    call: async (f) => {
      const { userId } = await f.customer();
      return { request: at('POST', `/api/admin/users/${userId}/points`, { saldo_puntos: 5_000, reason: 'Bonificación' }), entityId: userId };
    },
  },
  [routeKey('PATCH', '/api/admin/users/:id/notes')]: {
    action: 'customer.notes',
    entity: 'customer',
    call: async (f) => {
      const { userId } = await f.customer();
      return { request: at('PATCH', `/api/admin/users/${userId}/notes`, { admin_notes: 'Paga a 30 días.' }), entityId: userId };
    },
  },
  [routeKey('PATCH', '/api/admin/users/:id/role')]: {
    action: 'staff.role',
    entity: 'staff',
    call: async (f) => {
      const { userId } = await f.customer();
      return { request: at('PATCH', `/api/admin/users/${userId}/role`, { is_admin: true }), entityId: userId };
    },
  },
  [routeKey('POST', '/api/admin/users/:id/payments')]: {
    action: 'payment.record',
    entity: 'customer',
    call: async (f) => {
      const { userId } = await f.customer();
      return { request: at('POST', `/api/admin/users/${userId}/payments`, { amount: 1_000, method: 'cash', idempotency_key: randomUUID() }), entityId: userId };
    },
  },
  [routeKey('POST', '/api/admin/users/:id/credit-notes')]: {
    action: 'credit_note.issue',
    entity: 'customer',
    call: async (f) => {
      const { userId } = await f.customer();
      return { request: at('POST', `/api/admin/users/${userId}/credit-notes`, { amount: 500, reason: 'Bonificación' }), entityId: userId };
    },
  },
  [routeKey('POST', '/api/admin/users/:id/adjustments')]: {
    action: 'account.adjust',
    entity: 'customer',
    call: async (f) => {
      const { userId } = await f.customer();
      const body = { amount: 25_000, reason: 'Saldo inicial de la cuenta', due_date: '2026-01-31' };
      return { request: at('POST', `/api/admin/users/${userId}/adjustments`, body), entityId: userId };
    },
  },
  [routeKey('POST', '/api/admin/payments/:id/reverse')]: {
    action: 'payment.reverse',
    entity: 'customer',
    call: async (f) => {
      const payment = await f.payment();
      return { request: at('POST', `/api/admin/payments/${payment.id}/reverse`, { reason: 'Cheque rechazado' }), entityId: payment.customerId };
    },
  },
  [routeKey('PATCH', '/api/admin/users/:id/credit')]: {
    action: 'customer.credit',
    entity: 'customer',
    call: async (f) => {
      const { userId } = await f.customer();
      return { request: at('PATCH', `/api/admin/users/${userId}/credit`, { payment_terms_days: 15, credit_limit: 100_000 }), entityId: userId };
    },
  },
  [routeKey('POST', '/api/admin/orders/:id/release')]: {
    action: 'order.credit_hold',
    entity: 'order',
    call: async (f) => {
      const { id } = await f.order({ held: true });
      return { request: at('POST', `/api/admin/orders/${id}/release`, {}), entityId: id };
    },
  },
  [routeKey('POST', '/api/admin/orders/:id/reject-credit')]: {
    action: 'order.credit_hold',
    entity: 'order',
    call: async (f) => {
      const { id } = await f.order({ held: true });
      return { request: at('POST', `/api/admin/orders/${id}/reject-credit`, { reason: 'Saldo vencido' }), entityId: id };
    },
  },
  [routeKey('POST', '/api/admin/orders/:id/status')]: {
    action: 'order.status',
    entity: 'order',
    call: async (f) => {
      const { id } = await f.order();
      return { request: at('POST', `/api/admin/orders/${id}/status`, { status: 'Confirmado' }), entityId: id };
    },
  },
  [routeKey('POST', '/api/admin/orders/:id/prepared')]: {
    action: 'order.status',
    entity: 'order',
    call: async (f) => {
      const { id } = await f.order({ status: 'Confirmado' });
      return { request: at('POST', `/api/admin/orders/${id}/prepared`), entityId: id };
    },
  },
  [routeKey('PATCH', '/api/admin/orders/:id')]: {
    action: 'order.edit',
    entity: 'order',
    call: async (f) => {
      const { id, productId } = await f.order();
      const body = { lines: [{ product_id: productId, quantity: 3 }], reason: 'El cliente pidió una más', reprice: false };
      return { request: at('PATCH', `/api/admin/orders/${id}`, body), entityId: id };
    },
  },
};

/** Repartos: zones, feriados, the day's route, the driver at the door. */
const deliveryRoutes: Record<string, AuditedRoute> = {
  [routeKey('POST', '/api/admin/zones')]: {
    action: 'zone.create',
    entity: 'zone',
    call: async () => ({ request: at('POST', '/api/admin/zones', zoneBody()), entityId: (zone: { id: number }) => String(zone.id) }),
  },
  [routeKey('PATCH', '/api/admin/zones/:id')]: {
    action: 'zone.update',
    entity: 'zone',
    call: async (f) => {
      const id = await f.zone();
      return { request: at('PATCH', `/api/admin/zones/${id}`, { cutoff_time: '17:00' }), entityId: String(id) };
    },
  },
  [routeKey('DELETE', '/api/admin/zones/:id')]: {
    action: 'zone.delete',
    entity: 'zone',
    call: async (f) => {
      const id = await f.zone();
      return { request: at('DELETE', `/api/admin/zones/${id}`), entityId: String(id) };
    },
  },
  [routeKey('PATCH', '/api/admin/users/:id/zone')]: {
    action: 'customer.zone',
    entity: 'customer',
    call: async (f) => {
      const [{ userId }, zoneId] = await Promise.all([f.customer(), f.zone()]);
      return { request: at('PATCH', `/api/admin/users/${userId}/zone`, { zone_id: zoneId, stop_position: 3 }), entityId: userId };
    },
  },
  [routeKey('PUT', '/api/admin/holidays')]: {
    action: 'holidays.replace',
    entity: 'holidays',
    call: async () => ({ request: at('PUT', '/api/admin/holidays', { holidays: [{ date: '2026-12-25', name: 'Navidad' }] }), entityId: 'delivery' }),
  },
  [routeKey('PATCH', '/api/admin/orders/:id/delivery-date')]: {
    action: 'order.delivery_date',
    entity: 'order',
    call: async (f) => {
      const { id } = await f.orderOfZone();
      return { request: at('PATCH', `/api/admin/orders/${id}/delivery-date`, { date: f.today }), entityId: id };
    },
  },
  [routeKey('PUT', '/api/admin/deliveries/:date/:zone_id/stops')]: {
    action: 'deliveries.stops',
    entity: 'zone',
    call: async (f) => {
      const { id, zoneId } = await f.orderOfZone(await f.zone());
      return { request: at('PUT', `/api/admin/deliveries/${f.today}/${zoneId}/stops`, { order_ids: [id] }), entityId: String(zoneId) };
    },
  },
  [routeKey('POST', '/api/driver/orders/:id/delivered')]: {
    action: 'order.delivered',
    entity: 'order',
    caller: 'driver',
    call: async (f) => {
      const { id } = await f.orderOfZone();
      return { request: at('POST', `/api/driver/orders/${id}/delivered`, { idempotency_key: randomUUID() }), entityId: id };
    },
  },
  [routeKey('POST', '/api/driver/orders/:id/not-delivered')]: {
    action: 'order.not_delivered',
    entity: 'order',
    caller: 'driver',
    call: async (f) => {
      const { id } = await f.orderOfZone();
      return { request: at('POST', `/api/driver/orders/${id}/not-delivered`, { reason: 'cerrado' }), entityId: id };
    },
  },
};

/** Prices, price lists, the catalogue sheet, products and their images. */
const catalogueRoutes: Record<string, AuditedRoute> = {
  [routeKey('POST', '/api/admin/products/reprice')]: {
    action: 'price_change.reprice',
    entity: 'price_change',
    call: async (f) => {
      const ids = await Promise.all([f.product(), f.product(), f.product()]);
      const body = { scope: { product_ids: ids }, adjustment: { kind: 'percent', percent: 5 }, fields: ['price'] };
      return { request: at('POST', '/api/admin/products/reprice', body), entityId: (change: { id: string }) => change.id };
    },
  },
  [routeKey('POST', '/api/admin/products/import')]: {
    action: 'catalogue.import',
    entity: 'catalogue',
    call: async (f) => ({
      request: { method: 'POST', url: '/api/admin/products/import', ...f.importFile() },
      entityId: (report: { change_id: string | null }) => report.change_id ?? 'import',
    }),
  },
  [routeKey('POST', '/api/admin/stock-counts')]: {
    action: 'stock.count',
    entity: 'stock_count',
    call: async (f) => {
      const [counted, unchanged] = await Promise.all([f.product(), f.product()]);
      const body = { counts: [{ product_id: counted, counted: 12 }, { product_id: unchanged, counted: 50 }] };
      return { request: at('POST', '/api/admin/stock-counts', body), entityId: (result: { id: string }) => result.id };
    },
  },
  [routeKey('POST', '/api/admin/price-changes/:id/undo')]: {
    action: 'price_change.undo',
    entity: 'price_change',
    call: async (f) => {
      const id = await f.priceChange();
      return { request: at('POST', `/api/admin/price-changes/${id}/undo`), entityId: id };
    },
  },
  [routeKey('POST', '/api/admin/price-lists')]: {
    action: 'price_list.create',
    entity: 'price_list',
    call: async () => ({ request: at('POST', '/api/admin/price-lists', { name: `Lista ${randomUUID()}`, percentage: -5 }), entityId: (list: { id: string }) => list.id }),
  },
  [routeKey('PUT', '/api/admin/price-lists/:id')]: {
    action: 'price_list.update',
    entity: 'price_list',
    call: async (f) => {
      const id = await f.priceList();
      return { request: at('PUT', `/api/admin/price-lists/${id}`, { name: `Lista ${randomUUID()}`, percentage: 3 }), entityId: id };
    },
  },
  [routeKey('DELETE', '/api/admin/price-lists/:id')]: {
    action: 'price_list.delete',
    entity: 'price_list',
    call: async (f) => {
      const id = await f.priceList();
      return { request: at('DELETE', `/api/admin/price-lists/${id}`), entityId: id };
    },
  },
  [routeKey('PATCH', '/api/admin/users/:id/price-list')]: {
    action: 'customer.price_list',
    entity: 'customer',
    call: async (f) => {
      const [{ userId }, listId] = await Promise.all([f.customer(), f.priceList()]);
      return { request: at('PATCH', `/api/admin/users/${userId}/price-list`, { price_list_id: listId }), entityId: userId };
    },
  },
  [routeKey('POST', '/api/products')]: {
    action: 'product.create',
    entity: 'product',
    call: async () => ({ request: at('POST', '/api/products', productBody()), entityId: (product: { id: string }) => product.id }),
  },
  [routeKey('PUT', '/api/products/:id')]: {
    action: 'product.update',
    entity: 'product',
    call: async (f) => {
      const id = await f.product();
      return { request: at('PUT', `/api/products/${id}`, productBody()), entityId: id };
    },
  },
  [routeKey('PATCH', '/api/products/:id/enabled')]: {
    action: 'product.disable',
    entity: 'product',
    call: async (f) => {
      const id = await f.product();
      return { request: at('PATCH', `/api/products/${id}/enabled`, { is_enabled: false }), entityId: id };
    },
  },
  [routeKey('DELETE', '/api/products/:id')]: {
    action: 'product.delete',
    entity: 'product',
    call: async (f) => {
      const id = await f.product();
      return { request: at('DELETE', `/api/products/${id}`), entityId: id };
    },
  },
  [routeKey('POST', '/api/products/:id/image')]: {
    action: 'product.image_cover',
    entity: 'product',
    call: async (f) => {
      const id = await f.product();
      return { request: { method: 'POST', url: `/api/products/${id}/image`, ...f.pngUpload() }, entityId: id };
    },
  },
  [routeKey('POST', '/api/products/:id/images')]: {
    action: 'product.image_add',
    entity: 'product',
    call: async (f) => {
      const id = await f.product();
      return { request: { method: 'POST', url: `/api/products/${id}/images`, ...f.pngUpload() }, entityId: id };
    },
  },
  [routeKey('PUT', '/api/products/:id/images/order')]: {
    action: 'product.image_order',
    entity: 'product',
    call: async (f) => {
      const { id, images } = await f.productWithImages();
      return { request: at('PUT', `/api/products/${id}/images/order`, { ids: [...images].reverse() }), entityId: id };
    },
  },
  [routeKey('DELETE', '/api/products/:id/images/:imageId')]: {
    action: 'product.image_remove',
    entity: 'product',
    call: async (f) => {
      const { id, images } = await f.productWithImages();
      return { request: at('DELETE', `/api/products/${id}/images/${images[0]}`), entityId: id };
    },
  },
};

/** Settings, e-mails, staff, sales reps and their collections. */
const officeRoutes: Record<string, AuditedRoute> = {
  [routeKey('PUT', '/api/admin/settings')]: {
    action: 'settings.update',
    entity: 'settings',
    call: async () => ({ request: at('PUT', '/api/admin/settings', { min_order_amount: Math.floor(Math.random() * 1_000) * 100 }), entityId: 'app' }),
  },
  [routeKey('POST', '/api/admin/emails/:id/retry')]: {
    action: 'email.retry',
    entity: 'email',
    call: async (f) => {
      const id = await f.failedEmail();
      return { request: at('POST', `/api/admin/emails/${id}/retry`), entityId: String(id) };
    },
  },
  [routeKey('PATCH', '/api/admin/staff/:id')]: {
    action: 'staff.role',
    entity: 'staff',
    call: async (f) => {
      const { userId } = await f.staffMember();
      return { request: at('PATCH', `/api/admin/staff/${userId}`, { role: 'driver' }), entityId: userId };
    },
  },
  [routeKey('DELETE', '/api/admin/staff/:id')]: {
    action: 'staff.remove',
    entity: 'staff',
    call: async (f) => {
      const { userId } = await f.staffMember();
      return { request: at('DELETE', `/api/admin/staff/${userId}`), entityId: userId };
    },
  },
  [routeKey('PATCH', '/api/admin/staff/:id/commission')]: {
    action: 'staff.commission',
    entity: 'staff',
    call: async (f) => ({
      request: at('PATCH', `/api/admin/staff/${f.users.sales.userId}/commission`, { commission_bp: 100 + Math.floor(Math.random() * 900) }),
      entityId: f.users.sales.userId,
    }),
  },
  [routeKey('POST', '/api/admin/staff/invitations')]: {
    action: 'staff.invite',
    entity: 'staff',
    call: async () => ({
      request: at('POST', '/api/admin/staff/invitations', { email: `invitado-${randomUUID()}@example.com`, role: 'warehouse' }),
      entityId: (invitation: { email: string }, f) => f.userIdOf(invitation.email),
    }),
  },
  [routeKey('POST', '/api/rep/customers/:id/orders')]: {
    action: 'order.take',
    entity: 'order',
    caller: 'sales',
    call: async (f) => {
      const [{ userId }, productId] = await Promise.all([f.repCustomer(), f.product()]);
      const body = { items: [{ product_id: productId, quantity: 2 }], idempotency_key: randomUUID() };
      return { request: at('POST', `/api/rep/customers/${userId}/orders`, body), entityId: (placed: { order: { id: string } }) => placed.order.id };
    },
  },
  [routeKey('POST', '/api/rep/customers/:id/payments')]: {
    action: 'payment.record',
    entity: 'customer',
    caller: 'sales',
    call: async (f) => {
      const { userId } = await f.repCustomer();
      return { request: at('POST', `/api/rep/customers/${userId}/payments`, { amount: 2_000, method: 'cash', idempotency_key: randomUUID() }), entityId: userId };
    },
  },
  [routeKey('PATCH', '/api/admin/users/:id/rep')]: {
    action: 'customer.rep',
    entity: 'customer',
    call: async (f) => {
      const { userId } = await f.customer();
      return { request: at('PATCH', `/api/admin/users/${userId}/rep`, { rep_id: f.users.sales.userId }), entityId: userId };
    },
  },
  [routeKey('PATCH', '/api/admin/zones/:id/rep')]: {
    action: 'customers.rep_by_zone',
    entity: 'zone',
    call: async (f) => {
      const { zoneId } = await f.orderOfZone(await f.zone());
      return { request: at('PATCH', `/api/admin/zones/${zoneId}/rep`, { rep_id: f.users.sales.userId }), entityId: String(zoneId) };
    },
  },
  [routeKey('POST', '/api/admin/collections/:id/confirm')]: {
    action: 'collection.confirm',
    entity: 'payment',
    call: async (f) => {
      const id = await f.repPayment();
      return { request: at('POST', `/api/admin/collections/${id}/confirm`), entityId: String(id) };
    },
  },
  [routeKey('DELETE', '/api/admin/collections/:id/confirm')]: {
    action: 'collection.unconfirm',
    entity: 'payment',
    call: async (f) => {
      const id = await f.confirmedRepPayment();
      return { request: at('DELETE', `/api/admin/collections/${id}/confirm`), entityId: String(id) };
    },
  },
  [routeKey('POST', '/api/admin/collections/confirm')]: {
    action: 'collection.confirm',
    entity: 'payment',
    call: async (f) => {
      const id = await f.repPayment();
      return { request: at('POST', '/api/admin/collections/confirm', { payment_ids: [id] }), entityId: String(id) };
    },
  },
};

/** Every staff write route → the audit row its success writes. */
export const auditedRoutes: Record<string, AuditedRoute> = {
  ...customerAndOrderRoutes,
  ...deliveryRoutes,
  ...catalogueRoutes,
  ...officeRoutes,
};

export const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];
