import type { Config } from './config';
import { buildApp } from './app';
import { createDatabase, createPool } from './db/client';
import { runMigrations } from './db/migrate';
import { seedOnStart } from './db/seed';
import { loadSigningSecret } from './lib/secrets';

/**
 * The application on a database that is up: migrations, demo data on a first start, the HTTP
 * server listening. Loaded by main.ts while the embedded PostgreSQL starts (decision 045), so
 * this module's imports — Fastify, Drizzle, every module and route — load in that time.
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
  await runMigrations(pool);
  const db = createDatabase(pool);

  const seeded = await seedOnStart(db, config);
  if (seeded.products) say(`Se cargaron ${seeded.products} productos de demostración.`);
  if (seeded.admin) {
    say('');
    say('  Administrador de demostración (se muestra una sola vez):');
    say(`    Correo:     ${seeded.admin.email}`);
    say(`    Contraseña: ${seeded.admin.password}`);
    say('');
  }

  const app = await buildApp({ config, pool, db, jwtSecret: loadSigningSecret(config.dataDir, config.jwtSecret) });
  cleanups.push(() => app.close());
  await app.listen({ port: config.port, host: config.host });
  say(`${config.catalogName} disponible en ${config.appUrl}${opts.embedded ? ' (base de datos embebida)' : ''}`);
  return app;
}
