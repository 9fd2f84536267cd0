import { randomBytes } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import type { Database } from './client';
import { together } from './transaction';
import { demoProducts } from './demo-data';
import { products, profiles, users } from './schema';
import { hashPassword } from '../lib/passwords';

export const DEMO_ADMIN_EMAIL = 'admin@demo.local';

/**
 * Makes sure an account exists, can sign in with this password, is verified, approved and
 * super admin. Used for ADMIN_EMAIL/ADMIN_PASSWORD and for the demo admin.
 */
export async function ensureAdminAccount(db: Database, admin: { email: string; password: string; nombre?: string }) {
  const email = admin.email.trim().toLowerCase();
  const passwordHash = await hashPassword(admin.password);
  await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ email, passwordHash, emailVerifiedAt: new Date(), metadata: { nombre: admin.nombre ?? 'Administrador' } })
      .onConflictDoUpdate({
        target: users.email,
        set: { passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: sql`now()` },
      })
      .returning({ id: users.id });
    await tx
      .insert(profiles)
      .values({
        id: user!.id,
        nombre: admin.nombre ?? 'Administrador',
        apellido: '',
        email,
        dni: '00000000',
        approved: true,
        isAdmin: true,
        isSuperAdmin: true,
      })
      .onConflictDoUpdate({
        target: profiles.id,
        set: { approved: true, isAdmin: true, isSuperAdmin: true, updatedAt: sql`now()` },
      });
  });
}

const toCentavos = (pesos: number) => Math.round(pesos * 100);

/** Inserts the demo catalogue when there are no products yet. Returns how many were inserted. */
export async function seedDemoProducts(db: Database): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(products);
  if ((existing?.n ?? 0) > 0) return 0;
  await db.insert(products).values(
    demoProducts.map((p) => ({
      name: p.name,
      sku: p.sku,
      category: p.category,
      description: p.description ?? null,
      price: toCentavos(p.price),
      retailPrice: toCentavos(p.retail),
      onSale: p.sale !== undefined,
      salePrice: p.sale !== undefined ? toCentavos(p.sale) : null,
      onSaleRetail: p.saleRetail !== undefined,
      salePriceRetail: p.saleRetail !== undefined ? toCentavos(p.saleRetail) : null,
      discounts: p.tiers ?? [],
      stock: p.stock ?? 0,
      hasUnlimitedStock: p.stock === null,
      isEnabled: !p.disabled,
    })),
  );
  return demoProducts.length;
}

/**
 * Demo data for a first start: the catalogue, and (unless the operator named their own admin)
 * an admin whose generated password is returned once (the caller prints it); it is never
 * stored in clear anywhere.
 */
export async function seedDemo(
  db: Database,
  options: { withAdmin: boolean } = { withAdmin: true },
): Promise<{ products: number; admin: { email: string; password: string } | null }> {
  // The two are independent: the admin's password hashing (argon2, off this thread) overlaps the catalogue's insert.
  // together(): a failure is thrown once both settled, so nothing still writes when the caller ends the pool.
  const [inserted, credentials] = await together([seedDemoProducts(db), options.withAdmin ? seedDemoAdmin(db) : null]);
  return { products: inserted, admin: credentials };
}

/** The demo admin when there is none yet, with a generated password returned once. */
async function seedDemoAdmin(db: Database): Promise<{ email: string; password: string } | null> {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ADMIN_EMAIL));
  if (admin) return null;
  const credentials = { email: DEMO_ADMIN_EMAIL, password: randomBytes(9).toString('base64url') };
  await ensureAdminAccount(db, { ...credentials, nombre: 'Admin Demo' });
  return credentials;
}

/**
 * What start-up writes: the operator's admin (ADMIN_EMAIL) and, on the embedded default, the
 * demo catalogue. With ADMIN_EMAIL set there is no demo super admin: a second super admin with a
 * password printed to the console is an account nobody asked for (the abuse-limits work, decision 010).
 */
export async function seedOnStart(
  db: Database,
  config: { admin: { email: string; password: string } | null; seedDemo: boolean },
): Promise<{ products: number; admin: { email: string; password: string } | null }> {
  if (config.admin) await ensureAdminAccount(db, config.admin);
  if (!config.seedDemo) return { products: 0, admin: null };
  return seedDemo(db, { withAdmin: !config.admin });
}
