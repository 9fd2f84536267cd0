import type { Pool } from 'pg';
import { messages } from '@mayorista/core/messages';
import { repricedSnapshot, repriceWarnings, sameSnapshot, type PriceSnapshot, type RepriceRule } from '@mayorista/core/repricing';
import type {
  PriceChangesPage,
  ProductPriceHistory,
  RepricePreview,
  RepricePreviewItem,
  RepriceRequest,
  PriceChange,
} from '@mayorista/core/schemas/pricing';
import type { AuditWriter } from '../../db/audit-hook';
import { inTransaction } from '../../db/transaction';
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

/** `catchUpCatalogue`: resolves once the catalogue cache has heard this process's committed change (products.cache.ts catchUp). */
export function createPricingService(deps: { pool: Pool; catchUpCatalogue: () => Promise<void> }) {
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
    async apply(request: RepriceRequest, actorId: string, audit: AuditWriter): Promise<PriceChange> {
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
        // One row for the whole repricing, never one per product.
        const summary = { after: { scope: request.scope, rule, fields: request.fields, products: changed.length } };
        await audit(client, { action: 'price_change.reprice', entity: 'price_change', entityId: id, summary });
        return (await repository.findChange(client, id, false))!;
      });
      await deps.catchUpCatalogue();
      return change;
    },

    async list(query: { page: number; page_size: number }): Promise<PriceChangesPage> {
      const page = await repository.listChanges(pool, { limit: query.page_size, offset: (query.page - 1) * query.page_size });
      return { ...page, page: query.page, page_size: query.page_size };
    },

    async history(productId: string): Promise<ProductPriceHistory> {
      return { items: await repository.productHistory(pool, productId, 50) };
    },
  };
}

export type PricingService = ReturnType<typeof createPricingService>;
