import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** A thread's entry: its TypeScript source, and the file the build emits next to main.js (build.mjs). */
export interface ThreadEntry {
  source: URL;
  built: URL;
}

/**
 * Starts a worker thread on `entry`: the built file when the server runs from dist/, the
 * TypeScript source through tsx's API when it runs from source (tests, dev) — a Worker's execArgv
 * cannot register loaders, so the thread imports tsx first and then the entry.
 */
export function startThread(entry: ThreadEntry, options: WorkerOptions = {}): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(entry.built, options);
  // require.resolve finds the CommonJS build; the thread imports its ES module sibling.
  const tsxApi = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const source = JSON.stringify(entry.source.href);
  return new Worker(`import(${JSON.stringify(tsxApi)}).then(({ tsImport }) => tsImport(${source}, ${source}));`, {
    ...options,
    eval: true,
  });
}
