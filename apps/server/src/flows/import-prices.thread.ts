// The catalogue import's thread (decisions 030 and 068): reads an uploaded spreadsheet under the
// untrusted-file limits, checks it and applies it (import-prices.ts) on a database connection of
// its own, at the lowest CPU priority. Built as dist/import-worker.js.
import { workerData } from 'node:worker_threads';
import { createBackgroundPool } from '../db/client';
import { serveFileJobs } from '../lib/untrusted-files/worker-host';
import { runImport, type ImportJob, type ImportThreadData } from './import-prices';

const { connectionString } = workerData as ImportThreadData;

// One connection per import, closed when it ends: the thread is ended after a while without work
// (file-thread.ts), and no idle connection is left for that to cut. Imports are minutes apart.
serveFileJobs(async (file, input, deadline) => {
  const pool = createBackgroundPool(connectionString, 1);
  try {
    return { items: [], result: await runImport(pool, file, input as ImportJob, deadline) };
  } finally {
    await pool.end();
  }
});
