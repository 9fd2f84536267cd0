/**
 * Who may do what (the states and transitions and the roles and permissions), written once for the server, the web app and the realtime channel.
 * Zod-free on purpose: the web's first download imports it, and schemas/auth.ts builds zod schemas
 * at import time (measured: +27 kB gzip for the initial bundle).
 *
 * Staff hold one role (decision 046). The permission matrix below is the only place that says
 * what a role may do: the server's route guard, the route classification test and the web's
 * tabs and buttons all ask `can(role, action)`.
 */

/** The five staff roles. Stable ASCII ids (stored in profiles.staff_role); the labels are what people read. */
export const STAFF_ROLES = ['owner', 'admin', 'sales', 'warehouse', 'driver'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Dueño',
  admin: 'Administración',
  sales: 'Vendedor',
  warehouse: 'Depósito',
  driver: 'Repartidor',
};

/** What a staff route or button needs. Each route under /api/admin and /api/rep names exactly one. */
export const STAFF_ACTIONS = [
  'orders.read', // the orders list, an order, its PDF and history
  'orders.manage', // change status, edit lines, release or reject a credit hold
  'orders.prepare', // picking and load sheets, mark Preparado
  'customers.read', // the customer list and pages, balances
  'customers.manage', // approve, delete, notes, points, credit limit, price list, rep assignment
  'products.manage', // create, edit, enable, delete products and their images
  'prices.manage', // price lists, repricing, imports, undo
  'stock.manage', // stock counts and stock movements
  'payments.record', // record and reverse payments and credit notes, confirm collections
  'reports.read', // dashboard, exports, aging
  'settings.manage', // the store's settings and the outbox
  'staff.manage', // staff, roles, invitations
  'audit.read', // the activity log
  'deliveries.plan', // routes and deliveries
  'deliveries.drive', // the driver's view
  'rep.customers', // a sales rep's own customers: see, order for them, record payments
  // No route names this one: it is the shopper's own screens (catalogue, cart, own orders, lists,
  // own cuenta corriente) for staff who also buy for the business. The web's shell asks it
  // (decision 067); customers reach those screens by their approval alone.
  'shop.own',
] as const;
export type StaffAction = (typeof STAFF_ACTIONS)[number];

const OFFICE: readonly StaffAction[] = [
  'orders.read',
  'orders.manage',
  'orders.prepare',
  'customers.read',
  'customers.manage',
  'products.manage',
  'prices.manage',
  'stock.manage',
  'payments.record',
  'reports.read',
  'settings.manage',
  'deliveries.plan',
  'shop.own',
];

/** The permission matrix: role × action. The owner may do everything. */
export const PERMISSIONS: Record<StaffRole, readonly StaffAction[]> = {
  owner: STAFF_ACTIONS,
  admin: OFFICE,
  sales: ['rep.customers'],
  warehouse: ['orders.read', 'orders.prepare', 'stock.manage'],
  driver: ['deliveries.drive'],
};

export interface RoleFlags {
  approved: boolean;
  is_admin: boolean;
  is_super_admin: boolean;
  /** Absent in answers from before decision 046: the flags then decide (super admin = owner, admin = administración). */
  staff_role?: StaffRole | null;
}

type MaybeProfile<K extends keyof RoleFlags> = Pick<RoleFlags, K | 'staff_role'> | null | undefined;

/** The person's staff role; null for customers. */
export function staffRoleOf(profile: MaybeProfile<'is_admin' | 'is_super_admin'>): StaffRole | null {
  if (!profile) return null;
  if (profile.staff_role) return profile.staff_role;
  if (profile.is_super_admin) return 'owner';
  return profile.is_admin ? 'admin' : null;
}

/** Whether `role` may perform `action` (false for customers and visitors). */
export function can(role: StaffRole | null | undefined, action: StaffAction): boolean {
  return !!role && PERMISSIONS[role].includes(action);
}

/** Whether this person, as signed in, may perform `action`: approved staff whose role allows it. */
export function profileCan(profile: MaybeProfile<'approved' | 'is_admin' | 'is_super_admin'>, action: StaffAction): boolean {
  return isApproved(profile) && can(staffRoleOf(profile), action);
}

/**
 * Whether this person sees the shopper's screens (catalogue at their prices, cart, own orders,
 * lists, points, cuenta corriente): an approved customer, or approved staff whose role also buys
 * ('shop.own': the owner and the office). A rep, the warehouse and a driver work, they do not buy
 * (decision 067).
 */
export function shopsForSelf(profile: MaybeProfile<'approved' | 'is_admin' | 'is_super_admin'>): boolean {
  if (!isApproved(profile)) return false;
  const role = staffRoleOf(profile);
  return role === null || can(role, 'shop.own');
}

/** Any staff role: the people who work in the panel rather than buy. */
export function isStaff(profile: MaybeProfile<'is_admin' | 'is_super_admin'>): boolean {
  return staffRoleOf(profile) !== null;
}

/** The owner (dueño): today's super admin. */
export function isSuperAdmin(profile: MaybeProfile<'is_super_admin'>): boolean {
  return !!profile && (profile.staff_role ? profile.staff_role === 'owner' : profile.is_super_admin);
}

/** An approved account: sees wholesale prices, has a cart and places orders. */
export function isApproved(profile: Pick<RoleFlags, 'approved'> | null | undefined): boolean {
  return !!profile && profile.approved;
}

/**
 * Staff only act as staff once approved (the states and transitions' guard order: signed in → approved → staff),
 * so a revoked approval takes the panel away too.
 */
export function isActiveStaff(profile: MaybeProfile<'approved' | 'is_admin' | 'is_super_admin'>): boolean {
  return isApproved(profile) && isStaff(profile);
}

export function isActiveSuperAdmin(profile: MaybeProfile<'approved' | 'is_super_admin'>): boolean {
  return isApproved(profile) && isSuperAdmin(profile);
}

/**
 * The access levels a route declares; each includes the ones before it. A 'staff' route also
 * names the action it performs (route config `action`), and the guard asks `can(role, action)`.
 */
export const ACCESS_LEVELS = ['public', 'user', 'approved', 'staff'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

/** The flags that go with a role (profiles keep is_admin / is_super_admin for older readers). */
export function flagsForRole(role: StaffRole | null): { is_admin: boolean; is_super_admin: boolean } {
  return { is_admin: role === 'owner' || role === 'admin', is_super_admin: role === 'owner' };
}
