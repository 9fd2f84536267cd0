import type { Product, ProductData, ProductListQuery, ProductListResponse } from '@mayorista/core/schemas/product';
import type { Profile } from '@mayorista/core/schemas/auth';
import { messages } from '@mayorista/core/messages';
import { isActiveStaff } from '@mayorista/core/roles';
import type { Pool } from 'pg';
import type { MovementsPageQuery, StockMovementsPage } from '@mayorista/core/schemas/ledger';
import { databaseOn, type Database } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { isCheckViolation, isUniqueViolation } from '../../db/pg-errors';
import { AppError } from '../../lib/errors';
import { notFound } from '../../plugins/error-handler';
import { listStockMovements, setStock } from '../stock/stock.ledger';
import { normaliseProductImage, removeStoredImage, storeImage } from './products.images';
import * as repository from './products.repository';

const productNotFound = () => notFound(messages.products.notFound);

/**
 * The schema already enforces every rule; the database constraints are the last line. A race
 * (two admins creating "Azúcar" at once) surfaces here and must still be a clear 4xx.
 */
function translateWriteError(error: unknown): never {
  if (isUniqueViolation(error, 'products_name_key')) {
    throw new AppError('product_name_taken', messages.products.nameTaken);
  }
  if (isCheckViolation(error)) throw new AppError('invalid_product', messages.products.invalidData);
  throw error;
}

export function createProductsService(deps: { db: Database; pool: Pool; uploadsDir: string }) {
  const { db, pool, uploadsDir } = deps;

  return {
    async list(query: ProductListQuery, viewer: Profile | null): Promise<ProductListResponse> {
      const { items, total } = await repository.findProductsPage(pool, {
        // A customer asking for disabled products silently gets the public catalogue.
        includeDisabled: query.include_disabled && isActiveStaff(viewer),
        search: query.search,
        category: query.category,
        // "On sale" follows the prices the viewer sees (SPEC §5): wholesale only when approved.
        onSale: query.on_sale ? (viewer?.approved ? 'wholesale' : 'retail') : undefined,
        inStock: query.in_stock,
        limit: query.page_size,
        offset: (query.page - 1) * query.page_size,
      });
      return { items, total, page: query.page, page_size: query.page_size };
    },

    async categories(includeDisabled: boolean, viewer: Profile | null): Promise<string[]> {
      return repository.findCategories(db, includeDisabled && isActiveStaff(viewer));
    },

    /** The product and its opening stock movement, in one transaction. */
    async create(data: ProductData, actorId: string): Promise<Product> {
      return inTransaction(pool, async (client) => {
        const tx = databaseOn(client);
        const { id } = await repository.insertProduct(tx, data);
        await setStock(client, id, data.stock, { kind: 'opening', actorId });
        return (await repository.findProductById(tx, id))!;
      }).catch(translateWriteError);
    },

    /** A changed stock number goes through the ledger (an `admin_edit` movement), with the rest of the edit. */
    async update(id: string, data: ProductData, actorId: string): Promise<Product> {
      const product = await inTransaction(pool, async (client) => {
        if (!(await setStock(client, id, data.stock, { kind: 'admin_edit', actorId }))) return null;
        return repository.updateProduct(databaseOn(client), id, data);
      }).catch(translateWriteError);
      if (!product) throw productNotFound();
      return product;
    },

    async stockMovements(id: string, query: MovementsPageQuery): Promise<StockMovementsPage> {
      if (!(await repository.findProductById(db, id))) throw productNotFound();
      const page = await listStockMovements(pool, id, { limit: query.page_size, offset: (query.page - 1) * query.page_size });
      return { ...page, page: query.page, page_size: query.page_size };
    },

    async setEnabled(id: string, isEnabled: boolean): Promise<Product> {
      const product = await repository.updateProductEnabled(db, id, isEnabled);
      if (!product) throw productNotFound();
      return product;
    },

    /** Orders keep their own snapshot of each item, so deleting a product never touches past orders. */
    async remove(id: string): Promise<void> {
      const deleted = await repository.deleteProductById(db, id);
      if (!deleted) throw productNotFound();
      await removeStoredImage(uploadsDir, deleted.imagePath);
    },

    async attachImage(id: string, upload: Buffer): Promise<Product> {
      // Fail fast on an unknown product before spending CPU on decoding.
      if (!(await repository.findProductById(db, id))) throw productNotFound();
      const image = await normaliseProductImage(upload);
      const fileName = await storeImage(uploadsDir, image);
      try {
        const { product, previous } = await db.transaction(async (tx) => {
          const locked = await repository.lockProductImage(tx, id);
          if (!locked) throw productNotFound();
          const updated = await repository.updateProductImage(tx, id, fileName);
          return { product: updated!, previous: locked.imagePath };
        });
        await removeStoredImage(uploadsDir, previous);
        return product;
      } catch (error) {
        // The product vanished meanwhile (or the database failed): no orphan file stays behind.
        await removeStoredImage(uploadsDir, fileName);
        throw error;
      }
    },
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;
