import type { Pool, PoolClient } from 'pg';
import { messages } from '@mayorista/core/messages';
import { repricedSnapshot, repriceWarnings, sameSnapshot, undoSnapshot, type PriceSnapshot, type RepriceRule } from '@mayorista/core/repricing';
import type {
  PriceChangesPage,
  ProductPriceHistory,
  RepricePreview,
  RepricePreviewItem,
  RepriceRequest,
  UndoResult,
  PriceChange,
} from '@mayorista/core/schemas/pricing';
import type { ProductData } from '@mayorista/core/schemas/product';
import { isUniqueViolation } from '../../db/pg-errors';
import { inTransaction } from '../../db/transaction';
import { adjustStocks } from '../stock/stock.ledger';
import { imageFilesOf, removeImageFiles, type StoredImageFiles } from '../products/products.gallery';
import { sameField } from './pricing.import';
import { AppError } from '../../lib/errors';
import * as repository from './pricing.repository';

const ruleOf = (request: RepriceRequest): RepriceRule => ({
  adjustment: request.adjustment,
  fields: request.fields,
  rounding: request.rounding,
});

/** Every product of the scope with its new prices and warnings, in id order. */
function plan(rows: repository.PricedRow[], rule: RepriceRule): RepricePreviewItem[] {
  return rows.map((row) => {
    const before = repository.snapshotOfRow(row);
    const after = repricedSnapshot(before, rule);
    return { id: row.id, name: row.name, sku: row.sku, category: row.category, before, after, warnings: repriceWarnings(after) };
  });
}

/** The price a preview sorts by: the first chosen of wholesale/retail, wholesale otherwise. */
const sortPrice = (s: PriceSnapshot, fields: RepriceRule['fields']) =>
  fields.includes('price') || !fields.includes('retail_price') ? s.price : s.retail_price;

const collator = new Intl.Collator('es-AR', { sensitivity: 'base' });

function sortItems(items: RepricePreviewItem[], request: RepriceRequest): RepricePreviewItem[] {
  const key = (i: RepricePreviewItem): number => {
    const before = sortPrice(i.before, request.fields);
    const after = sortPrice(i.after, request.fields);
    if (request.sort === 'old') return before;
    if (request.sort === 'new') return after;
    return before > 0 ? (after - before) / before : 0;
  };
  const sign = request.order === 'asc' ? 1 : -1;
  const byName = (a: RepricePreviewItem, b: RepricePreviewItem) => collator.compare(a.name, b.name);
  return [...items].sort((a, b) => sign * (request.sort === 'name' ? byName(a, b) : key(a) - key(b) || byName(a, b)));
}

interface UndoOutcome {
  /** Price changes written back, recorded in the undo's own change. */
  priceItems: repository.ChangeItem[];
  skipped: UndoResult['skipped'];
  fieldsRestored: number;
  removed: number;
  /** The image files of the removed products, deleted from disk once the undo has committed. */
  files: StoredImageFiles[];
}

/** A bulk repricing's undo: recorded `before` prices where the product still holds `after`. */
async function undoPrices(client: PoolClient, changeId: string): Promise<UndoOutcome> {
  const recorded = new Map((await repository.findItems(client, changeId)).map((i) => [i.id, i]));
  const current = await repository.lockProducts(client, [...recorded.keys()]);
  const priceItems: repository.ChangeItem[] = [];
  const skipped: UndoResult['skipped'] = [];
  for (const row of current) {
    const now = repository.snapshotOfRow(row);
    const back = undoSnapshot(now, recorded.get(row.id)!);
    if (back) priceItems.push({ id: row.id, before: now, after: back });
    else skipped.push({ id: row.id, name: row.name, reason: 'edited' });
  }
  await repository.writePrices(client, priceItems.map((i) => ({ id: i.id, prices: i.after })));
  return { priceItems, skipped, fieldsRestored: 0, removed: 0, files: [] };
}

/** A product still holds what the import wrote: every field it changed but the stock, which orders move on their own. */
const stillImported = (now: ProductData, after: Partial<ProductData>) =>
  (Object.keys(after) as (keyof ProductData)[]).every((k) => k === 'stock' || sameField(k, now, after));

/**
 * An import's undo (decision 022), for each product the import touched that still holds what the
 * import wrote (stock aside): an updated product gets the fields the import changed back and its
 * stock moves back by the import's difference through the ledger (sales since stay counted); a
 * created product is removed unless it was ordered since (then it stays and is reported). Products
 * edited since are reported and left alone, as in a repricing's undo.
 */
async function undoImport(client: PoolClient, change: PriceChange, items: repository.ImportItem[], actorId: string): Promise<UndoOutcome> {
  const current = new Map((await repository.lockProductData(client, items.map((i) => i.id))).map((r) => [r.id, r]));
  const ordered = await repository.orderedSince(client, items.filter((i) => !i.before).map((i) => i.id), change.created_at);
  const restore: { id: string; data: ProductData; stockBack: number; name: string }[] = [];
  const remove: string[] = [];
  const skipped: UndoResult['skipped'] = [];
  const priceItems: repository.ChangeItem[] = [];
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
      const before = repository.snapshotOfRow(now);
      const after = repository.snapshotOfRow(data);
      if (!sameSnapshot(before, after)) priceItems.push({ id: item.id, before, after });
    }
  }
  await repository.updateProducts(client, restore.filter((r) => !sameImportedData(r.data, current.get(r.id)!)).map((r) => ({ id: r.id, data: r.data })));
  const wanted = restore.filter((r) => r.stockBack !== 0);
  const moved = await adjustStocks(client, wanted.map((r) => ({ productId: r.id, quantity: r.stockBack })), { kind: 'import', actorId });
  for (const r of wanted) if (!moved.has(r.id)) skipped.push({ id: r.id, name: r.name, reason: 'stock' });
  // A removed product may have been given images since the import (the gallery does not count as
  // an imported field): their rows go with it, their files once the undo commits.
  const files = await imageFilesOf(client, remove);
  await repository.deleteProducts(client, remove);
  return { priceItems, skipped, fieldsRestored: restore.length, removed: remove.length, files };
}

