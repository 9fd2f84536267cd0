import { messages, missingBusinessFields, type AdminCustomer, type AdminUser, type AdminUserStatus, type Profile } from '@mayorista/core';
import { isStaff } from '@mayorista/core/roles';
import type pg from 'pg';
import type { AuditWriter } from '../../db/audit-hook';
import { databaseOn, type Database } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../lib/errors';
import type { MailLogger, Mailer } from '../../lib/mailer';
import type { Config } from '../../config';
import { accountApprovedEmail } from './account-emails';
import * as adminRepo from './admin-users.repository';
import { notifySessionsRevoked } from './accounts.repository';

export interface AdminUsersDeps {
  db: Database;
  /** Plain-SQL side (the points ledger). */
  pool: pg.Pool;
  config: Pick<Config, 'appUrl' | 'catalogName'>;
  mailer: Mailer;
  log: MailLogger & { error(object: Record<string, unknown>, message: string): void };
}

/** The admin making the change, as the auth guard resolved it for this request. */
type Actor = Pick<Profile, 'id' | 'is_admin' | 'is_super_admin'>;

export const accountNotFound = () => new AppError('not_found', messages.accountRules.accountNotFound);

export function createAdminUsersService(deps: AdminUsersDeps) {
  const { db, pool, config, mailer, log } = deps;

  async function reload(id: string): Promise<AdminUser> {
    const user = await adminRepo.findAdminUser(db, id);
    if (!user) throw accountNotFound();
    return user;
  }

  /** The admin customer page (the business-identity work, decisions 017–019). */
  async function customer(targetId: string): Promise<AdminCustomer> {
    const found = await adminRepo.findAdminCustomer(db, targetId);
    if (!found) throw accountNotFound();
    return { ...found, missing_business_fields: missingBusinessFields(found) };
  }

  return {
    reload,

    list(query: { search?: string; status: AdminUserStatus; page: number; page_size: number }) {
      return adminRepo.listAdminUsers(db, { search: query.search, status: query.status, page: query.page, pageSize: query.page_size });
    },

    async setApproval(actor: Actor, targetId: string, approved: boolean, audit: AuditWriter): Promise<AdminUser> {
      // Revoking your own approval would lock you out of the panel you are using.
      if (actor.id === targetId) throw new AppError('cannot_change_self', messages.accountRules.cannotChangeOwnApproval);
      const becameApproved = await inTransaction(pool, async (client) => {
        const tx = databaseOn(client);
        const target = await adminRepo.lockProfile(tx, targetId);
        if (!target) throw accountNotFound();
        // Unapproving a staff account disables it; that is a role decision, for super admins only.
        if (isStaff(target) && !actor.is_super_admin) throw new AppError('forbidden', messages.errors.forbidden);
        if (target.approved === approved) return false;
        await adminRepo.updateProfileFlags(tx, targetId, { approved });
        // An unapproved admin loses the live order feed at once, in every process.
        if (!approved) await notifySessionsRevoked(tx, targetId);
        const summary = { before: { approved: target.approved }, after: { approved } };
        await audit(client, { action: approved ? 'customer.approve' : 'customer.unapprove', entity: 'customer', entityId: targetId, summary });
        return approved;
      });
      const user = await reload(targetId);
      if (becameApproved) {
        mailer
          .send(accountApprovedEmail({ to: user.email, nombre: user.nombre, ...config }))
          .catch((error: unknown) => log.error({ err: error, to: user.email }, 'no se pudo enviar el correo de aprobación'));
      }
      return user;
    },

    customer,

    /**
     * "Rechazar" on a sign-up waiting for approval: the account is deleted (its address and CUIT
     * may sign up again). Only for that: an approved account, a staff account, or one that ever
     * placed an order answers 409 account_not_pending — those are revoked, not erased.
     */
    async rejectPending(actor: Actor, targetId: string, audit: AuditWriter): Promise<void> {
      if (actor.id === targetId) throw new AppError('cannot_change_self', messages.accountRules.cannotChangeOwnApproval);
      await inTransaction(pool, async (client) => {
        const tx = databaseOn(client);
        // Locked: an approval at the same moment waits, then finds the account gone (or the reverse).
        const target = await adminRepo.lockProfile(tx, targetId);
        if (!target) throw accountNotFound();
        if (target.approved || isStaff(target) || (await adminRepo.hasOrders(tx, targetId))) {
          throw new AppError('account_not_pending', messages.accountRules.accountNotPending);
        }
        await adminRepo.deleteUser(tx, targetId);
        // The row outlives the account (no foreign key): who asked to join, and who turned them away.
        const before = { email: target.email, nombre: target.nombre, apellido: target.apellido };
        await audit(client, { action: 'customer.reject', entity: 'customer', entityId: targetId, summary: { before } });
      });
    },

    /** Private notes about a customer: any admin may keep them (they are not a privilege change). */
    async setAdminNotes(targetId: string, notes: string | null, audit: AuditWriter): Promise<AdminCustomer> {
      await inTransaction(pool, async (client) => {
        const changed = await adminRepo.updateAdminNotes(databaseOn(client), targetId, notes);
        if (!changed) throw accountNotFound();
        const summary = { before: { admin_notes: changed.before }, after: { admin_notes: notes } };
        await audit(client, { action: 'customer.notes', entity: 'customer', entityId: targetId, summary });
      });
      return customer(targetId);
    },

    changeRole: (actor: Actor, targetId: string, change: RoleFlagsChange, audit: AuditWriter) => changeRole(pool, actor, targetId, change, audit).then(() => reload(targetId)),
  };
}

