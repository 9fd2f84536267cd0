import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '../src/db/client';
import { inTransaction } from '../src/db/transaction';
import { createTestDatabase } from './helpers';

const database = await createTestDatabase();
const pool = createPool(database.url, 2);

beforeAll(async () => {
  await pool.query(`create table tx_probe (n int primary key)`);
});

afterAll(async () => {
  await pool.end();
  await database.drop();
});

const probeRows = async () => (await pool.query<{ n: number }>(`select n from tx_probe order by n`)).rows.map((r) => r.n);

describe('inTransaction', () => {
  it('commits every statement when the work returns, and hands back its result', async () => {
    const result = await inTransaction(pool, async (client) => {
      await client.query(`insert into tx_probe values (1), (2)`);
      return 'hecho';
    });
    expect(result).toBe('hecho');
    expect(await probeRows()).toEqual([1, 2]);
  });

  it('rolls back every statement when the work throws, and re-throws the same error', async () => {
    const failure = new Error('falla a mitad de camino');
    await expect(
      inTransaction(pool, async (client) => {
        await client.query(`insert into tx_probe values (3)`);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await probeRows()).toEqual([1, 2]);
  });

  it('rolls back after a failed statement and leaves the connection usable', async () => {
    await expect(
      inTransaction(pool, async (client) => {
        await client.query(`insert into tx_probe values (4)`);
        await client.query(`insert into tx_probe values (1)`); // duplicate key
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await probeRows()).toEqual([1, 2]);
    // Every connection went back to the pool outside any transaction.
    for (let i = 0; i < 4; i++) {
      await inTransaction(pool, async (client) => {
        const { rows } = await client.query<{ n: string }>(`select count(*)::text as n from tx_probe`);
        expect(rows[0]!.n).toBe('2');
      });
    }
    expect(pool.totalCount).toBeLessThanOrEqual(2);
    expect(pool.waitingCount).toBe(0);
  });
});
