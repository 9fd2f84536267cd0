import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { BusinessProfileFields, Me, Profile, SessionUser, SignUpMetadata } from '@mayorista/core';
import type { Database } from '../../db/client';
import { emailTokens, profiles, refreshTokens, sessions, users } from '../../db/schema';
import { SESSIONS_REVOKED_CHANNEL } from '../../db/channels';
import type { Queryable } from '../../db/transaction';

/** A transaction handle, as `db.transaction` passes it. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Repository functions run on the pool or inside a caller's transaction. */
export type Executor = Database | Transaction;

export type EmailTokenPurpose = 'verify_email' | 'recover_password';

export interface UserRow {
  id: string;
  email: string;
  passwordHash: string;
  emailVerifiedAt: Date | null;
  metadata: Record<string, unknown>;
}

export const toSessionUser = (user: Pick<UserRow, 'id' | 'email' | 'metadata'>): SessionUser => ({
  id: user.id,
  email: user.email,
  user_metadata: user.metadata,
});

const userColumns = {
  id: users.id,
  email: users.email,
  passwordHash: users.passwordHash,
  emailVerifiedAt: users.emailVerifiedAt,
  metadata: users.metadata,
};

export const profileColumns = {
  id: profiles.id,
  nombre: profiles.nombre,
  apellido: profiles.apellido,
  email: profiles.email,
  dni: profiles.dni,
  approved: profiles.approved,
  is_admin: profiles.isAdmin,
  is_super_admin: profiles.isSuperAdmin,
  staff_role: profiles.staffRole,
  saldo_puntos: profiles.saldoPuntos,
};

// ── users and profiles ──

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | null> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.email, email));
  return row ?? null;
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | null> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id));
  return row ?? null;
}

/**
 * The user and their profile. Privileged profile columns are not parameters at all: they
 * take the table defaults (unapproved, not admin, 0 points), whatever the request carried.
 */
export async function insertUserWithProfile(
  tx: Transaction,
  input: { email: string; passwordHash: string; metadata: SignUpMetadata },
): Promise<UserRow> {
  const [user] = await tx
    .insert(users)
    .values({ email: input.email, passwordHash: input.passwordHash, metadata: personalMetadata(input.metadata) })
    .returning(userColumns);
  await tx.insert(profiles).values({
    id: user!.id,
    nombre: input.metadata.nombre,
    apellido: input.metadata.apellido,
    dni: input.metadata.dni,
    email: input.email,
    ...businessValues(input.metadata),
  });
  return user!;
}

/**
 * user_metadata keeps the seed's personal fields only (the validation rules, as GoTrue): the business data lives
 * in the profile, where Mi cuenta edits it, so there is no second copy to go stale.
 */
export function personalMetadata(data: SignUpMetadata): Record<string, unknown> {
  return { nombre: data.nombre, apellido: data.apellido, dni: data.dni };
}

/** Drizzle column values of the business fields present in `data` (absent ones are left alone). */
export function businessValues(data: Partial<BusinessProfileFields>) {
  const values: Partial<typeof profiles.$inferInsert> = {};
  if (data.razon_social !== undefined) values.razonSocial = data.razon_social;
  if (data.cuit !== undefined) values.cuit = data.cuit;
  if (data.iva_condition !== undefined) values.ivaCondition = data.iva_condition;
  if (data.whatsapp !== undefined) values.whatsapp = data.whatsapp;
  if (data.address_street !== undefined) values.addressStreet = data.address_street;
  if (data.address_city !== undefined) values.addressCity = data.address_city;
  if (data.address_province !== undefined) values.addressProvince = data.address_province;
  if (data.address_postal_code !== undefined) values.addressPostalCode = data.address_postal_code;
  if (data.delivery_notes !== undefined) values.deliveryNotes = data.delivery_notes;
  return values;
}