type RoleFlagsChange = { is_admin?: boolean; is_super_admin?: boolean };

/** The older role route (before decision 046's roles): super admins only (the route guard checks); never yourself, never the last super admin. */
async function changeRole(pool: pg.Pool, actor: Actor, targetId: string, change: RoleFlagsChange, audit: AuditWriter): Promise<void> {
  if (actor.id === targetId) throw new AppError('cannot_change_self', messages.accountRules.cannotChangeOwnRole);
  await inTransaction(pool, async (client) => {
    const tx = databaseOn(client);
    // Lock the super admins first: two super admins demoting each other at the same time
    // must not both succeed and leave nobody in charge.
    const superAdminIds = await adminRepo.lockSuperAdminIds(tx);
    // Re-checked under the lock: the guard read the actor's role before this transaction.
    if (!superAdminIds.includes(actor.id)) throw new AppError('forbidden', messages.errors.forbidden);
    const target = await adminRepo.lockProfile(tx, targetId);
    if (!target) throw accountNotFound();
    const isSuperAdmin = change.is_super_admin ?? target.is_super_admin;
    // A super admin is always an admin too; removing admin removes super admin.
    const isAdmin = change.is_admin === false ? false : (change.is_admin ?? target.is_admin) || isSuperAdmin;
    const finalSuperAdmin = isAdmin && isSuperAdmin;
    // With the two checks above the actor always remains, so this cannot trigger today; it states
    // the invariant outright so a future rule (self-demotion, deleting accounts) cannot break it.
    if (target.is_super_admin && !finalSuperAdmin && superAdminIds.filter((id) => id !== targetId).length === 0) {
      throw new AppError('last_super_admin', messages.accountRules.lastSuperAdmin);
    }
    // A new admin must be able to open the panel, which requires an approved account.
    await adminRepo.updateProfileFlags(tx, targetId, {
      isAdmin,
      isSuperAdmin: finalSuperAdmin,
      ...(isAdmin && !target.approved ? { approved: true } : {}),
    });
    // A demoted admin loses the live order feed at once, in every process.
    if (!isAdmin) await notifySessionsRevoked(tx, targetId);
    const summary = {
      before: { is_admin: target.is_admin, is_super_admin: target.is_super_admin },
      after: { is_admin: isAdmin, is_super_admin: finalSuperAdmin },
    };
    await audit(client, { action: 'staff.role', entity: 'staff', entityId: targetId, summary });
  });
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
