import type { StaffRole } from '@mayorista/core/roles';
import type { StaffList } from '@mayorista/core/schemas/staff';
import { SESSIONS_REVOKED_CHANNEL } from '../../db/channels';
import type { Queryable } from '../../db/transaction';

// Staff (decision 046): who holds which role, and the invitations still open. Plain SQL on
// profiles, users, sessions and email_tokens; the flows open the transactions.

/** The staff and the invitations not yet used nor expired. */
export async function listStaff(db: Queryable): Promise<StaffList> {
  const members = await db.query<StaffList['items'][number]>(
    `select p.id, p.nombre, p.apellido, p.email, p.staff_role as role,
            (select count(*)::int from profiles c where c.rep_id = p.id) as customers, p.commission_bp
       from profiles p where p.staff_role is not null
      order by array_position(array['owner','admin','sales','warehouse','driver'], p.staff_role), p.apellido, p.nombre`,
  );
  const invitations = await db.query<StaffList['invitations'][number]>(
    `select u.email, u.metadata ->> 'staff_invite' as role,
            to_char(max(t.expires_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as expires_at
       from users u join email_tokens t on t.user_id = u.id and t.purpose = 'staff_invite'
      where t.used_at is null and t.expires_at > now() and not exists (select 1 from profiles p where p.id = u.id)
      group by u.id order by u.email`,
  );
  return { items: members.rows, invitations: invitations.rows };
}

/** A sales rep's commission (basis points, null: none): the value before, or undefined when the person is not a sales rep. */
export async function setRepCommission(tx: Queryable, id: string, commissionBp: number | null): Promise<{ before: number | null } | undefined> {
  const { rows } = await tx.query<{ before: number | null }>(
    `update profiles p set commission_bp = $2, updated_at = now()
       from (select id, commission_bp from profiles where id = $1 and staff_role = 'sales' for update) old
      where p.id = old.id
      returning old.commission_bp as before`,
    [id, commissionBp],
  );
  return rows[0];
}

/** Locks the owners (in id order) so two owners demoting each other cannot both win. */
export async function lockOwnerIds(tx: Queryable): Promise<string[]> {
  const { rows } = await tx.query<{ id: string }>(`select id from profiles where staff_role = 'owner' order by id for update`);
  return rows.map((r) => r.id);
}

export async function lockStaffMember(tx: Queryable, id: string): Promise<{ id: string; role: StaffRole | null; name: string } | null> {
  const { rows } = await tx.query<{ id: string; role: StaffRole | null; name: string }>(
    `select id, staff_role as role, trim(nombre || ' ' || apellido) as name from profiles where id = $1 for update`,
    [id],
  );
  return rows[0] ?? null;
}

/** Gives a role (and an approved account, which the panel needs). */
export async function setStaffRole(tx: Queryable, id: string, role: StaffRole): Promise<void> {
  await tx.query(`update profiles set staff_role = $2, approved = true, updated_at = now() where id = $1`, [id, role]);
}

/** Takes the staff role away and disables the account; its history (orders, payments, audit rows) stays. */
export async function removeStaffRole(tx: Queryable, id: string): Promise<void> {
  await tx.query(`update profiles set staff_role = null, approved = false, rep_id = null, updated_at = now() where id = $1`, [id]);
  await tx.query(`update profiles set rep_id = null where rep_id = $1`, [id]);
}

/** Tells the live feeds in every process to re-check this person's sessions (their role changed). */
export async function revokeSessionsNotice(tx: Queryable, userId: string): Promise<void> {
  await tx.query(`select pg_notify($1, $2)`, [SESSIONS_REVOKED_CHANNEL, userId]);
}

/** Ends every session of the account now, and tells the live feeds in every process. */
export async function revokeSessions(tx: Queryable, userId: string): Promise<void> {
  await tx.query(`update sessions set revoked_at = now() where user_id = $1 and revoked_at is null`, [userId]);
  await tx.query(`select pg_notify($1, $2)`, [SESSIONS_REVOKED_CHANNEL, userId]);
}

/** The account behind an address: whether it has a profile (a person) or is an open invitation. */
export async function findAccountByEmail(tx: Queryable, email: string): Promise<{ id: string; hasProfile: boolean } | null> {
  const { rows } = await tx.query<{ id: string; has_profile: boolean }>(
    `select u.id, exists (select 1 from profiles p where p.id = u.id) as has_profile from users u where u.email = $1 for update`,
    [email],
  );
  return rows[0] ? { id: rows[0].id, hasProfile: rows[0].has_profile } : null;
}

/** An invited account: no profile until the link is used, an unusable password, the role in its metadata. */
export async function upsertInvitedUser(tx: Queryable, input: { existingId: string | null; email: string; role: StaffRole; passwordHash: string }): Promise<string> {
  if (input.existingId) {
    await tx.query(`update users set metadata = jsonb_build_object('staff_invite', $2::text) where id = $1`, [input.existingId, input.role]);
    await tx.query(`update email_tokens set used_at = now() where user_id = $1 and purpose = 'staff_invite' and used_at is null`, [input.existingId]);
    return input.existingId;
  }
  const { rows } = await tx.query<{ id: string }>(
    `insert into users (email, password_hash, metadata) values ($1, $2, jsonb_build_object('staff_invite', $3::text)) returning id`,
    [input.email, input.passwordHash, input.role],
  );
  return rows[0]!.id;
}

export async function insertInvitationToken(tx: Queryable, userId: string, tokenHash: string, ttlSeconds: number): Promise<string> {
  const { rows } = await tx.query<{ expires_at: Date }>(
    `insert into email_tokens (user_id, purpose, token_hash, expires_at) values ($1, 'staff_invite', $2, now() + make_interval(secs => $3))
     returning expires_at`,
    [userId, tokenHash, ttlSeconds],
  );
  return rows[0]!.expires_at.toISOString();
}

export interface LockedInvitation {
  tokenId: string;
  userId: string;
  email: string;
  role: StaffRole | null;
  used: boolean;
  expired: boolean;
}

export async function lockInvitation(tx: Queryable, tokenHash: string): Promise<LockedInvitation | null> {
  const { rows } = await tx.query<LockedInvitation>(
    `select t.id as "tokenId", t.user_id as "userId", u.email, u.metadata ->> 'staff_invite' as role,
            t.used_at is not null as used, t.expires_at <= now() as expired
       from email_tokens t join users u on u.id = t.user_id
      where t.token_hash = $1 and t.purpose = 'staff_invite' for update of t`,
    [tokenHash],
  );
  return rows[0] ?? null;
}

/** The invited person completes their data: the profile with its role, the password, the address proven. */
export async function acceptInvitation(
  tx: Queryable,
  invitation: LockedInvitation & { role: StaffRole },
  person: { nombre: string; apellido: string; dni: string; passwordHash: string },
): Promise<void> {
  await tx.query(`update email_tokens set used_at = now() where id = $1`, [invitation.tokenId]);
  await tx.query(`update users set password_hash = $2, email_verified_at = now(), metadata = $3::jsonb where id = $1`, [
    invitation.userId,
    person.passwordHash,
    JSON.stringify({ nombre: person.nombre, apellido: person.apellido, dni: person.dni }),
  ]);
  await tx.query(
    `insert into profiles (id, nombre, apellido, email, dni, approved, staff_role) values ($1, $2, $3, $4, $5, true, $6)`,
    [invitation.userId, person.nombre, person.apellido, invitation.email, person.dni, invitation.role],
  );
}
