import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/db/embedded';
import { createPool } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A URL to the server's maintenance database, from which test databases are created. */
    pgAdminUrl: string;
    templateDatabase: string;
  }
}

const TEMPLATE = 'mayorista_test_template';

/**
 * One real PostgreSQL for the whole run: TEST_DATABASE_URL when given, otherwise an embedded
 * server in a throw-away directory. Migrations run once into a template database; every test
 * file clones it (CREATE DATABASE … TEMPLATE), which takes milliseconds.
 */
export default async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stop: () => Promise<void> = async () => undefined;
  let dataDir: string | null = null;
  if (!adminUrl) {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'mayorista-test-pg-'));
    const embedded = await startEmbeddedPostgres({ dataDir, log: () => undefined });
    adminUrl = embedded.url.replace(/\/mayorista$/, '/postgres');
    stop = embedded.stop;
  }

  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${TEMPLATE}`);
  await admin.query(`create database ${TEMPLATE}`);
  await admin.end();
  const templatePool = createPool(adminUrl.replace(/\/[^/]+$/, `/${TEMPLATE}`), 2);
  await runMigrations(templatePool);
  await templatePool.end();

  project.provide('pgAdminUrl', adminUrl);
  project.provide('templateDatabase', TEMPLATE);

  return async () => {
    await stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
}
