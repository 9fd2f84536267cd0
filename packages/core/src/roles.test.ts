import { describe, expect, it } from 'vitest';
import { PERMISSIONS, STAFF_ACTIONS, STAFF_ROLES, can, flagsForRole, isActiveStaff, isSuperAdmin, profileCan, shopsForSelf, staffRoleOf } from './roles';

describe('the permission matrix', () => {
  it('the owner may do everything; only the owner manages staff and reads the audit log', () => {
    for (const action of STAFF_ACTIONS) expect(can('owner', action)).toBe(true);
    for (const role of STAFF_ROLES.filter((r) => r !== 'owner')) {
      expect(can(role, 'staff.manage')).toBe(false);
      expect(can(role, 'audit.read')).toBe(false);
    }
  });

  it('each role gets its job and nothing else', () => {
    expect(can('admin', 'prices.manage')).toBe(true);
    expect(can('admin', 'rep.customers')).toBe(false);
    expect(can('sales', 'rep.customers')).toBe(true);
    expect(can('sales', 'orders.read')).toBe(false);
    expect(can('warehouse', 'orders.prepare')).toBe(true);
    expect(can('warehouse', 'prices.manage')).toBe(false);
    expect(can('driver', 'deliveries.drive')).toBe(true);
    expect(can('driver', 'orders.read')).toBe(false);
    expect(can(null, 'orders.read')).toBe(false);
  });

  it("the shopper's own screens: customers, the owner and the office; not a rep, the warehouse or a driver (decision 067)", () => {
    const person = { approved: true, is_admin: false, is_super_admin: false };
    expect(shopsForSelf(person)).toBe(true);
    expect(shopsForSelf({ ...person, approved: false })).toBe(false);
    expect(shopsForSelf(null)).toBe(false);
    expect(STAFF_ROLES.filter((staff_role) => shopsForSelf({ ...person, staff_role }))).toEqual(['owner', 'admin']);
    expect(shopsForSelf({ ...person, staff_role: 'owner', approved: false })).toBe(false);
  });

  it('names only known actions', () => {
    for (const role of STAFF_ROLES) for (const action of PERMISSIONS[role]) expect(STAFF_ACTIONS).toContain(action);
  });
});

describe('roles from profiles', () => {
  const customer = { approved: true, is_admin: false, is_super_admin: false };
  it("today's flags keep their meaning: super admin = owner, admin = administración", () => {
    expect(staffRoleOf({ ...customer, is_admin: true, is_super_admin: true })).toBe('owner');
    expect(staffRoleOf({ ...customer, is_admin: true })).toBe('admin');
    expect(staffRoleOf(customer)).toBeNull();
    expect(flagsForRole('owner')).toEqual({ is_admin: true, is_super_admin: true });
    expect(flagsForRole('sales')).toEqual({ is_admin: false, is_super_admin: false });
  });

  it('the stored role wins over the flags, and staff act only once approved', () => {
    const rep = { ...customer, staff_role: 'sales' as const };
    expect(isActiveStaff(rep)).toBe(true);
    expect(isSuperAdmin(rep)).toBe(false);
    expect(profileCan(rep, 'rep.customers')).toBe(true);
    expect(profileCan({ ...rep, approved: false }, 'rep.customers')).toBe(false);
  });
});