/** The business data as the API answers it (customer and admins alike); never the admins' notes. */
export const businessColumns = {
  razon_social: profiles.razonSocial,
  cuit: profiles.cuit,
  iva_condition: profiles.ivaCondition,
  whatsapp: profiles.whatsapp,
  address_street: profiles.addressStreet,
  address_city: profiles.addressCity,
  address_province: profiles.addressProvince,
  address_postal_code: profiles.addressPostalCode,
  delivery_notes: profiles.deliveryNotes,
};

/** GET /api/me: the caller's profile and business data. */
export async function findMe(db: Executor, id: string): Promise<Omit<Me, 'missing_business_fields'> | null> {
  const [row] = await db
    .select({ ...profileColumns, ...businessColumns })
    .from(profiles)
    .where(eq(profiles.id, id));
  return row ?? null;
}

/** Writes the caller's own business fields; privileged columns are not reachable from here. */
export async function updateBusinessProfile(db: Executor, id: string, data: Partial<BusinessProfileFields>): Promise<void> {
  const values = businessValues(data);
  if (Object.keys(values).length === 0) return;
  await db
    .update(profiles)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(profiles.id, id));
}

export async function markEmailVerified(tx: Transaction, userId: string): Promise<void> {
  await tx
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

export async function updatePasswordHash(tx: Transaction, userId: string, passwordHash: string): Promise<void> {
  await tx.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, userId));
}

/** Named (drizzle's `prepare`): the app reads the signed-in person's profile each time it opens. */
export async function findProfile(db: Executor, id: string): Promise<Profile | null> {
  const query = db
    .select(profileColumns)
    .from(profiles)
    .where(eq(profiles.id, sql.placeholder('id')))
    .prepare('profile_by_id');
  const [row] = await query.execute({ id });
  return row ?? null;
}

// ── single-use e-mail tokens ──

export async function insertEmailToken(
  tx: Executor,
  input: { userId: string; purpose: EmailTokenPurpose; tokenHash: string; ttlSeconds: number },
): Promise<void> {
  await tx.insert(emailTokens).values({
    userId: input.userId,
    purpose: input.purpose,
    tokenHash: input.tokenHash,
    expiresAt: sql`now() + make_interval(secs => ${input.ttlSeconds})`,
  });
}

/** Older unused links of the same kind stop working when a new one is sent. */
export async function retireUnusedEmailTokens(tx: Executor, userId: string, purpose: EmailTokenPurpose): Promise<void> {
  await tx
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}

/** Locks the token row so two clicks on the same link cannot both consume it. */
export async function lockEmailToken(tx: Transaction, tokenHash: string, purpose: EmailTokenPurpose) {
  const [row] = await tx
    .select({
      id: emailTokens.id,
      userId: emailTokens.userId,
      usedAt: emailTokens.usedAt,
      expired: sql<boolean>`${emailTokens.expiresAt} <= now()`,
    })
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.purpose, purpose)))
    .for('update');
  return row ?? null;
}

export async function markEmailTokenUsed(tx: Transaction, id: string): Promise<void> {
  await tx.update(emailTokens).set({ usedAt: sql`now()` }).where(eq(emailTokens.id, id));
}

// ── sessions and refresh tokens ──

/**
 * A signed-in device and its first refresh token, in one statement (one round-trip): the session
 * row is inserted and its token references it.
 */
export async function insertSessionWithToken(
  db: Executor,
  input: { userId: string; userAgent: string | null; ip: string | null; tokenHash: string },
): Promise<string> {
  const { rows } = await db.execute<{ id: string }>(sql`
    with started as (
      insert into ${sessions} (user_id, user_agent, ip)
      values (${input.userId}, ${input.userAgent?.slice(0, 500) ?? null}, ${input.ip})
      returning id
    )
    insert into ${refreshTokens} (session_id, token_hash) select id, ${input.tokenHash} from started
    returning session_id as id`);
  return rows[0]!.id;
}

/** What one refresh did: rotated (`ok`, with the session's user), revoked the session (`reused`) or nothing (`invalid`). */
export type RefreshOutcome =
  | { outcome: 'ok'; sessionId: string; user: Pick<UserRow, 'id' | 'email' | 'metadata'> }
  | { outcome: 'reused' }
  | { outcome: 'invalid' };

