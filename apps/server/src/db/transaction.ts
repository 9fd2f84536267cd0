import type { Writable } from 'node:stream';
import type pg from 'pg';

/** What a query needs: the pool for a single statement, or the client of a transaction. */
export type Queryable = Pick<pg.ClientBase, 'query'>;

/**
 * Runs `work` in ONE transaction on one pooled connection: committed when it returns, rolled back
 * when it throws (the error is re-thrown as is). A connection whose rollback fails is destroyed
 * rather than handed back to the pool in an unknown state.
 */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    broken = await rollBack(client);
    throw error;
  } finally {
    client.release(broken);
  }
}

/** Rolls back after a failure; answers the error of a rollback that failed (the connection is then destroyed on release). */
async function rollBack(client: pg.PoolClient): Promise<Error | undefined> {
  return client.query('rollback').then(
    () => undefined,
    (rollbackError: Error) => rollbackError,
  );
}

/**
 * Runs `write` with the socket corked, so the statements it sends synchronously leave together,
 * and uncorks even when it throws (a socket left corked would never send the ROLLBACK).
 */
function corked<T>(socket: Writable, write: () => T): T {
  socket.cork();
  try {
    return write();
  } finally {
    socket.uncork();
  }
}

/**
 * Promise.all for statements sent together (each on a pooled connection of its own, or pipelined
 * on one: one round-trip), except that it waits for every one to settle before it throws the first
 * failure, so no statement of the work is still running when the caller hears of it.
 */
export async function together<T extends readonly unknown[] | []>(sent: T): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const settled: PromiseSettledResult<unknown>[] = await Promise.allSettled(sent as readonly unknown[]);
  const failure = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failure) throw failure.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as { -readonly [K in keyof T]: Awaited<T[K]> };
}

/** The statements that end a pipelined transaction, already sent, and their results in order. */
type Sent<T extends readonly unknown[]> = { [K in keyof T]: Promise<T[K]> };

export interface PipelinedTransaction {
  client: pg.PoolClient;
  /**
   * Writes the transaction's last statements and COMMIT together: `writes` sends them (each
   * `client.query` is written at once on a pipelined client), COMMIT goes right behind, and only
   * then is anything awaited. A statement that fails aborts the transaction, so PostgreSQL answers
   * the queued COMMIT with a rollback: the first failure is thrown and nothing was applied.
   * Statements that must be able to refuse therefore raise (`require_or_raise`, migration 0015)
   * rather than answer "0 rows".
   */
  commitWith<T extends readonly unknown[]>(writes: () => Sent<T>): Promise<T>;
}

/**
 * `inTransaction` in as few round-trips as the work allows (decision 023), for a pool created with
 * `pipeline: true` (createPool's option): BEGIN is written with the work's first statements instead
 * of being awaited alone, and `commitWith` sends the last writes and COMMIT in one trip. A row
 * those writes lock (a popular product's stock) is then held for the statement and the commit
 * only, never while Node gets round to sending COMMIT. On a client without pipelining the same
 * code runs one statement at a time, with the same outcome.
 * Only `commitWith` commits: work that returns without it (it found nothing to write, e.g. a
 * replayed request) is rolled back.
 */
export async function inPipelinedTransaction<T>(pool: pg.Pool, work: (tx: PipelinedTransaction) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  let committed = false;
  // Each statement is one write to the socket; corked, a trip's statements leave in one writev
  // (one system call here, one wake-up of the database's backend there).
  const socket = client.connection.stream;
  let begun: Promise<unknown> = Promise.resolve();
  const tx: PipelinedTransaction = {
    client,
    async commitWith<W extends readonly unknown[]>(writes: () => Sent<W>): Promise<W> {
      await begun;
      const [sent, commit] = corked(socket, () => [writes() as readonly Promise<unknown>[], client.query('commit')] as const);
      committed = true;
      const results = await together([...sent, commit]);
      return results.slice(0, -1) as unknown as W;
    },
  };
  try {
    // BEGIN and the statements work writes before its first await leave in one write.
    const working = corked(socket, () => {
      begun = client.query('begin');
      // Settled (and any failure thrown) before the first write; its answer precedes every read's.
      begun.catch(() => undefined);
      return work(tx);
    });
    const result = await working;
    if (!committed) {
      await begun;
      await client.query('rollback');
    }
    return result;
  } catch (error) {
    // After a failed commitWith the server already rolled back; this only confirms the connection is usable.
    broken = await rollBack(client);
    throw error;
  } finally {
    client.release(broken);
  }
}
