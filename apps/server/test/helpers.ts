import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { createDatabase, createPool, type Database } from '../src/db/client';
import type { InvoiceIssuer } from '../src/modules/invoicing/invoice-issuer';

export interface TestContext {
  app: FastifyInstance;
  db: Database;
  pool: pg.Pool;
  config: Config;
  databaseUrl: string;
}

/** A fresh database cloned from the migrated template: each test file gets its own data. */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = inject('pgAdminUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('templateDatabase')}`);
  await admin.end();
  return {
    url: adminUrl.replace(/\/[^/]+$/, `/${name}`),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: `/tmp/mayorista-test-data-${process.pid}`,
    LOG_LEVEL: 'silent',
    SEED_DEMO: '0',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    // Suites that test e-mail delivery turn the outbox worker on; the rest only see rows queued.
    OUTBOX_WORKER: '0',
    ...overrides,
  });
}

/**
 * Builds the app on its own database for one test file and closes both after the file.
 * Call at module level or in beforeAll.
 */
export async function setupTestApp(options: { env?: Record<string, string>; invoiceIssuer?: InvoiceIssuer; now?: () => Date } = {}): Promise<TestContext> {
  const database = await createTestDatabase();
  const config = testConfig(options.env);
  const pool = createPool(database.url, 10);
  const db = createDatabase(pool);
  const app = await buildApp({
    config,
    pool,
    db,
    jwtSecret: new TextEncoder().encode(config.jwtSecret ?? 'x'.repeat(32)),
    webDistDir: null,
    logger: false,
    ...(options.invoiceIssuer ? { invoiceIssuer: options.invoiceIssuer } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await pool.end();
    await database.drop();
  });
  return { app, db, pool, config, databaseUrl: database.url };
}
