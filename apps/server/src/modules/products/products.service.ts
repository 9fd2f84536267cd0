import { createHash } from 'node:crypto';
import {
  retailProductListSchema,
  retailProductPageSchema,
  wholesaleProductListSchema,
  wholesaleProductPageSchema,
  type Product,
  type ProductListQuery,
  type ProductListResponse,
} from '@mayorista/core/schemas/product';
import type { Profile } from '@mayorista/core/schemas/auth';
import { messages } from '@mayorista/core/messages';
import { isActiveStaff, isApproved } from '@mayorista/core/roles';
import { parseProductRef, productSlug, shortIdRange } from '@mayorista/core/product-slug';
import type { Pool } from 'pg';
import type { AuditWriter } from '../../db/audit-hook';
import { databaseOn, type Database } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { isCheckViolation, isUniqueViolation } from '../../db/pg-errors';
import { AppError } from '../../lib/errors';
import { notFound } from '../../plugins/error-handler';
import type { CatalogueCache } from './products.cache';
import { createGallery, removeImageFiles } from './products.gallery';
import * as repository from './products.repository';
import type { PriceListRule } from '@mayorista/core/price-lists';
import { applyPriceList, applyPriceListToAll } from '@mayorista/core/price-lists';
import { toSnapshotProduct, type SnapshotProduct } from '@mayorista/core/offline-snapshot';

/**
 * Who is asking, as far as the catalogue's answer is concerned. Only approved customers and active
 * staff see wholesale prices (the abuse-limits work, decision 010); staff may also ask for disabled products.
 */
export type ViewerClass = 'retail' | 'wholesale' | 'admin';

export function viewerClassOf(profile: Profile | null | undefined): ViewerClass {
  if (isActiveStaff(profile)) return 'admin';
  return isApproved(profile) ? 'wholesale' : 'retail';
}

/** A catalogue answer, serialised once and shared by every request that asks the same of the same version. */
export interface CataloguePage {
  body: string;
  /**
   * Strong validator of `body`: the viewer class and a hash of the body itself, so a 304 never
   * crosses classes and confirms only the very body the caller holds. A customer on a price list
   * gets a different ETag from one on another list because the prices in the body differ, not
   * because the list's id is in it (an identifier the caller does not need).
   */
  etag: string;
}

/**
 * The body and ETag of a page for a viewer class. The class's schema keeps only its own fields:
 * the retail one drops every wholesale field, including any added to Product later.
 */
function serialisePage(viewerClass: ViewerClass, page: ProductListResponse): CataloguePage {
  const view = viewerClass === 'retail' ? retailProductListSchema.parse(page) : wholesaleProductListSchema.parse(page);
  const body = JSON.stringify(view);
  const hash = createHash('sha1').update(body).digest('base64url');
  return { body, etag: `"${viewerClass}-${hash}"` };
}

/**
 * The cache key of a viewer: its class, and for a customer on a price list the list too
 * (decision 018) — so one list's answer, or its 304, is never served to a customer on another
 * list or on the base list (the Medusa customer-group bugs #4576, #11875, #13034).
 */
function classKeyOf(viewerClass: ViewerClass, priceListId: string | null): string {
  return viewerClass === 'wholesale' && priceListId ? `wholesale.${priceListId}` : viewerClass;
}

export const productNotFound = () => notFound(messages.products.notFound);

/**
 * The schema already enforces every rule; the database constraints are the last line. A race
 * (two admins creating "Azúcar" at once) surfaces here and must still be a clear 4xx.
 */
export function translateWriteError(error: unknown): never {
  if (isUniqueViolation(error, 'products_name_key')) {
    throw new AppError('product_name_taken', messages.products.nameTaken);
  }
  if (isCheckViolation(error)) throw new AppError('invalid_product', messages.products.invalidData);
  throw error;
}

export interface ProductsServiceDeps {
  db: Database;
  pool: Pool;
  uploadsDir: string;
  cache: CatalogueCache;
  /** A price list as the engine reads it (the price-lists module's loadPriceListRule, given by the routes). */
  loadPriceListRule: (pool: Pool, listId: string) => Promise<PriceListRule | null>;
}

/**
 * Passes a write's result through after making the catalogue forget. The trigger's NOTIFY reaches
 * every process (this one too) a moment after commit; forgetting here at once means the writer's
 * own next read is never served from before its write.
 */
