import { describe, expect, it } from 'vitest';
import { mayActOnAccount } from './separation-of-duties';

describe('mayActOnAccount', () => {
  const admin = { id: 'a', is_super_admin: false };
  const superAdmin = { id: 's', is_super_admin: true };
  it('an admin acts on other accounts, never on their own', () => {
    expect(mayActOnAccount(admin, 'c')).toBe(true);
    expect(mayActOnAccount(admin, 'a')).toBe(false);
  });
  it('a super admin acts on any account, their own included', () => {
    expect(mayActOnAccount(superAdmin, 'c')).toBe(true);
    expect(mayActOnAccount(superAdmin, 's')).toBe(true);
  });
});
