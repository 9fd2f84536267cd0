import type pg from 'pg';
import type { Config } from './config';
import { buildApp } from './app';
import { createDatabase, createPool, type Database } from './db/client';
import { runMigrations } from './db/migrate';
import { seedOnStart } from './db/seed';
import { loadSigningSecret } from './lib/secrets';

type Seeded = Awaited<ReturnType<typeof seedOnStart>>;

/**
 * The application on a database that is up: migrations and the demo data of a first start beside
 * building the app, then the HTTP server listening. Loaded by main.ts while the embedded
 * PostgreSQL starts (decision 045), so this module's imports — Fastify, Drizzle, every module and
 * route — load in that time.
 */
export async function serve(opts: {
  config: Config;
  databaseUrl: string;
  embedded: boolean;
  say: (message: string) => void;
  cleanups: Array<() => Promise<void> | void>;
}): Promise<{ log: { info(object: object, message: string): void } }> {
  const { config, say, cleanups } = opts;
  const pool = createPool(opts.databaseUrl);
  cleanups.push(() => pool.end());
  const db = createDatabase(pool);
  // Read (or created) before the two below start: failing beside them, it would leave the migrations running unawaited.
  const jwtSecret = loadSigningSecret(config.dataDir, config.jwtSecret);

  // The database's part (migrations, then the demo data of a first start) and the application's
  // (Fastify's plugins and routes, this thread's work) run side by side: registering reads no
  // table (the catalogue cache only LISTENs), and nothing is served, nor any onReady job started,
  // before listen() below, after both (decision 073).
  const [prepared, built] = await Promise.allSettled([
    prepareDatabase(pool, db, config),
    buildApp({ config, pool, db, jwtSecret }),
  ]);
  if (built.status === 'fulfilled') cleanups.push(() => built.value.close());
  if (prepared.status === 'rejected') throw prepared.reason;
  if (built.status === 'rejected') throw built.reason;
  printSeeded(say, prepared.value);

  const app = built.value;
  await app.listen({ port: config.port, host: config.host });
  say(`${config.catalogName} disponible en ${config.appUrl}${opts.embedded ? ' (base de datos embebida)' : ''}`);
  return app;
}

async function prepareDatabase(pool: pg.Pool, db: Database, config: Config): Promise<Seeded> {
  await runMigrations(pool);
  return seedOnStart(db, config);
}

function printSeeded(say: (message: string) => void, seeded: Seeded): void {
  if (seeded.products) say(`Se cargaron ${seeded.products} productos de demostración.`);
  if (seeded.admin) {
    say('');
    say('  Administrador de demostración (se muestra una sola vez):');
    say(`    Correo:     ${seeded.admin.email}`);
    say(`    Contraseña: ${seeded.admin.password}`);
    say('');
  }
}