const forgetAfter =
  (cache: CatalogueCache) =>
  <T>(result: T): T => {
    cache.invalidate();
    return result;
  };

/** The catalogue filters a viewer's query asks for. */
function filtersFor(query: ProductListQuery, viewerClass: ViewerClass): repository.ProductFilters {
  return {
    // A customer asking for disabled products silently gets the public catalogue.
    includeDisabled: query.include_disabled && viewerClass === 'admin',
    search: query.search,
    category: query.category,
    // "On sale" follows the prices the viewer sees (the validation rules): wholesale only when approved.
    onSale: query.on_sale ? (viewerClass === 'retail' ? 'retail' : 'wholesale') : undefined,
    inStock: query.in_stock,
  };
}

/** The product a page address names: by its id, or by its short id (the slug's name part breaks a tie). */
async function findByRef(db: Database, pool: Pool, ref: string): Promise<Product | null> {
  const parsed = parseProductRef(ref);
  if (!parsed) return null;
  if (parsed.kind === 'id') return repository.findProductById(db, parsed.id);
  const { lower, upper } = shortIdRange(parsed.shortId);
  const candidates = await repository.findProductsByIdRange(pool, lower, upper);
  return candidates.find((p) => productSlug(p) === parsed.slug) ?? candidates[0] ?? null;
}

export function createProductsService(deps: ProductsServiceDeps) {
  const { db, pool, uploadsDir, cache, loadPriceListRule } = deps;
  const changed = forgetAfter(cache);
  /** A list's rule, remembered like the pages: migration 0016's triggers make every process forget it when that list changes. */
  const priceListRule = (id: string) =>
    cache.remember(`price-list:${id}`, () => loadPriceListRule(pool, id), { dependsOnStock: false, priceListId: id });
  const gallery = createGallery({
    pool,
    uploadsDir,
    productExists: async (id) => (await repository.findProductById(db, id)) !== null,
  });

  return {
    /**
     * One catalogue page as JSON. Answers and counts are remembered per process until any product
     * changes (products.cache.ts), so a repeated page costs no query and a deep page or a new
     * search costs its page query only, never a count of the whole catalogue.
     */
    async listPage(query: ProductListQuery, viewerClass: ViewerClass, priceListId: string | null = null): Promise<CataloguePage> {
      const filters = filtersFor(query, viewerClass);
      const pageWindow = { limit: query.page_size, offset: (query.page - 1) * query.page_size };
      const filterKey = JSON.stringify(filters);
      const classKey = classKeyOf(viewerClass, priceListId);
      const pageKey = `page:${classKey}:${query.page}:${query.page_size}:${filterKey}`;
      const listed = classKey !== viewerClass;
      return cache.remember(
        pageKey,
        async () => {
          // Read inside the page's load: a list edited while this page loads keeps it out of the cache.
          const list = listed ? await priceListRule(priceListId!) : null;
          const count = () =>
            cache.remember(`count:${filterKey}`, () => repository.countProducts(pool, filters), {
              dependsOnStock: filters.inStock,
              isCount: true,
            });
          // A search's page carries its own total (see findProductsPage); a plain page's count is remembered.
          const [found, remembered] = await Promise.all([
            repository.findProductsPage(pool, filters, pageWindow),
            filters.search ? null : count(),
          ]);
          const items = applyPriceListToAll(found.items, list);
          const total = remembered ?? found.total ?? (pageWindow.offset === 0 ? 0 : await count());
          return serialisePage(viewerClass, { items, total, page: query.page, page_size: query.page_size });
        },
        // A page at a list is forgotten when that list changes; the others survive it (decision 025).
        { dependsOnStock: true, priceListId: listed ? priceListId : null },
      );
    },

    /**
     * `GET /api/products/:id` (a slug or an id) — the product page (the wholesale-ordering work, decision 016): the viewer's view of the
     * product (retail for visitors and unapproved customers, the abuse-limits work (decision 010)), its images and its
     * canonical slug. A disabled product is 404 to everyone but staff, as in the list.
     */
    async page(ref: string, viewerClass: ViewerClass, priceListId: string | null = null): Promise<string> {
      const found = await findByRef(db, pool, ref);
      if (!found || (!found.is_enabled && viewerClass !== 'admin')) throw productNotFound();
      // The business-identity work: a customer on a price list sees the product at their list (decision 018).
      const list = classKeyOf(viewerClass, priceListId) === viewerClass ? null : await priceListRule(priceListId!);
      const product = list ? applyPriceList(found, list) : found;
      const page = { product, images: await gallery.views(product.id), slug: productSlug(product) };
      const view = viewerClass === 'retail' ? retailProductPageSchema.parse(page) : wholesaleProductPageSchema.parse(page);
      return JSON.stringify(view);
    },

    /**
     * Every enabled product at the customer's prices, in the snapshot's shape (decision 043):
     * remembered like a page (forgotten on any product or stock change, and on a change to the
     * customer's list), so a background refresh of many devices costs one read per change.
     */
    async snapshotProducts(priceListId: string | null): Promise<{ readAt: string; products: SnapshotProduct[] }> {
      const classKey = classKeyOf('wholesale', priceListId);
      const listed = classKey !== 'wholesale';
      return cache.remember(
        `snapshot:${classKey}`,
        async () => {
          const list = listed ? await priceListRule(priceListId!) : null;
          const readAt = new Date().toISOString();
          return {
            readAt,
            products: applyPriceListToAll(await repository.findEnabledCatalogue(pool), list).map(toSnapshotProduct),
          };
        },
        { dependsOnStock: true, priceListId: listed ? priceListId : null },
      );
    },

    async categories(includeDisabled: boolean, viewer: Profile | null): Promise<string[]> {
      return repository.findCategories(db, includeDisabled && isActiveStaff(viewer));
    },

    ...productWriteMethods(pool, uploadsDir, gallery, changed),
    ...galleryMethods(db, gallery, changed),
  };
}

