import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { messages } from '@mayorista/core/messages';
import type { StockCountResult } from '@mayorista/core/schemas/stock-count';
import { inTransaction } from '../db/transaction';
import { AppError } from '../lib/errors';
import { recordAudit, type AuditActor } from '../modules/audit';
import { unpreparedUnits } from '../modules/orders';
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
 * The shelf holds fewer units than the orders not yet prepared need: an order cannot be served, the
 * office must decide (cancel, edit or find the goods). The whole count is refused rather than clamped.
 */
function refuseBelowReserved(lines: CountedLine[], stocks: Map<string, LockedStock>, reserved: Map<string, number>): void {
  for (const line of lines) {
    const units = reserved.get(line.product_id) ?? 0;
    if (line.counted < units) {
      const name = stocks.get(line.product_id)?.name ?? line.product_id;
      throw new AppError('stock_count_below_reserved', messages.stockCount.belowReserved(name, line.counted, units), {
        product_id: line.product_id,
        counted: line.counted,
        reserved: units,
      });
    }
  }
}

/**
 * The warehouse records a stock count (decision 069). ALL OR NOTHING in one transaction:
 * 1. the counted products' rows, read and locked in id order (the order every stock writer uses);
 * 2. an unknown product or one with unlimited stock refuses the whole count (422);
 * 3. the units of the orders not yet prepared (read after the lock: an order placed meanwhile
 *    waits on the same rows) are still on the shelf, so the stock is counted − reserved; a count
 *    below reserved refuses the whole count (422 stock_count_below_reserved);
 * 4. each product whose stock differs gets that number and ONE `count` movement with the
 *    actor (the stock module's setStocks); a product already right gets none;
 * 5. one audit row for the whole count, with how many changed and how many were already right.
 * After the commit the catalogue forgets at once (the products trigger tells the other processes).
 */
export async function countStock(deps: CountStockDeps, lines: CountedLine[], actor: AuditActor): Promise<StockCountResult> {
  const result = await inTransaction(deps.pool, async (client) => {
    const stocks = await readLockedStocks(client, lines.map((l) => l.product_id));
    refuseUncountable(lines, stocks);
    const reserved = await unpreparedUnits(client, lines.map((l) => l.product_id));
    refuseBelowReserved(lines, stocks, reserved);
    const shelf = new Map(lines.map((l) => [l.product_id, l.counted]));
    const changes = await setStocks(
      client,
      lines.map((l) => ({ productId: l.product_id, stock: l.counted - (reserved.get(l.product_id) ?? 0) })),
      { kind: 'count', actorId: actor.id },
    );
    const counted: StockCountResult = {
      id: randomUUID(),
      changed: changes.map((c) => ({
        product_id: c.productId,
        before: c.before,
        after: c.after,
        counted: shelf.get(c.productId) ?? c.after,
        reserved: reserved.get(c.productId) ?? 0,
      })),
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
