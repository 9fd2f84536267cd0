import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A database of its own on the cluster `clusterUrl` points at, named `<prefix>_<8 hex>`: its URL,
 * and `drop` to remove it (forcing out any connection left).
 */
export async function createOwnDatabase(clusterUrl: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return {
    url: clusterUrl.replace(/\/[^/?]+(\?|$)/, `/${name}$1`),
    drop: async () => {
      const c = new pg.Client({ connectionString: clusterUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
