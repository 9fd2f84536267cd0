import { mkdirSync, openSync, readFileSync, unlinkSync, writeSync, closeSync } from 'node:fs';
import path from 'node:path';
import { isProcessAlive, processCommandLine } from './process';

export class InstanceLockedError extends Error {
  constructor(
    public readonly dataDir: string,
    public readonly pid: number,
  ) {
    super(
      `Otra instancia de la aplicación (proceso ${pid}) ya está usando la carpeta de datos ${dataDir}. ` +
        'Detenela antes de iniciar otra, o usá otro DATA_DIR.',
    );
    this.name = 'InstanceLockedError';
  }
}

/**
 * One app process per embedded data directory: two processes would each try to run
 * PostgreSQL on the same files. The lock is a pid file; a pid that is dead (or reused by
 * something that is not node) is a leftover of a crash or `kill -9`, and is taken over.
 */
export function acquireInstanceLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'app.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
      if (
        Number.isInteger(holder) &&
        holder !== process.pid &&
        isProcessAlive(holder) &&
        /node/.test(processCommandLine(holder) || 'node')
      ) {
        throw new InstanceLockedError(dataDir, holder);
      }
      // Stale: remove and retry once. If two processes race here, only one `wx` open wins.
      try {
        unlinkSync(file);
      } catch {
        /* someone else removed it */
      }
    }
  }
  throw new InstanceLockedError(dataDir, Number.NaN);
}
