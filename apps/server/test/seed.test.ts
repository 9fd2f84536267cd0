import { describe, expect, it } from 'vitest';
import { createDatabase, createPool } from '../src/db/client';
import { checkConsistency } from '../src/db/consistency';
import { DEMO_ADMIN_EMAIL, seedOnStart } from '../src/db/seed';
import { createTestDatabase } from './helpers';

/** The abuse-limits work (decision 010): start-up seeding never creates a super admin the operator did not ask for. */
async function withDatabase<T>(run: (db: ReturnType<typeof createDatabase>, pool: ReturnType<typeof createPool>) => Promise<T>): Promise<T> {
  const database = await createTestDatabase();
  const pool = createPool(database.url, 2);
  try {
    return await run(createDatabase(pool), pool);
  } finally {
    await pool.end();
    await database.drop();
  }
}

const superAdmins = async (pool: ReturnType<typeof createPool>) =>
  (await pool.query<{ email: string }>('select email from profiles where is_super_admin order by email')).rows.map((r) => r.email);

describe('seeding at start-up', () => {
  it('with ADMIN_EMAIL set: the operator is the only super admin, no demo admin, the demo catalogue still loads', async () => {
    await withDatabase(async (db, pool) => {
      const seeded = await seedOnStart(db, { admin: { email: 'duenia@example.com', password: 'Clave-Duenia-2026' }, seedDemo: true });
      expect(seeded.admin).toBeNull();
      expect(seeded.products).toBeGreaterThan(0);
      expect(await superAdmins(pool)).toEqual(['duenia@example.com']);
      const { rows } = await pool.query('select 1 from users where email = $1', [DEMO_ADMIN_EMAIL]);
      expect(rows).toHaveLength(0);
    });
  });

  it('without ADMIN_EMAIL: the demo admin is created once and its password returned once', async () => {
    await withDatabase(async (db, pool) => {
      const first = await seedOnStart(db, { admin: null, seedDemo: true });
      expect(first.admin?.email).toBe(DEMO_ADMIN_EMAIL);
      expect(await superAdmins(pool)).toEqual([DEMO_ADMIN_EMAIL]);
      const second = await seedOnStart(db, { admin: null, seedDemo: true });
      expect(second.admin).toBeNull();
    });
  });
});

// The ledgers-and-contracts work (decisions 009, 011, 012): `npm run db:check` passes on the demo data (the seed inserts products directly; the
// opening-movement trigger is what keeps stock = Σ ledger there).
describe('db:check on the demo data', () => {
  it('finds no inconsistency right after the demo seed', async () => {
    await withDatabase(async (db, pool) => {
      const seeded = await seedOnStart(db, { admin: null, seedDemo: true });
      expect(seeded.products).toBeGreaterThan(0);
      const report = await checkConsistency(pool);
      expect(report.products).toBe(seeded.products);
      expect(report.violations).toEqual([]);
    });
  });
});