interface RefreshRow {
  outcome: 'ok' | 'reused' | 'invalid';
  sessionId: string;
  userId: string;
  email: string;
  metadata: Record<string, unknown>;
}

/**
 * The whole refresh in one statement, so one round-trip and one transaction of its own
 * (decision 077). `locked` takes the token and its session FOR UPDATE, as the transaction did:
 * concurrent refreshes of one session queue there, and the one that waited sees the other's
 * rotation (PostgreSQL re-reads a locked row that changed). Then, in that order: a revoked
 * session is `invalid`; a token rotated more than `graceSeconds` ago is `reused` and its session
 * is revoked (and NOTIFY'd, as revokeSession does); otherwise `ok`: the token is marked rotated
 * (once), the session touched and the new token inserted. No row: an unknown token (`invalid`).
 * The outcome is computed once, from the locked rows, so exactly one branch writes. The NOTIFY
 * is called from the select list (a CTE that only reads runs when something reads it).
 */
const REFRESH_TEXT = `
  with locked as (
    select t.id, t.session_id, t.rotated_at, s.revoked_at, s.user_id, u.email, u.metadata,
           case when s.revoked_at is not null then 'invalid'
                when t.rotated_at is not null and extract(epoch from (now() - t.rotated_at))::float8 > $3 then 'reused'
                else 'ok' end as outcome
      from refresh_tokens t
      join sessions s on s.id = t.session_id
      join users u on u.id = s.user_id
     where t.token_hash = $1
       for update of t, s
  ),
  rotated as (
    update refresh_tokens set rotated_at = now()
     where id = (select id from locked where outcome = 'ok' and rotated_at is null)
  ),
  touched as (
    update sessions set refreshed_at = now() where id = (select session_id from locked where outcome = 'ok')
  ),
  issued as (
    insert into refresh_tokens (session_id, token_hash) select session_id, $2 from locked where outcome = 'ok'
  ),
  revoked as (
    update sessions set revoked_at = now()
     where id = (select session_id from locked where outcome = 'reused') and revoked_at is null
    returning user_id
  )
  select outcome, session_id as "sessionId", user_id as "userId", email, metadata,
         (select pg_notify($4, user_id::text) from revoked) is not null as notified
    from locked`;

export async function rotateRefreshToken(
  db: Queryable,
  input: { tokenHash: string; nextTokenHash: string; graceSeconds: number },
): Promise<RefreshOutcome> {
  const { rows } = await db.query<RefreshRow>({
    name: 'accounts_refresh',
    text: REFRESH_TEXT,
    values: [input.tokenHash, input.nextTokenHash, input.graceSeconds, SESSIONS_REVOKED_CHANNEL],
  });
  const row = rows[0];
  if (!row || row.outcome === 'invalid') return { outcome: 'invalid' };
  if (row.outcome === 'reused') return { outcome: 'reused' };
  return { outcome: 'ok', sessionId: row.sessionId, user: { id: row.userId, email: row.email, metadata: row.metadata } };
}

export async function revokeSession(db: Executor, sessionId: string): Promise<void> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ userId: sessions.userId });
  if (revoked[0]) await notifySessionsRevoked(db, revoked[0].userId);
}

/** Every live session of the user, except `keepSessionId` when given. */
export async function revokeUserSessions(db: Executor, userId: string, keepSessionId?: string): Promise<void> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keepSessionId ? ne(sessions.id, keepSessionId) : undefined),
    )
    .returning({ id: sessions.id });
  if (revoked.length) await notifySessionsRevoked(db, userId);
}

/**
 * Tells every app process (realtime's LISTEN) that this user lost sessions or access (sign-out,
 * revocation, demotion, unapproval), so their sockets are checked and closed now rather than at
 * the next periodic re-check. Inside a transaction the NOTIFY goes out on commit only.
 */
export async function notifySessionsRevoked(db: Executor, userId: string): Promise<void> {
  await db.execute(sql`select pg_notify(${SESSIONS_REVOKED_CHANNEL}, ${userId})`);
}
