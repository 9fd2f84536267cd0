/** The role rules live once in core (zod-free, so the first download stays small). */
import { profileCan, shopsForSelf, type RoleFlags, type StaffAction } from '@mayorista/core/roles';

export { isStaff as isAdmin, shopsForSelf } from '@mayorista/core/roles';

type Profile = Pick<RoleFlags, 'approved' | 'is_admin' | 'is_super_admin' | 'staff_role'> | null | undefined;

/** The actions of the /admin tabs: a role with none of them has no panel (decision 067). */
export const PANEL_ACTIONS = [
  'reports.read',
  'orders.read',
  'products.manage',
  'stock.manage',
  'customers.read',
  'prices.manage',
  'deliveries.plan',
  'settings.manage',
  'staff.manage',
  'audit.read',
] as const satisfies readonly StaffAction[];
export type PanelAction = (typeof PANEL_ACTIONS)[number];

/** Whether /admin has at least one tab for this person. */
export function seesPanel(profile: Profile): boolean {
  return PANEL_ACTIONS.some((action) => profileCan(profile, action));
}

/**
 * Where a staff member who does not buy starts, and is sent back to from a page that is not theirs:
 * the panel (the warehouse), "Mis clientes" (a rep), "Mis repartos" (a driver). Null for customers
 * and for staff who also buy (the owner, the office): their start is the home page (decision 067).
 */
export function staffHomeOf(profile: Profile): string | null {
  if (!profile || shopsForSelf(profile) || !profile.approved) return null;
  if (seesPanel(profile)) return '/admin';
  if (profileCan(profile, 'rep.customers')) return '/vendedor';
  if (profileCan(profile, 'deliveries.drive')) return '/repartidor';
  return null;
}
