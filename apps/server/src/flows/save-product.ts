import type { MovementsPageQuery, StockMovementsPage } from '@mayorista/core/schemas/ledger';
import type { Product, ProductData } from '@mayorista/core/schemas/product';
import type { Pool } from 'pg';
import { databaseOn, type Database } from '../db/client';
import { inTransaction } from '../db/transaction';
import { findProductById, insertProduct, productNotFound, translateWriteError, updateProductDetails } from '../modules/products';
import { lockProducts, snapshotOfRow, writeEditedPrices } from '../modules/pricing';
import { listStockMovements, setStock } from '../modules/stock';
import { recordAudit } from '../modules/audit';

export interface SaveProductDeps {
  db: Database;
  pool: Pool;
  /** The catalogue cache's forget: the trigger's NOTIFY reaches every process a moment after commit, this one at once. */
  invalidateCatalogue: () => void;
}

/**
 * An admin creates a product, in one transaction: the product's row (everything but its stock),
 * then its opening stock movement through the stock ledger, then the product read back. A taken
 * name or a broken constraint answers a clear 4xx.
 */
export async function createProduct(deps: SaveProductDeps, data: ProductData, actorId: string, ip: string | null = null): Promise<Product> {
  const product = await inTransaction(deps.pool, async (client) => {
    const tx = databaseOn(client);
    const { id } = await insertProduct(tx, data);
    await setStock(client, id, data.stock, { kind: 'opening', actorId });
    await recordAudit(client, { id: actorId, ip }, { action: 'product.create', entity: 'product', entityId: id, summary: { after: { name: data.name, price: data.price, stock: data.stock } } });
    return (await findProductById(tx, id))!;
  }).catch(translateWriteError);
  deps.invalidateCatalogue();
  return product;
}

/**
 * An admin edits a product, in one transaction with its row locked:
 * 1. the product locked (gone: 404);
 * 2. a changed stock number through the stock ledger (an `admin_edit` movement);
 * 3. prices through their one writer (decision 025), which records a manual change in the
 *    product's price history;
 * 4. the rest of the edit (name, rules, category…).
 */
export async function updateProduct(deps: SaveProductDeps, id: string, data: ProductData, actorId: string, ip: string | null = null): Promise<Product> {
  const product = await inTransaction(deps.pool, async (client) => {
    const [locked] = await lockProducts(client, [id]);
    if (!locked || !(await setStock(client, id, data.stock, { kind: 'admin_edit', actorId }))) return null;
    await writeEditedPrices(client, {
      id,
      before: snapshotOfRow(locked),
      after: snapshotOfRow(data),
      flags: { on_sale: data.on_sale, on_sale_retail: data.on_sale_retail },
      actorId,
    });
    const before = { name: locked.name, price: locked.price };
    await recordAudit(client, { id: actorId, ip }, { action: 'product.update', entity: 'product', entityId: id, summary: { before, after: { name: data.name, price: data.price, stock: data.stock } } });
    return updateProductDetails(databaseOn(client), id, data);
  }).catch(translateWriteError);
  deps.invalidateCatalogue();
  if (!product) throw productNotFound();
  return product;
}

/** A product's stock ledger, one page, newest first (404 for a product that does not exist). */
export async function productStockMovements(
  deps: SaveProductDeps,
  id: string,
  query: MovementsPageQuery,
): Promise<StockMovementsPage> {
  if (!(await findProductById(deps.db, id))) throw productNotFound();
  const page = await listStockMovements(deps.pool, id, { limit: query.page_size, offset: (query.page - 1) * query.page_size });
  return { ...page, page: query.page, page_size: query.page_size };
}
