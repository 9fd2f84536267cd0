import { messages } from '@mayorista/core/messages';
import type { ImportReport } from '@mayorista/core/schemas/pricing';
import type { Pool } from 'pg';
import { isUniqueViolation } from '../db/pg-errors';
import { inTransaction } from '../db/transaction';
import { AppError } from '../lib/errors';
import { createUntrustedFileReader, type ThreadLimits } from '../lib/untrusted-files/file-thread';
import { FILE_LIMITS, fileErrors } from '../lib/untrusted-files/limits';
import type { JobDeadline } from '../lib/untrusted-files/worker-host';
import {
  forEachStockChunk,
  lockImports,
  parseCatalogueFile,
  planImport,
  recordImport,
  refuse,
  reportOf,
  writeImportedProducts,
} from '../modules/pricing';
import { setStocks } from '../modules/stock';
import { recordAudit, type AuditActor } from '../modules/audit';

export interface ImportPricesDeps {
  pool: Pool;
  /** Resolves once the catalogue cache has heard the import's commit (products.cache.ts catchUp). */
  catchUpCatalogue: () => Promise<void>;
}

/**
 * An import's time budget, read, check and apply together: an honest 50,000-row file applies in
 * about 7 s on a quiet machine and a 20,000-row one in up to ~22 s while the shop is saturated
 * (decision 068: the thread takes only the CPU the requests leave). The thread checks it before
 * COMMIT; the main thread ends the thread `graceMs` later, so it never cuts a commit.
 */
export const IMPORT_LIMITS: ThreadLimits = { ...FILE_LIMITS, timeMs: 120_000, graceMs: 30_000 };

/** What one import is asked to do; it crosses to the import's thread with the file. */
export interface ImportJob {
  dryRun: boolean;
  actor: AuditActor;
}

/**
 * An admin imports the catalogue spreadsheet (decision 015). The whole import runs on the
 * untrusted-file thread, on a database connection of its own (decisions 030 and 068): the file is
 * read and checked completely first; a dry run stops at the report. Otherwise, ALL OR NOTHING in
 * one transaction:
 * 1. one import at a time (a transaction-scoped advisory lock; busy: 409);
 * 2. the plan again, against the locked rows (any row error: nothing is written);
 * 3. new products and updates (the pricing module: prices and every field but stock);
 * 4. each updated product's stock through the stock ledger (an `import` movement);
 * 5. the record an undo reads (the price change and the fields each product changed);
 * 6. one audit row with the counts (decision 048).
 * 7. past the import's time budget, everything is rolled back instead (413 file_too_slow).
 * After the commit, the answer waits until the catalogue cache (the main thread's) has heard what
 * the import changed: the prices forget the pages and keep the counts (decision 084).
 */
export async function runImport(pool: Pool, file: Buffer, job: ImportJob, deadline: JobDeadline): Promise<ImportReport> {
  const { rows, errors } = await parseCatalogueFile(file);
  if (job.dryRun) {
    const plan = await planImport(pool, rows, errors, false);
    if (plan.errors.length + plan.errorsNotListed > 0) refuse(plan, true);
    return reportOf(plan, true, null);
  }
  const actorId = job.actor.id;
  return inTransaction(pool, async (client) => {
    if (!(await lockImports(client))) throw new AppError('import_busy', messages.pricing.import.busy);
    const plan = await planImport(client, rows, errors, true);
    if (plan.errors.length + plan.errorsNotListed > 0) refuse(plan, false);
    const createdIds = await writeImportedProducts(client, plan);
    await forEachStockChunk(plan, (stocks) => setStocks(client, stocks, { kind: 'import', actorId }));
    const report = reportOf(plan, false, await recordImport(client, plan, createdIds, actorId));
    // One row for the whole sheet, never one per product: what it did, in numbers.
    const summary = {
      after: { created: report.created, updated: report.updated, unchanged: report.unchanged, change_id: report.change_id },
    };
    await recordAudit(client, job.actor, {
      action: 'catalogue.import',
      entity: 'catalogue',
      entityId: report.change_id ?? 'import',
      summary,
    });
    // Decided here, not by the main thread's timer: ending the thread during COMMIT could apply the
    // import and still answer that nothing changed.
    if (Date.now() > deadline.at) throw fileErrors.tooSlow(deadline.budgetMs);
    return report;
  }).catch((error: unknown) => {
    // A name taken by a product created meanwhile: the client's file, never a 5xx.
    if (isUniqueViolation(error, 'products_name_key')) throw new AppError('import_invalid', messages.products.nameTaken);
    throw error;
  });
}

/**
 * The main thread's side: it hands the file to the import's thread (import-prices.thread.ts, built
 * as import-worker.js) and only waits, so checking 20,000 rows, the garbage that leaves and the
 * database's answers never pause the requests it serves meanwhile. `close` ends the thread.
 */
export function createPriceImport(deps: ImportPricesDeps, limits: ThreadLimits = IMPORT_LIMITS) {
  const { connectionString } = deps.pool.options;
  // The thread opens its own connection from the pool's URL (a pool given host, user and password
  // separately is not supported: every pool here is made from a URL, db/client.ts).
  if (!connectionString) throw new Error('the import thread needs the pool’s connection string');
  const thread = createUntrustedFileReader<never, ImportReport>(
    {
      source: new URL('./import-prices.thread.ts', import.meta.url),
      built: new URL('./import-worker.js', import.meta.url),
      data: { connectionString } satisfies ImportThreadData,
    },
    limits,
  );

  /** `pieces` are the uploaded file as it arrived; they are handed over to the thread (file-thread.ts). */
  async function importCatalogue(pieces: readonly Uint8Array[], job: ImportJob): Promise<ImportReport> {
    // Only what the audit row needs crosses (the route's actor is the whole profile).
    const { result: report } = await thread.read(pieces, {
      dryRun: job.dryRun,
      actor: { id: job.actor.id, ip: job.actor.ip ?? null },
    });
    if (!job.dryRun) await deps.catchUpCatalogue();
    return report;
  }

  return { importCatalogue, close: () => thread.close() };
}

/** What the import's thread starts with. */
export interface ImportThreadData {
  connectionString: string;
}
