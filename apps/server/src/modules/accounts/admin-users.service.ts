import { messages, type AdminUser, type AdminUserStatus, type PointsAdjustment, type Profile } from '@mayorista/core';
import { isStaff } from '@mayorista/core/roles';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { MailLogger, Mailer } from '../../lib/mailer';
import type { Config } from '../../config';
import { accountApprovedEmail } from './account-emails';
import * as adminRepo from './admin-users.repository';

export interface AdminUsersDeps {
  db: Database;
  config: Pick<Config, 'appUrl' | 'catalogName'>;
  mailer: Mailer;
  log: MailLogger & { error(object: Record<string, unknown>, message: string): void };
}

/** The admin making the change, as the auth guard resolved it for this request. */
type Actor = Pick<Profile, 'id' | 'is_admin' | 'is_super_admin'>;

const accountNotFound = () => new AppError('not_found', messages.auth.accountNotFound);

export function createAdminUsersService(deps: AdminUsersDeps) {
  const { db, config, mailer, log } = deps;

  async function reload(id: string): Promise<AdminUser> {
    const user = await adminRepo.findAdminUser(db, id);
    if (!user) throw accountNotFound();
    return user;
  }

  return {
    list(query: { search?: string; status: AdminUserStatus; page: number; page_size: number }) {
      return adminRepo.listAdminUsers(db, { search: query.search, status: query.status, page: query.page, pageSize: query.page_size });
    },

    async setApproval(actor: Actor, targetId: string, approved: boolean): Promise<AdminUser> {
      // Revoking your own approval would lock you out of the panel you are using.
      if (actor.id === targetId) throw new AppError('cannot_change_self', messages.auth.cannotChangeOwnApproval);
      const becameApproved = await db.transaction(async (tx) => {
        const target = await adminRepo.lockProfile(tx, targetId);
        if (!target) throw accountNotFound();
        // Unapproving a staff account disables it; that is a role decision, for super admins only.
        if (isStaff(target) && !actor.is_super_admin) throw new AppError('forbidden', messages.errors.forbidden);
        if (target.approved === approved) return false;
        await adminRepo.updateProfileFlags(tx, targetId, { approved });
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

    /** Sets a new balance and records who, why, before and after, atomically. */
    async adjustPoints(actor: Actor, targetId: string, input: { saldo_puntos: number; reason: string }): Promise<AdminUser> {
      await db.transaction(async (tx) => {
        const target = await adminRepo.lockProfile(tx, targetId);
        if (!target) throw accountNotFound();
        await adminRepo.insertPointsAdjustment(tx, {
          profileId: targetId,
          adminId: actor.id,
          reason: input.reason,
          before: target.saldo_puntos,
          after: input.saldo_puntos,
        });
        await adminRepo.updateProfileFlags(tx, targetId, { saldoPuntos: input.saldo_puntos });
      });
      return reload(targetId);
    },

    async pointsHistory(targetId: string): Promise<{ items: PointsAdjustment[] }> {
      await reload(targetId);
      return { items: await adminRepo.listPointsAdjustments(db, targetId) };
    },

    /** Super admins only (the route guard checks); never yourself, never the last super admin. */
    async changeRole(
      actor: Actor,
      targetId: string,
      change: { is_admin?: boolean; is_super_admin?: boolean },
    ): Promise<AdminUser> {
      if (actor.id === targetId) throw new AppError('cannot_change_self', messages.auth.cannotChangeOwnRole);
      await db.transaction(async (tx) => {
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
          throw new AppError('last_super_admin', messages.auth.lastSuperAdmin);
        }
        // A new admin must be able to open the panel, which requires an approved account.
        await adminRepo.updateProfileFlags(tx, targetId, {
          isAdmin,
          isSuperAdmin: finalSuperAdmin,
          ...(isAdmin && !target.approved ? { approved: true } : {}),
        });
      });
      return reload(targetId);
    },
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
