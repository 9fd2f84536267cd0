import type { Profile } from '@mayorista/core/schemas/auth';

/**
 * SPEC §6: admin or super admin. Same rule as core's isAdminProfile, restated here because that
 * one lives in schemas/auth.ts, which builds zod schemas at import time and would drag zod into
 * the initial bundle (measured: +27 kB gzip).
 */
export function isAdmin(profile: Pick<Profile, 'is_admin' | 'is_super_admin'> | null | undefined): boolean {
  return !!profile && (profile.is_admin || profile.is_super_admin);
}
