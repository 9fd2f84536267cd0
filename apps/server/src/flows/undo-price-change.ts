import type { PoolClient, Pool } from 'pg';
import { messages } from '@mayorista/core/messages';
import { sameSnapshot, undoSnapshot } from '@mayorista/core/repricing';
import type { PriceChange, UndoResult } from '@mayorista/core/schemas/pricing';
import type { ProductData } from '@mayorista/core/schemas/product';
import { isUniqueViolation } from '../db/pg-errors';
import { inTransaction } from '../db/transaction';
import { AppError } from '../lib/errors';
import * as pricing from '../modules/pricing';
import { imageFilesOf, removeImageFiles, type StoredImageFiles } from '../modules/products';
import { adjustStocks } from '../modules/stock';
import { recordAudit, type AuditActor } from '../modules/audit';

export interface UndoPriceChangeDeps {
  pool: Pool;
  uploadsDir: string;
  /** Resolves once the catalogue cache has heard the undo's commit (products.cache.ts catchUp). */
  catchUpCatalogue: () => Promise<void>;
}

interface UndoOutcome {
  /** Price changes written back, recorded in the undo's own change. */
  priceItems: pricing.ChangeItem[];
  skipped: UndoResult['skipped'];
  fieldsRestored: number;
  removed: number;
  /** The image files of the removed products, deleted from disk once the undo has committed. */
  files: StoredImageFiles[];
}

/** A bulk repricing's undo: recorded `before` prices where the product still holds `after`. */
async function undoPrices(client: PoolClient, changeId: string): Promise<UndoOutcome> {
  const recorded = new Map((await pricing.findItems(client, changeId)).map((i) => [i.id, i]));
  const current = await pricing.lockProducts(client, [...recorded.keys()]);
  const priceItems: pricing.ChangeItem[] = [];
  const skipped: UndoResult['skipped'] = [];
  for (const row of current) {
    const now = pricing.snapshotOfRow(row);
    const back = undoSnapshot(now, recorded.get(row.id)!);
    if (back) priceItems.push({ id: row.id, before: now, after: back });
    else skipped.push({ id: row.id, name: row.name, reason: 'edited' });
  }
  await pricing.writePrices(
    client,
    priceItems.map((i) => ({ id: i.id, prices: i.after })),
  );
  return { priceItems, skipped, fieldsRestored: 0, removed: 0, files: [] };
}

/** A product still holds what the import wrote: every field it changed but the stock, which orders move on their own. */
const stillImported = (now: ProductData, after: Partial<ProductData>) =>
  (Object.keys(after) as (keyof ProductData)[]).every((k) => k === 'stock' || pricing.sameField(k, now, after));

/**
 * An import's undo (decision 022), for each product the import touched that still holds what the
 * import wrote (stock aside): an updated product gets the fields the import changed back and its
 * stock moves back by the import's difference through the ledger (sales since stay counted); a
 * created product is removed unless it was ordered since (then it stays and is reported). Products
 * edited since are reported and left alone, as in a repricing's undo.
 */
