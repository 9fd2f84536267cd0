import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPipelinedPool, createPool } from '../src/db/client';
import { raisedRefusal } from '../src/db/pg-errors';
import { inPipelinedTransaction, inTransaction } from '../src/db/transaction';
import { createTestDatabase } from './helpers';

const database = await createTestDatabase();
const pool = createPool(database.url, 2);
const pipelined = createPipelinedPool(pool);

beforeAll(async () => {
  await pool.query(`create table tx_probe (n int primary key)`);
});

afterAll(async () => {
  await pipelined.end();
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

/**
 * Decision 023: the order's last writes and COMMIT leave in one trip. A write that refuses must
 * undo the writes sent before it in the same trip, and a statement that raises
 * (`require_or_raise`, migration 0015) is how a refusal is said.
 */
describe('inPipelinedTransaction', () => {
  const refuseUnless = (client: { query: (text: string) => Promise<unknown> }, ok: boolean) =>
    client.query(`select require_or_raise(${ok}, 'probe_refused', 'detalle 7')`);

  it('commits the reads and the writes sent with COMMIT, and hands back the writes\' results in order', async () => {
    const result = await inPipelinedTransaction(pipelined, async ({ client, commitWith }) => {
      const [read] = await Promise.all([client.query<{ n: number }>(`select count(*)::int as n from tx_probe`)]);
      const [inserted, checked] = await commitWith(() => [
        client.query<{ n: number }>(`insert into tx_probe values (10), (11) returning n`),
        refuseUnless(client, true),
      ] as const);
      return { before: read.rows[0]!.n, inserted: inserted.rows.map((r) => r.n), checked: checked !== undefined };
    });
    expect(result).toEqual({ before: 2, inserted: [10, 11], checked: true });
    expect(await probeRows()).toEqual([1, 2, 10, 11]);
  });

  it('a write that raises rolls back the writes sent before it in the same trip, and its refusal is readable', async () => {
    const error = await inPipelinedTransaction(pipelined, async ({ client, commitWith }) => {
      await commitWith(() => [client.query(`insert into tx_probe values (20)`), refuseUnless(client, false), client.query(`insert into tx_probe values (21)`)] as const);
    }).catch((e: unknown) => e);
    expect(raisedRefusal(error)).toEqual({ reason: 'probe_refused', detail: 'detalle 7' });
    expect(await probeRows()).toEqual([1, 2, 10, 11]);
    // The connection went back usable, outside any transaction.
    const { rows } = await pipelined.query<{ n: number }>(`select count(*)::int as n from tx_probe`);
    expect(rows[0]!.n).toBe(4);
  });

  it('work that returns without commitWith writes nothing; work that throws before it neither', async () => {
    await inPipelinedTransaction(pipelined, async ({ client }) => {
      await client.query(`insert into tx_probe values (30)`);
      return 'nada que escribir';
    });
    const failure = new Error('regla de negocio');
    await expect(
      inPipelinedTransaction(pipelined, async ({ client }) => {
        await client.query(`insert into tx_probe values (31)`);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await probeRows()).toEqual([1, 2, 10, 11]);
  });
  it('sends BEGIN with the first reads in one write, and the last writes with COMMIT in one write', async () => {
    // A pipelined pool's connection, taken and given back, is the one the transaction gets next.
    const probe = await pipelined.connect();
    const socket = probe.connection.stream as unknown as { write: (...args: unknown[]) => boolean; _writev?: unknown; _write: unknown };
    probe.release();
    const flushes: number[] = [];
    const spy = (name: '_write' | '_writev') => {
      const original = socket[name] as (this: unknown, chunk: unknown, ...rest: unknown[]) => unknown;
      socket[name] = function (this: unknown, chunk: unknown, ...rest: unknown[]) {
        flushes.push(Array.isArray(chunk) ? chunk.length : 1);
        return original.call(this, chunk, ...rest);
      };
      return () => (socket[name] = original);
    };
    const restore = [spy('_write'), spy('_writev')];
    try {
      await inPipelinedTransaction(pipelined, async ({ client, commitWith }) => {
        await Promise.all([client.query(`select 1`), client.query(`select 2`)]);
        await commitWith(() => [client.query(`insert into tx_probe values (40)`), client.query(`insert into tx_probe values (41)`)] as const);
      });
    } finally {
      for (const undo of restore) undo();
    }
    // BEGIN + two reads, then two writes + COMMIT: two flushes to the socket, not six.
    expect(flushes).toHaveLength(2);
    expect(await probeRows()).toEqual([1, 2, 10, 11, 40, 41]);
  });

  it('work that throws before its first await still rolls back, and the connection stays usable', async () => {
    const failure = new Error('falla antes de esperar nada');
    await expect(
      inPipelinedTransaction(pipelined, (({ client }: { client: { query: (text: string) => unknown } }) => {
        client.query(`insert into tx_probe values (50)`);
        throw failure;
      }) as unknown as Parameters<typeof inPipelinedTransaction>[1]),
    ).rejects.toBe(failure);
    expect(await probeRows()).toEqual([1, 2, 10, 11, 40, 41]);
    const { rows } = await pipelined.query<{ n: number }>(`select count(*)::int as n from tx_probe`);
    expect(rows[0]!.n).toBe(6);
  });
});
