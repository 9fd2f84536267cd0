import { ConfigError, loadConfig, type Config } from './config';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './db/embedded';
import { acquireInstanceLock, InstanceLockedError } from './lib/instance-lock';
import type { serve } from './serve';

/**
 * The rest of the server (serve.ts) by a computed path, so the bundler leaves it as its own file
 * (dist/serve.js; under tsx, serve.ts) and it loads only when asked (decision 045).
 */
const SERVE_MODULE = './serve.js';
const loadServe = () => import(SERVE_MODULE) as Promise<{ serve: typeof serve }>;

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
    // The application's modules (about a second of loading on two cores) load while the
    // embedded PostgreSQL starts, instead of before it (decision 045): from the moment its first
    // program runs (initdb or the server), not before, since loading them holds this thread and
    // would hold up the spawn too (decision 073).
    let application: ReturnType<typeof loadServe> | null = null;
    const startLoading = () => {
      if (!application) {
        application = loadServe();
        application.catch(() => undefined); // awaited below; a failure is reported there
      }
      return application;
    };
    let databaseUrl = config.databaseUrl;
    let embedded: EmbeddedPostgres | null = null;
    if (!databaseUrl) {
      const release = acquireInstanceLock(config.dataDir);
      cleanups.push(release);
      embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, log: say, whileStarting: startLoading });
      cleanups.push(() => embedded!.stop());
      databaseUrl = embedded.url;
    }
    const app = await (await startLoading()).serve({ config, databaseUrl, embedded: embedded !== null, say, cleanups });

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