/** The staff's enable/disable and delete, each with its audit row in the same transaction; every change makes the catalogue forget. */
function productWriteMethods(
  pool: Pool,
  uploadsDir: string,
  gallery: ReturnType<typeof createGallery>,
  changed: <T>(result: T) => T,
) {
  return {
    async setEnabled(id: string, isEnabled: boolean, audit: AuditWriter): Promise<Product> {
      const product = await inTransaction(pool, async (client) => {
        const updated = await repository.updateProductEnabled(databaseOn(client), id, isEnabled);
        if (!updated) return null;
        const summary = { after: { name: updated.name, is_enabled: isEnabled } };
        await audit(client, {
          action: isEnabled ? 'product.enable' : 'product.disable',
          entity: 'product',
          entityId: id,
          summary,
        });
        return updated;
      });
      if (!product) throw productNotFound();
      return changed(product);
    },

    /** Orders keep their own snapshot of each item, so deleting a product never touches past orders. */
    async remove(id: string, audit: AuditWriter): Promise<void> {
      const files = await gallery.filesOf(id);
      const deleted = await inTransaction(pool, async (client) => {
        const tx = databaseOn(client);
        const before = await repository.findProductById(tx, id);
        if (!before || !(await repository.deleteProductById(tx, id))) return false;
        const summary = { before: { name: before.name, price: before.price, stock: before.stock } };
        await audit(client, { action: 'product.delete', entity: 'product', entityId: id, summary });
        return true;
      });
      changed(deleted);
      if (!deleted) throw productNotFound();
      // The gallery's rows went with the product (ON DELETE CASCADE); its files (and an older cover's) go now.
      await removeImageFiles(uploadsDir, files);
    },
  };
}

/** A product's gallery for the staff; every change makes the catalogue forget (`changed`). */
function galleryMethods(db: Database, gallery: ReturnType<typeof createGallery>, changed: <T>(result: T) => T) {
  return {
    /** The route of before galleries: the upload becomes the first image, replacing the old first one. */
    async attachImage(id: string, upload: Buffer, audit: AuditWriter): Promise<Product> {
      await gallery.replaceCover(id, upload, audit);
      const product = await repository.findProductById(db, id);
      if (!product) throw productNotFound();
      return changed(product);
    },
    addImage: async (id: string, upload: Buffer, audit: AuditWriter) => changed(await gallery.add(id, upload, audit)),
    reorderImages: async (id: string, ids: string[], audit: AuditWriter) => changed(await gallery.reorder(id, ids, audit)),
    removeImage: async (id: string, imageId: string, audit: AuditWriter) => changed(await gallery.remove(id, imageId, audit)),
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;
