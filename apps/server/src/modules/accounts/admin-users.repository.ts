import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { cuitSearchTerm, type AdminUser, type AdminUserStatus, type AdminCustomer, type Profile } from '@mayorista/core';
import { likeContains } from '../../db/like';
import { orders, profiles, users } from '../../db/schema';
import { businessColumns, profileColumns, type Executor } from './accounts.repository';

const adminUserColumns = {
  ...profileColumns,
  price_list_id: profiles.priceListId,
  email_verified: sql<boolean>`${users.emailVerifiedAt} is not null`,
  created_at: profiles.createdAt,
  razon_social: profiles.razonSocial,
  cuit: profiles.cuit,
};

type AdminUserRow = Omit<AdminUser, 'created_at'> & { created_at: Date };
const toAdminUser = (row: AdminUserRow): AdminUser => ({ ...row, created_at: row.created_at.toISOString() });


function listFilter(filter: { search?: string; status: AdminUserStatus }): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.status === 'pending') conditions.push(eq(profiles.approved, false));
  if (filter.status === 'approved') conditions.push(eq(profiles.approved, true));
  const search = filter.search?.trim();
  if (search) {
    // One indexed haystack (migration 0010) for name, surname, e-mail, DNI, razón social and CUIT
    // digits; accents and case ignored ("Nuñez" finds "nunez"), a CUIT typed with dashes or spaces
    // searched as its digits.
    const pattern = likeContains(cuitSearchTerm(search));
    conditions.push(sql`${profiles.searchText} like lower(public.immutable_unaccent(${pattern}))`);
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
export async function lockProfile(tx: Executor, id: string): Promise<Profile | null> {
  const [row] = await tx.select(profileColumns).from(profiles).where(eq(profiles.id, id)).for('update');
  return row ?? null;
}

/** Whether the account placed any order (orders keep their customer: the foreign key restricts). */
/** Whether the account has history that must be kept: an order, or a movement on its cuenta corriente (decision 037). */
export async function hasOrders(tx: Executor, id: string): Promise<boolean> {
  const [row] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.userId, id)).limit(1);
  if (row !== undefined) return true;
  const moved = await tx.execute(sql`select 1 from account_movements where profile_id = ${id} limit 1`);
  return moved.rows.length > 0;
}

/** Deletes the account; its profile, sessions, tokens, cart and lists go with it (cascade). */
export async function deleteUser(tx: Executor, id: string): Promise<void> {
  await tx.delete(users).where(eq(users.id, id));
}

/** Locks every super admin row: the "never the last super admin" check must see a stable set. */
export async function lockSuperAdminIds(tx: Executor): Promise<string[]> {
  const rows = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.isSuperAdmin, true)).for('update');
  return rows.map((r) => r.id);
}

export async function updateProfileFlags(
  tx: Executor,
  id: string,
  // Never saldo_puntos: the points ledger (modules/points) is its only writer.
  flags: Partial<{ approved: boolean; isAdmin: boolean; isSuperAdmin: boolean }>,
): Promise<void> {
  await tx
    .update(profiles)
    .set({ ...flags, updatedAt: sql`now()` })
    .where(eq(profiles.id, id));
}

/** How many of a customer's orders the admin customer page lists (the Pedidos tab has them all). */
export const CUSTOMER_RECENT_ORDERS = 20;

/** The admin customer page: account, business data, private notes and the latest orders. */
export async function findAdminCustomer(db: Executor, id: string): Promise<Omit<AdminCustomer, 'missing_business_fields'> | null> {
  const [row] = await db
    .select({ ...adminUserColumns, ...businessColumns, admin_notes: profiles.adminNotes })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(eq(profiles.id, id));
  if (!row) return null;
  const recent = await db.execute<{ id: string; status: string; total: string | number; created_at: Date | string }>(
    sql`select id, status, total, created_at from orders where user_id = ${id} order by created_at desc, id desc limit ${CUSTOMER_RECENT_ORDERS}`,
  );
  const counted = await db.execute<{ n: number }>(sql`select count(*)::int as n from orders where user_id = ${id}`);
  return {
    ...row,
    created_at: row.created_at.toISOString(),
    orders_count: counted.rows[0]?.n ?? 0,
    recent_orders: recent.rows.map((o) => ({
      id: o.id,
      status: o.status,
      total: Number(o.total),
      created_at: new Date(o.created_at).toISOString(),
    })),
  };
}

/** Private admin notes; only the admin routes read or write them. Answers the notes before, or null for no such account. */
export async function updateAdminNotes(db: Executor, id: string, notes: string | null): Promise<{ before: string | null } | null> {
  const [old] = await db.select({ notes: profiles.adminNotes }).from(profiles).where(eq(profiles.id, id)).for('update');
  if (!old) return null;
  await db
    .update(profiles)
    .set({ adminNotes: notes, updatedAt: sql`now()` })
    .where(eq(profiles.id, id));
  return { before: old.notes };
}
