import { messages } from '@mayorista/core/messages';
import type { ImportReport } from '@mayorista/core/schemas/pricing';
import type { Pool } from 'pg';
import { isUniqueViolation } from '../db/pg-errors';
import { inTransaction } from '../db/transaction';
import { AppError } from '../lib/errors';
import {
  createSheetReader,
  forEachStockChunk,
  lockImports,
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
  invalidateCatalogue: () => void;
}

/**
 * An admin imports the catalogue spreadsheet (decision 015). The file is read and checked
 * completely first, on the untrusted-file thread (decision 030); a dry run stops at the report.
 * Otherwise, ALL OR NOTHING in one transaction:
 * 1. one import at a time (a transaction-scoped advisory lock; busy: 409);
 * 2. the plan again, against the locked rows (any row error: nothing is written);
 * 3. new products and updates (the pricing module: prices and every field but stock);
 * 4. each updated product's stock through the stock ledger (an `import` movement);
 * 5. the record an undo reads (the price change and the fields each product changed);
 * 6. one audit row with the counts (decision 048).
 * After the commit, the catalogue cache forgets.
 */
export function createPriceImport(deps: ImportPricesDeps) {
  const reader = createSheetReader();

  async function importCatalogue(buffer: Buffer, options: { dryRun: boolean; actor: AuditActor }): Promise<ImportReport> {
    const actorId = options.actor.id;
    const { items: rows, result: errors } = await reader.read(buffer);
    if (options.dryRun) {
      const plan = await planImport(deps.pool, rows, errors, false);
      if (plan.errors.length + plan.errorsNotListed > 0) refuse(plan, true);
      return reportOf(plan, true, null);
    }
    const report = await inTransaction(deps.pool, async (client) => {
      if (!(await lockImports(client))) throw new AppError('import_busy', messages.pricing.import.busy);
      const plan = await planImport(client, rows, errors, true);
      if (plan.errors.length + plan.errorsNotListed > 0) refuse(plan, false);
      const createdIds = await writeImportedProducts(client, plan);
      await forEachStockChunk(plan, (stocks) => setStocks(client, stocks, { kind: 'import', actorId }));
      const report = reportOf(plan, false, await recordImport(client, plan, createdIds, actorId));
      // One row for the whole sheet, never one per product: what it did, in numbers.
      const summary = { after: { created: report.created, updated: report.updated, unchanged: report.unchanged, change_id: report.change_id } };
      await recordAudit(client, options.actor, { action: 'catalogue.import', entity: 'catalogue', entityId: report.change_id ?? 'import', summary });
      return report;
    }).catch((error: unknown) => {
      // A name taken by a product created meanwhile: the client's file, never a 5xx.
      if (isUniqueViolation(error, 'products_name_key')) throw new AppError('import_invalid', messages.products.nameTaken);
      throw error;
    });
    deps.invalidateCatalogue();
    return report;
  }

  return { importCatalogue, close: () => reader.close() };
}
