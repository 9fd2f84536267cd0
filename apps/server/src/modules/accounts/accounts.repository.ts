import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { BusinessProfileFields, Me, Profile, SessionUser, SignUpMetadata } from '@mayorista/core';
import type { Database } from '../../db/client';
import { emailTokens, profiles, refreshTokens, sessions, users } from '../../db/schema';
import { SESSIONS_REVOKED_CHANNEL } from '../../db/channels';

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

export async function findProfile(db: Executor, id: string): Promise<Profile | null> {
  const [row] = await db.select(profileColumns).from(profiles).where(eq(profiles.id, id));
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

export async function insertSession(tx: Executor, input: { userId: string; userAgent: string | null; ip: string | null }): Promise<string> {
  const [row] = await tx
    .insert(sessions)
    .values({ userId: input.userId, userAgent: input.userAgent?.slice(0, 500) ?? null, ip: input.ip })
    .returning({ id: sessions.id });
  return row!.id;
}

export async function insertRefreshToken(tx: Executor, sessionId: string, tokenHash: string): Promise<void> {
  await tx.insert(refreshTokens).values({ sessionId, tokenHash });
}

/**
 * The refresh token with its session, both locked: concurrent refreshes of one session
 * queue here instead of racing to rotate the same token.
 */
export async function lockRefreshToken(tx: Transaction, tokenHash: string) {
  const [row] = await tx
    .select({
      id: refreshTokens.id,
      sessionId: refreshTokens.sessionId,
      rotatedAt: refreshTokens.rotatedAt,
      secondsSinceRotation: sql<number | null>`extract(epoch from (now() - ${refreshTokens.rotatedAt}))::float8`,
      sessionRevokedAt: sessions.revokedAt,
      userId: sessions.userId,
    })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .for('update');
  return row ?? null;
}

export async function markRefreshTokenRotated(tx: Transaction, id: number): Promise<void> {
  await tx.update(refreshTokens).set({ rotatedAt: sql`now()` }).where(eq(refreshTokens.id, id));
}

export async function touchSession(tx: Transaction, sessionId: string): Promise<void> {
  await tx.update(sessions).set({ refreshedAt: sql`now()` }).where(eq(sessions.id, sessionId));
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
