import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AdminUser, AdminUserStatus, Profile } from '@mayorista/core';
import { likeContains } from '../../db/like';
import { profiles, users } from '../../db/schema';
import { profileColumns, type Executor, type Transaction } from './accounts.repository';

const adminUserColumns = {
  ...profileColumns,
  price_list_id: profiles.priceListId,
  email_verified: sql<boolean>`${users.emailVerifiedAt} is not null`,
  created_at: profiles.createdAt,
};

type AdminUserRow = Omit<AdminUser, 'created_at'> & { created_at: Date };
const toAdminUser = (row: AdminUserRow): AdminUser => ({ ...row, created_at: row.created_at.toISOString() });


function listFilter(filter: { search?: string; status: AdminUserStatus }): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.status === 'pending') conditions.push(eq(profiles.approved, false));
  if (filter.status === 'approved') conditions.push(eq(profiles.approved, true));
  const search = filter.search?.trim();
  if (search) {
    // One haystack for name, surname, e-mail and DNI; accents and case ignored ("Nuñez" finds "nunez").
    const pattern = likeContains(search);
    conditions.push(
      sql`public.immutable_unaccent(lower(concat_ws(' ', ${profiles.nombre}, ${profiles.apellido}, ${profiles.email}, ${profiles.dni})))
          like public.immutable_unaccent(lower(${pattern}))`,
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

export async function listAdminUsers(
  db: Executor,
  filter: { search?: string; status: AdminUserStatus; page: number; pageSize: number },
): Promise<{ items: AdminUser[]; total: number }> {
  const where = listFilter(filter);
  const rows = await db
    .select(adminUserColumns)
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(where)
    // Pending accounts first (they are the admin's to-do list), newest first within each group.
    .orderBy(asc(profiles.approved), desc(profiles.createdAt), asc(profiles.id))
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  const [total] = await db.select({ n: count() }).from(profiles).where(where);
  return { items: rows.map(toAdminUser), total: total?.n ?? 0 };
}

export async function findAdminUser(db: Executor, id: string): Promise<AdminUser | null> {
  const [row] = await db.select(adminUserColumns).from(profiles).innerJoin(users, eq(users.id, profiles.id)).where(eq(profiles.id, id));
  return row ? toAdminUser(row) : null;
}

/** Locks the profile row so concurrent admin changes to the same account apply one after the other. */
export async function lockProfile(tx: Transaction, id: string): Promise<Profile | null> {
  const [row] = await tx.select(profileColumns).from(profiles).where(eq(profiles.id, id)).for('update');
  return row ?? null;
}

/** Locks every super admin row: the "never the last super admin" check must see a stable set. */
export async function lockSuperAdminIds(tx: Transaction): Promise<string[]> {
  const rows = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.isSuperAdmin, true)).for('update');
  return rows.map((r) => r.id);
}

export async function updateProfileFlags(
  tx: Transaction,
  id: string,
  // Never saldo_puntos: the points ledger (modules/points) is its only writer.
  flags: Partial<{ approved: boolean; isAdmin: boolean; isSuperAdmin: boolean }>,
): Promise<void> {
  await tx
    .update(profiles)
    .set({ ...flags, updatedAt: sql`now()` })
    .where(eq(profiles.id, id));
}
