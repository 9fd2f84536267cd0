import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '../src/db/client';
import { createPriceImport, IMPORT_LIMITS } from '../src/flows/import-prices';
import { createAdmin, type TestUser } from './factories';
import { setupTestApp } from './helpers';
import { importClient } from './import-fixtures';

/**
 * The catalogue import runs whole on its own thread with a database connection of its own
 * (decision 068): the main thread only hands over the file and waits. Proven without timing: an
 * import completes while the main thread's only connection is lent out, and the main thread's
 * catalogue cache forgets once per applied import, never for a dry run or a refused file.
 */
const ctx = await setupTestApp();
let admin: TestUser;
beforeAll(async () => {
  admin = await createAdmin(ctx);
});

const { tag, createProduct } = importClient(ctx, () => admin, 'Hilo');
const header = 'SKU;Nombre;Categoría;Precio mayorista;Precio minorista;Stock';

describe('the import thread', () => {
  const pool = createPool(ctx.databaseUrl, 1);
  let forgotten = 0;
  const importer = createPriceImport({
    pool,
    catchUpCatalogue: async () => {
      forgotten++;
    },
  });
  afterAll(async () => {
    await importer.close();
    await pool.end();
  });

  it('checks and applies with its own connection while the main pool has none free; the cache forgets only after an applied import', async () => {
    const category = `Hilo ${tag()}`;
    const product = await createProduct({ sku: `H-${tag()}`, category, stock: 5 });
    const held = await pool.connect();
    try {
      const file = (price: string) =>
        Buffer.from([header, `${product.sku};${product.name};${category};${price};1500;5`].join('\n'));
      const actor = { id: admin.userId, ip: '127.0.0.1' };

      const dryRun = await importer.importCatalogue([file('1234')], { dryRun: true, actor });
      expect(dryRun).toMatchObject({ dry_run: true, updated: 1, created: 0 });
      await expect(importer.importCatalogue([file('abc')], { dryRun: false, actor })).rejects.toMatchObject({
        code: 'import_invalid',
      });
      expect(forgotten).toBe(0);

      const applied = await importer.importCatalogue([file('1234')], { dryRun: false, actor });
      expect(applied).toMatchObject({ dry_run: false, updated: 1, created: 0 });
      expect(forgotten).toBe(1);
    } finally {
      held.release();
    }
    const { rows } = await ctx.pool.query<{ price: number }>('select price from products where id = $1', [product.id]);
    expect(rows[0]!.price).toBe(123_400);
    const audit = await ctx.pool.query<{ actor_id: string; ip: string }>(
      `select actor_id, ip from audit_log where action = 'catalogue.import' and actor_id = $1`,
      [admin.userId],
    );
    expect(audit.rows).toEqual([{ actor_id: admin.userId, ip: '127.0.0.1' }]);
  });
});

describe('the import past its time budget', () => {
  // A budget of 1 ms is over before the transaction ends; the grace keeps the main thread's timer
  // out of it, so the thread itself refuses before COMMIT and PostgreSQL rolls everything back.
  const pool = createPool(ctx.databaseUrl, 1);
  const late = createPriceImport({ pool, catchUpCatalogue: async () => undefined }, { ...IMPORT_LIMITS, timeMs: 1, graceMs: 60_000 });
  const onTime = createPriceImport({ pool, catchUpCatalogue: async () => undefined });
  afterAll(async () => {
    await Promise.all([late.close(), onTime.close()]);
    await pool.end();
  });

  it('refuses with file_too_slow before committing: the price and the audit log unchanged, and the import lock free again', async () => {
    const category = `Tarde ${tag()}`;
    const product = await createProduct({ sku: `T-${tag()}`, category, stock: 5 });
    const file = (price: string) => Buffer.from([header, `${product.sku};${product.name};${category};${price};1500;5`].join('\n'));
    const actor = { id: admin.userId, ip: null };
    const audited = async () =>
      (await ctx.pool.query(`select 1 from audit_log where action = 'catalogue.import' and actor_id = $1`, [admin.userId])).rowCount;
    const before = await audited();

    await expect(late.importCatalogue([file('4321')], { dryRun: false, actor })).rejects.toMatchObject({ code: 'file_too_slow' });
    const { rows } = await ctx.pool.query<{ price: number }>('select price from products where id = $1', [product.id]);
    expect(rows[0]!.price).toBe(product.price);
    expect(await audited()).toBe(before);

    // Another import takes the lock at once (the first one's transaction is over) and applies.
    await expect(onTime.importCatalogue([file('4321')], { dryRun: false, actor })).resolves.toMatchObject({ updated: 1 });
    expect(await audited()).toBe(before! + 1);
  });
});
