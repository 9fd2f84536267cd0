import { createHash, randomBytes } from 'node:crypto';
import { messages } from '@mayorista/core/messages';
import type { StaffRole } from '@mayorista/core/roles';
import type { AcceptInvitationInput, StaffInvitationInput } from '@mayorista/core/schemas/staff';
import type pg from 'pg';
import { inTransaction } from '../db/transaction';
import { AppError } from '../lib/errors';
import type { Mailer } from '../lib/mailer';
import { hashPassword } from '../lib/passwords';
import { recordAudit, type AuditActor } from '../modules/audit';
import * as staff from '../modules/staff';

// Staff management (decision 046): the owner changes roles, removes staff and invites people.
// Each change is ONE transaction with its audit row; the guard reads the role from the profile
// on every request, so a change takes effect on the person's next request.

export const INVITATION_TTL_HOURS = 72;

const texts = messages.staff;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const notFound = () => new AppError('not_found', texts.notStaff);

/** Locks the owners first, then the target; refuses to leave the business without an owner. */
async function lockForRoleChange(tx: pg.PoolClient, targetId: string, nextRole: StaffRole | null) {
  const owners = await staff.lockOwnerIds(tx);
  const target = await staff.lockStaffMember(tx, targetId);
  if (!target?.role) throw notFound();
  if (target.role === 'owner' && nextRole !== 'owner' && owners.filter((id) => id !== targetId).length === 0) {
    throw new AppError('last_owner', texts.lastOwner);
  }
  return target;
}

export async function changeStaffRole(pool: pg.Pool, actor: AuditActor, targetId: string, role: StaffRole): Promise<void> {
  await inTransaction(pool, async (tx) => {
    const target = await lockForRoleChange(tx, targetId, role);
    if (target.role === role) return;
    await staff.setStaffRole(tx, targetId, role);
    // The live order feed re-checks the person at once (a driver has none).
    await staff.revokeSessionsNotice(tx, targetId);
    await recordAudit(tx, actor, { action: 'staff.role', entity: 'staff', entityId: targetId, summary: { before: { role: target.role }, after: { role } } });
  });
}

export async function removeStaff(pool: pg.Pool, actor: AuditActor, targetId: string): Promise<void> {
  await inTransaction(pool, async (tx) => {
    const target = await lockForRoleChange(tx, targetId, null);
    await staff.removeStaffRole(tx, targetId);
    await staff.revokeSessions(tx, targetId);
    await recordAudit(tx, actor, { action: 'staff.remove', entity: 'staff', entityId: targetId, summary: { before: { role: target.role, name: target.name }, after: { role: null } } });
  });
}

/** The owner sets a sales rep's commission (basis points, null: none); 422 for anyone who is not a rep. */
export async function setRepCommission(pool: pg.Pool, actor: AuditActor, targetId: string, commissionBp: number | null): Promise<void> {
  await inTransaction(pool, async (tx) => {
    const changed = await staff.setRepCommission(tx, targetId, commissionBp);
    if (!changed) throw new AppError('not_a_rep', texts.notARep);
    const summary = { before: { commission_bp: changed.before }, after: { commission_bp: commissionBp } };
    await recordAudit(tx, actor, { action: 'staff.commission', entity: 'staff', entityId: targetId, summary });
  });
}

/**
 * Invites a person by e-mail with a role: an account without a profile, and a single-use link
 * (only its hash is stored) that expires. Inviting the same open address again replaces the link.
 * The e-mail goes out after the commit, like the password-recovery link: the token is never at
 * rest in the database, so it cannot wait in the outbox.
 */
export async function inviteStaff(
  deps: { pool: pg.Pool; mailer: Mailer; config: { appUrl: string; catalogName: string } },
  actor: AuditActor,
  input: StaffInvitationInput,
): Promise<{ email: string; role: StaffRole; expires_at: string }> {
  const token = randomBytes(32).toString('base64url');
  const unusable = await hashPassword(randomBytes(32).toString('base64url'));
  const expiresAt = await inTransaction(deps.pool, async (tx) => {
    const existing = await staff.findAccountByEmail(tx, input.email);
    if (existing?.hasProfile) throw new AppError('email_taken', texts.emailTaken);
    const userId = await staff.upsertInvitedUser(tx, { existingId: existing?.id ?? null, email: input.email, role: input.role, passwordHash: unusable });
    const expires = await staff.insertInvitationToken(tx, userId, hashToken(token), INVITATION_TTL_HOURS * 3600);
    await recordAudit(tx, actor, { action: 'staff.invite', entity: 'staff', entityId: userId, summary: { after: { email: input.email, role: input.role } } });
    return expires;
  });
  await deps.mailer.send(staff.staffInvitationEmail({ to: input.email, role: input.role, token, ttlHours: INVITATION_TTL_HOURS, ...deps.config }));
  return { email: input.email, role: input.role, expires_at: expiresAt };
}

/** The invited person sets their password and data; a used or expired link is refused. */
export async function acceptStaffInvitation(pool: pg.Pool, input: AcceptInvitationInput, ip: string | null): Promise<{ email: string }> {
  const passwordHash = await hashPassword(input.password);
  return inTransaction(pool, async (tx) => {
    const invitation = await staff.lockInvitation(tx, hashToken(input.token));
    if (!invitation || invitation.used || !invitation.role) throw new AppError('invalid_token', messages.accountRules.invalidToken);
    if (invitation.expired) throw new AppError('token_expired', messages.accountRules.tokenExpired);
    await staff.acceptInvitation(tx, { ...invitation, role: invitation.role }, { ...input, passwordHash });
    await recordAudit(tx, { id: invitation.userId, ip }, { action: 'staff.join', entity: 'staff', entityId: invitation.userId, summary: { after: { role: invitation.role } } });
    return { email: invitation.email };
  });
}