async function undoImport(
  client: PoolClient,
  change: PriceChange,
  items: pricing.ImportItem[],
  actorId: string,
): Promise<UndoOutcome> {
  const current = new Map(
    (
      await pricing.lockProductData(
        client,
        items.map((i) => i.id),
      )
    ).map((r) => [r.id, r]),
  );
  const ordered = await pricing.orderedSince(
    client,
    items.filter((i) => !i.before).map((i) => i.id),
    change.created_at,
  );
  const restore: { id: string; data: ProductData; stockBack: number; name: string }[] = [];
  const remove: string[] = [];
  const skipped: UndoResult['skipped'] = [];
  const priceItems: pricing.ChangeItem[] = [];
  for (const item of items) {
    const now = current.get(item.id);
    if (!now) continue; // deleted since: nothing to restore
    if (!stillImported(now, item.after)) skipped.push({ id: item.id, name: now.name, reason: 'edited' });
    else if (!item.before) {
      if (ordered.has(item.id)) skipped.push({ id: item.id, name: now.name, reason: 'ordered' });
      else remove.push(item.id);
    } else {
      const { stock: oldStock, ...fields } = item.before;
      const data = { ...now, ...fields };
      restore.push({ id: item.id, data, stockBack: oldStock === undefined ? 0 : oldStock - item.after.stock!, name: now.name });
      const before = pricing.snapshotOfRow(now);
      const after = pricing.snapshotOfRow(data);
      if (!sameSnapshot(before, after)) priceItems.push({ id: item.id, before, after });
    }
  }
  await pricing.updateProducts(
    client,
    restore.filter((r) => !sameImportedData(r.data, current.get(r.id)!)).map((r) => ({ id: r.id, data: r.data })),
  );
  const wanted = restore.filter((r) => r.stockBack !== 0);
  const moved = await adjustStocks(
    client,
    wanted.map((r) => ({ productId: r.id, quantity: r.stockBack })),
    { kind: 'import', actorId },
  );
  for (const r of wanted) if (!moved.has(r.id)) skipped.push({ id: r.id, name: r.name, reason: 'stock' });
  // A removed product may have been given images since the import (the gallery does not count as
  // an imported field): their rows go with it, their files once the undo commits.
  const files = await imageFilesOf(client, remove);
  await pricing.deleteProducts(client, remove);
  return { priceItems, skipped, fieldsRestored: restore.length, removed: remove.length, files };
}

/** Nothing but stock to put back: no product write needed. */
const sameImportedData = (a: ProductData, b: ProductData) =>
  (Object.keys(a) as (keyof ProductData)[]).every((k) => k === 'stock' || pricing.sameField(k, a, b));

/**
 * An admin undoes a price change (a repricing or an import), in one transaction:
 * 1. the change, locked; gone (404), already undone or itself an undo (409);
 * 2. a repricing: the recorded old prices of every product that still holds exactly the prices
 *    the change wrote; an import: also what it changed beyond prices, its stock difference
 *    through the stock ledger, and the products it created removed unless ordered since
 *    (decision 022); products edited since are reported and left alone;
 * 3. the undo recorded as a change of its own (source `undo`, so the price history shows it) and
 *    the original marked undone, and one audit row with the counts.
 * After the commit: the catalogue cache forgets and the removed products' image files go.
 */
export async function undoPriceChange(deps: UndoPriceChangeDeps, id: string, actor: AuditActor): Promise<UndoResult> {
  const { pool } = deps;
  const actorId = actor.id;
  const { result, files } = await inTransaction(pool, async (client) => {
    const change = await pricing.findChange(client, id, true);
    if (!change) throw new AppError('price_change_not_found', messages.pricing.changeNotFound);
    if (change.undone_at) throw new AppError('price_change_already_undone', messages.pricing.alreadyUndone);
    if (change.source === 'undo' || change.source === 'manual') {
      throw new AppError('price_change_already_undone', messages.pricing.cannotUndoUndo);
    }
    const imported = change.source === 'import' ? await pricing.findImportItems(client, id) : [];
    // An import recorded before migration 0013 has no import items: its prices only.
    const outcome = imported.length > 0 ? await undoImport(client, change, imported, actorId) : await undoPrices(client, id);
    await pricing.insertChange(client, {
      source: 'undo',
      actorId,
      scope: { undo_of: id },
      rule: null,
      items: outcome.priceItems,
    });
    await pricing.markUndone(client, id, actorId);
    const result: UndoResult = {
      change: (await pricing.findChange(client, id, false))!,
      restored: outcome.priceItems.length,
      skipped: outcome.skipped,
      fields_restored: outcome.fieldsRestored,
      removed: outcome.removed,
    };
    const summary = { before: { source: change.source, products: change.product_count }, after: { restored: result.restored, skipped: result.skipped.length, fields_restored: result.fields_restored, removed: result.removed } };
    await recordAudit(client, actor, { action: 'price_change.undo', entity: 'price_change', entityId: id, summary });
    return { result, files: outcome.files };
  }).catch((error: unknown) => {
    // An import's undo gives a product back its old name, which another product may have taken since.
    if (isUniqueViolation(error, 'products_name_key')) throw new AppError('product_name_taken', messages.products.nameTaken);
    throw error;
  });
  await deps.catchUpCatalogue();
  await removeImageFiles(deps.uploadsDir, files);
  return result;
}