/** Nothing but stock to put back: no product write needed. */
const sameImportedData = (a: ProductData, b: ProductData) => (Object.keys(a) as (keyof ProductData)[]).every((k) => k === 'stock' || sameField(k, a, b));

export function createPricingService(deps: { pool: Pool; uploadsDir: string; invalidateCatalogue: () => void }) {
  const { pool } = deps;

  return {
    /** Old → new for every product of the scope (paged and sorted), without writing anything. */
    async preview(request: RepriceRequest): Promise<RepricePreview> {
      const items = plan(await repository.selectScope(pool, request.scope, false), ruleOf(request));
      const sorted = sortItems(items, request);
      const offset = (request.page - 1) * request.page_size;
      return {
        total: items.length,
        changed: items.filter((i) => !sameSnapshot(i.before, i.after)).length,
        with_warnings: items.filter((i) => i.warnings.length > 0).length,
        page: request.page,
        page_size: request.page_size,
        items: sorted.slice(offset, offset + request.page_size),
      };
    },

    /**
     * Applies the rule in ONE transaction with the scope's rows locked, so the prices written are
     * computed from the prices read. Refused (nothing written) when any product would break a rule.
     */
    async apply(request: RepriceRequest, actorId: string): Promise<PriceChange> {
      const rule = ruleOf(request);
      const change = await inTransaction(pool, async (client) => {
        const items = plan(await repository.selectScope(client, request.scope, true), rule);
        const broken = items.filter((i) => i.warnings.length > 0);
        if (broken.length > 0) {
          throw new AppError('reprice_invalid', messages.pricing.repriceInvalid(broken.length), {
            products: broken.slice(0, 50).map((i) => ({ id: i.id, name: i.name, warnings: i.warnings })),
          });
        }
        const changed = items.filter((i) => !sameSnapshot(i.before, i.after));
        if (changed.length === 0) throw new AppError('reprice_invalid', messages.pricing.repriceEmpty);
        await repository.writePrices(client, changed.map((i) => ({ id: i.id, prices: i.after })));
        const id = await repository.insertChange(client, { source: 'reprice', actorId, scope: request.scope, rule, items: changed });
        return (await repository.findChange(client, id, false))!;
      });
      deps.invalidateCatalogue();
      return change;
    },

    async list(query: { page: number; page_size: number }): Promise<PriceChangesPage> {
      const page = await repository.listChanges(pool, { limit: query.page_size, offset: (query.page - 1) * query.page_size });
      return { ...page, page: query.page, page_size: query.page_size };
    },

    /**
     * Restores the recorded old prices of every product that still holds exactly the prices the
     * change wrote; products edited since are reported and left alone. An import's undo also
     * restores what it changed beyond prices (decision 022). The undo is itself a recorded change
     * (source `undo`), so the price history shows it.
     */
    async undo(id: string, actorId: string): Promise<UndoResult> {
      const { result, files } = await inTransaction(pool, async (client) => {
        const change = await repository.findChange(client, id, true);
        if (!change) throw new AppError('price_change_not_found', messages.pricing.changeNotFound);
        if (change.undone_at) throw new AppError('price_change_already_undone', messages.pricing.alreadyUndone);
        if (change.source === 'undo' || change.source === 'manual') {
          throw new AppError('price_change_already_undone', messages.pricing.cannotUndoUndo);
        }
        const imported = change.source === 'import' ? await repository.findImportItems(client, id) : [];
        // An import recorded before migration 0013 has no import items: its prices only.
        const outcome = imported.length > 0 ? await undoImport(client, change, imported, actorId) : await undoPrices(client, id);
        await repository.insertChange(client, { source: 'undo', actorId, scope: { undo_of: id }, rule: null, items: outcome.priceItems });
        await repository.markUndone(client, id, actorId);
        const result: UndoResult = {
          change: (await repository.findChange(client, id, false))!,
          restored: outcome.priceItems.length,
          skipped: outcome.skipped,
          fields_restored: outcome.fieldsRestored,
          removed: outcome.removed,
        };
        return { result, files: outcome.files };
      }).catch((error: unknown) => {
        // An import's undo gives a product back its old name, which another product may have taken since.
        if (isUniqueViolation(error, 'products_name_key')) throw new AppError('product_name_taken', messages.products.nameTaken);
        throw error;
      });
      deps.invalidateCatalogue();
      await removeImageFiles(deps.uploadsDir, files);
      return result;
    },

    async history(productId: string): Promise<ProductPriceHistory> {
      return { items: await repository.productHistory(pool, productId, 50) };
    },
  };
}

export type PricingService = ReturnType<typeof createPricingService>;
