import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { messages } from '@mayorista/core/messages';
import type { StockCountResult } from '@mayorista/core/schemas/stock-count';
import { inTransaction } from '../db/transaction';
import { AppError } from '../lib/errors';
import { recordAudit, type AuditActor } from '../modules/audit';
import { readLockedStocks, setStocks, type LockedStock } from '../modules/stock';

export interface CountStockDeps {
  pool: Pool;
  /** The catalogue's pages show stock: the writer's own next read must not come from before the count. */
  invalidateCatalogue: () => void;
}

export interface CountedLine {
  product_id: string;
  counted: number;
}

/** Every counted product exists and counts its stock, or the whole count is refused (nothing changes). */
function refuseUncountable(lines: CountedLine[], stocks: Map<string, LockedStock>): void {
  for (const line of lines) {
    const stock = stocks.get(line.product_id);
    if (!stock) {
      throw new AppError('stock_count_unknown_product', messages.stockCount.unknownProduct, { product_id: line.product_id });
    }
    if (stock.unlimited) {
      throw new AppError('stock_count_unlimited_product', messages.stockCount.unlimitedProduct(stock.name), { product_id: line.product_id });
    }
  }
}

/**
 * The warehouse records a stock count (decision 069). ALL OR NOTHING in one transaction:
 * 1. the counted products' rows, read and locked in id order (the order every stock writer uses);
 * 2. an unknown product or one with unlimited stock refuses the whole count (422);
 * 3. each product whose stock differs gets the counted number and ONE `count` movement with the
 *    actor (the stock module's setStocks); a product already right gets none;
 * 4. one audit row for the whole count, with how many changed and how many were already right.
 * After the commit the catalogue forgets at once (the products trigger tells the other processes).
 */
export async function countStock(deps: CountStockDeps, lines: CountedLine[], actor: AuditActor): Promise<StockCountResult> {
  const result = await inTransaction(deps.pool, async (client) => {
    const stocks = await readLockedStocks(client, lines.map((l) => l.product_id));
    refuseUncountable(lines, stocks);
    const changes = await setStocks(
      client,
      lines.map((l) => ({ productId: l.product_id, stock: l.counted })),
      { kind: 'count', actorId: actor.id },
    );
    const counted: StockCountResult = {
      id: randomUUID(),
      changed: changes.map((c) => ({ product_id: c.productId, before: c.before, after: c.after })),
      unchanged: lines.length - changes.length,
    };
    // One row for the whole count, never one per product: the ledger has each product's movement.
    await recordAudit(client, actor, {
      action: 'stock.count',
      entity: 'stock_count',
      entityId: counted.id,
      summary: { after: { products: counted.changed.length, unchanged: counted.unchanged } },
    });
    return counted;
  });
  if (result.changed.length > 0) deps.invalidateCatalogue();
  return result;
}
