import { ConfigError, loadConfig, type Config } from './config';
import { buildApp } from './app';
import { createDatabase, createPool } from './db/client';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './db/embedded';
import { runMigrations } from './db/migrate';
import { seedOnStart } from './db/seed';
import { acquireInstanceLock, InstanceLockedError } from './lib/instance-lock';
import { loadSigningSecret } from './lib/secrets';

const say = (msg: string) => process.stdout.write(`${msg}\n`);

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const cleanups: Array<() => Promise<void> | void> = [];
  const cleanup = async () => {
    while (cleanups.length) await cleanups.pop()!();
  };

  try {
    let databaseUrl = config.databaseUrl;
    let embedded: EmbeddedPostgres | null = null;
    if (!databaseUrl) {
      const release = acquireInstanceLock(config.dataDir);
      cleanups.push(release);
      embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, log: say });
      cleanups.push(() => embedded!.stop());
      databaseUrl = embedded.url;
    }

    const pool = createPool(databaseUrl);
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
    say(`${config.catalogName} disponible en ${config.appUrl}${embedded ? ' (base de datos embebida)' : ''}`);

    let shuttingDown = false;
    const shutdown = (signal: NodeJS.Signals) => {
      if (shuttingDown) return;
      shuttingDown = true;
      app.log.info({ signal }, 'shutting down');
      // Stop accepting, finish in-flight requests, close the pool, stop the embedded server.
      const force = setTimeout(() => {
        process.stderr.write('El cierre tardó demasiado; se fuerza la salida.\n');
        process.exit(1);
      }, 30_000);
      force.unref();
      cleanup()
        .then(() => process.exit(0))
        .catch((error: unknown) => {
          process.stderr.write(`Error al cerrar: ${String(error)}\n`);
          process.exit(1);
        });
    };
    process.on('SIGTERM', shutdown);
    process.on('SIGINT', shutdown);
  } catch (error) {
    await cleanup().catch(() => undefined);
    if (error instanceof InstanceLockedError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    process.stderr.write(`No se pudo iniciar: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  }
}

void main();
