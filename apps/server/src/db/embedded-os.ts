import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';

// The operating-system side of the embedded PostgreSQL (db/embedded.ts): the user it runs as when
// the app runs as root, its data directory's ownership and reachability, and running its tools.

const SUPERUSER = 'postgres';

/** PostgreSQL refuses to run as root; as root we run it as the system user `postgres`, creating it if needed. */
export type RunAs = { uid: number; gid: number } | null;

export function runAsIds(): RunAs {
  if (process.getuid?.() !== 0) return null;
  const lookup = () => ({
    uid: Number(execFileSync('id', ['-u', SUPERUSER], { encoding: 'utf8' }).trim()),
    gid: Number(execFileSync('id', ['-g', SUPERUSER], { encoding: 'utf8' }).trim()),
  });
  try {
    return lookup();
  } catch {
    try {
      execFileSync('groupadd', ['--system', SUPERUSER], { stdio: 'ignore' });
    } catch {
      /* the group may exist already */
    }
    execFileSync('useradd', ['--system', '--no-create-home', '-g', SUPERUSER, SUPERUSER], { stdio: 'ignore' });
    return lookup();
  }
}

export async function chownRecursive(dir: string, uid: number, gid: number): Promise<void> {
  await fs.chown(dir, uid, gid);
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) await chownRecursive(p, uid, gid);
    else await fs.chown(p, uid, gid);
  }
}

/**
 * As root, PostgreSQL runs as `postgres`, which must be able to reach its data directory.
 * Directories we own under DATA_DIR get the execute-only bit for others (no listing); a parent
 * outside it that blocks the way (e.g. /root) is reported, never changed behind the user's back.
 */
export async function ensureReachable(dataDir: string, ids: { uid: number; gid: number }): Promise<void> {
  const canTraverse = (st: { mode: number; uid: number; gid: number }) =>
    (st.mode & 0o001) !== 0 || (st.uid === ids.uid && (st.mode & 0o100) !== 0) || (st.gid === ids.gid && (st.mode & 0o010) !== 0);
  const dataStat = await fs.stat(dataDir);
  if (!canTraverse(dataStat)) await fs.chmod(dataDir, dataStat.mode | 0o001);
  for (let dir = path.dirname(dataDir); ; dir = path.dirname(dir)) {
    if (!canTraverse(await fs.stat(dir))) {
      throw new Error(
        `PostgreSQL no puede ejecutarse como root y el usuario "postgres" no puede acceder a ${dir}. ` +
          'Usá un DATA_DIR en una carpeta accesible (por ejemplo /var/lib/mayorista), o iniciá la aplicación con un usuario común.',
      );
    }
    if (dir === path.dirname(dir)) break;
  }
}

export async function runToCompletion(command: string, args: string[], ids: RunAs, logFile: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { ...(ids ?? {}), stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_ALL: 'C' } });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      void fs.appendFile(logFile, output);
      if (code === 0) resolve();
      else reject(new Error(`${path.basename(command)} terminó con código ${code}:\n${output}`));
    });
  });
}
