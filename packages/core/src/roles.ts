/**
 * Who may do what (the states and transitions and the roles and permissions), written once for the server, the web app and the realtime channel.
 * Zod-free on purpose: the web's first download imports it, and schemas/auth.ts builds zod schemas
 * at import time (measured: +27 kB gzip for the initial bundle).
 */
export interface RoleFlags {
  approved: boolean;
  is_admin: boolean;
  is_super_admin: boolean;
}

type MaybeProfile<K extends keyof RoleFlags> = Pick<RoleFlags, K> | null | undefined;

/** Admin or super admin: the staff who manage products, orders and accounts. */
export function isStaff(profile: MaybeProfile<'is_admin' | 'is_super_admin'>): boolean {
  return !!profile && (profile.is_admin || profile.is_super_admin);
}

export function isSuperAdmin(profile: MaybeProfile<'is_super_admin'>): boolean {
  return !!profile && profile.is_super_admin;
}

/** An approved account: sees wholesale prices, has a cart and places orders. */
export function isApproved(profile: MaybeProfile<'approved'>): boolean {
  return !!profile && profile.approved;
}

/**
 * Staff only act as staff once approved (the states and transitions' guard order: signed in → approved → admin),
 * so a revoked approval takes the admin panel away too.
 */
export function isActiveStaff(profile: MaybeProfile<'approved' | 'is_admin' | 'is_super_admin'>): boolean {
  return isApproved(profile) && isStaff(profile);
}

export function isActiveSuperAdmin(profile: MaybeProfile<'approved' | 'is_super_admin'>): boolean {
  return isApproved(profile) && isSuperAdmin(profile);
}

/** The access levels a route declares; each includes the ones before it. */
export const ACCESS_LEVELS = ['public', 'user', 'approved', 'admin', 'super_admin'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];
