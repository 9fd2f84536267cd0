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
    await client.query('rollback').catch((rollbackError: Error) => {
      broken = rollbackError;
    });
    throw error;
  } finally {
    client.release(broken);
  }
}
