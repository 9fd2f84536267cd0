import type pg from 'pg';
import { messages } from '@mayorista/core/messages';
import { PRODUCT_IMAGE_MAX_WIDTH, PRODUCT_IMAGES_MAX, type ProductImage } from '@mayorista/core/schemas/product';
import type { AuditWriter } from '../../db/audit-hook';
import { inTransaction, type Queryable } from '../../db/transaction';
import { AppError } from '../../lib/errors';
import { notFound } from '../../plugins/error-handler';
import { removeStoredImage, renderProductImage, storeImage, variantFileName } from './products.images';
import { imageUrlOf } from './products.repository';

/**
 * A product's gallery (the wholesale-ordering work, decision 020): the rows of `product_images` in the
 * admin's order. `products.image_path` is the cover — the first image's file — written here in the
 * same transaction as every gallery change, so the catalogue's page query never joins.
 */

interface ImageRow {
  id: string;
  position: number;
  file_name: string;
  widths: number[];
  width: number | null;
  height: number | null;
}

/** The API view of an image: its full-size URL and a `srcset` of every stored copy. */
export function toImageView(row: ImageRow): ProductImage {
  const url = imageUrlOf(row.file_name)!;
  const copies = row.widths.map((w) => `${imageUrlOf(variantFileName(row.file_name, w))} ${w}w`);
  // An image stored before copies existed has one size whose width was never recorded.
  const srcset = copies.length > 0 ? [...copies, `${url} ${row.width ?? PRODUCT_IMAGE_MAX_WIDTH}w`].join(', ') : url;
  return { id: row.id, url, srcset, width: row.width, height: row.height };
}

export async function listImageRows(q: Queryable, productId: string): Promise<ImageRow[]> {
  const { rows } = await q.query<ImageRow>(
    'select id, position, file_name, widths, width, height from product_images where product_id = $1 order by position',
    [productId],
  );
  return rows;
}

/** Serialises every gallery change of one product (two admins reordering and deleting at once). */
async function lockProduct(client: pg.PoolClient, productId: string): Promise<void> {
  const { rowCount } = await client.query('select 1 from products where id = $1 for update', [productId]);
  if (!rowCount) throw notFound(messages.products.notFound);
}

/** Positions 0…n-1 in the current order, and the cover follows the first. */
async function settle(client: pg.PoolClient, productId: string): Promise<void> {
  await client.query(
    `update product_images i set position = o.rn - 1
       from (select id, row_number() over (order by position) as rn from product_images where product_id = $1) o
      where i.id = o.id and i.position <> o.rn - 1`,
    [productId],
  );
  await client.query(
    `update products set image_path = (select file_name from product_images where product_id = $1 order by position limit 1),
            updated_at = now()
      where id = $1 and image_path is distinct from (select file_name from product_images where product_id = $1 order by position limit 1)`,
    [productId],
  );
}

/** A stored image's files: the full size, and the widths of its smaller copies. */
export interface StoredImageFiles {
  fileName: string;
  widths: number[];
}

/**
 * Every image file of these products: their gallery rows, and a cover no row names (stored before
 * galleries). Read before deleting the products, in the deleting transaction: the rows go with the
 * product (ON DELETE CASCADE), the files stay on disk until `removeImageFiles` after the commit.
 */
export async function imageFilesOf(q: Queryable, productIds: string[]): Promise<StoredImageFiles[]> {
  if (productIds.length === 0) return [];
  const { rows } = await q.query<{ file_name: string; widths: number[] }>(
    `select file_name, widths from product_images where product_id = any($1::uuid[])
     union all
     select p.image_path, '{}'::int[] from products p
      where p.id = any($1::uuid[]) and p.image_path is not null
        and not exists (select 1 from product_images i where i.product_id = p.id and i.file_name = p.image_path)`,
    [productIds],
  );
  return rows.map((r) => ({ fileName: r.file_name, widths: r.widths }));
}

/** After the commit that deleted their rows (a rolled-back delete must keep its files). Best effort, as removeStoredImage. */
export async function removeImageFiles(uploadsDir: string, files: readonly StoredImageFiles[]): Promise<void> {
  for (const file of files) await removeStoredImage(uploadsDir, file.fileName, file.widths);
}

type Stored = Awaited<ReturnType<typeof storeImage>> & { width: number; height: number };

async function insertImage(client: pg.PoolClient, productId: string, position: number, image: Stored): Promise<void> {
  await client.query(
    'insert into product_images (product_id, position, file_name, widths, width, height) values ($1, $2, $3, $4, $5, $6)',
    [productId, position, image.fileName, image.widths, image.width, image.height],
  );
}

/** Positions are unique per product, checked at commit (deferred), so one statement can swap them. */
async function writeImageOrder(client: pg.PoolClient, productId: string, ids: string[]): Promise<void> {
  await client.query(
    `update product_images i set position = o.ord - 1
       from unnest($2::uuid[]) with ordinality as o(id, ord)
      where i.product_id = $1 and i.id = o.id`,
    [productId, ids],
  );
}

export function createGallery(deps: { pool: pg.Pool; uploadsDir: string; productExists: (id: string) => Promise<boolean> }) {
  const { pool, uploadsDir } = deps;

  /** Decodes and stores the upload first (no lock held meanwhile); the caller's transaction records it or the files go. */
  async function withStoredUpload<T>(productId: string, upload: Buffer, record: (image: Stored) => Promise<T>): Promise<T> {
    // Fail fast on an unknown product before spending CPU on decoding.
    if (!(await deps.productExists(productId))) throw notFound(messages.products.notFound);
    const rendered = await renderProductImage(upload);
    const stored = { ...(await storeImage(uploadsDir, rendered)), width: rendered.width, height: rendered.height };
    try {
      return await record(stored);
    } catch (error) {
      // Refused (too many images), the product vanished, or the database failed: no orphan files.
      await removeStoredImage(uploadsDir, stored.fileName, stored.widths);
      throw error;
    }
  }

  const views = async (productId: string) => (await listImageRows(pool, productId)).map(toImageView);

  return {
    views,

    /** Adds an image at the end of the gallery. */
    async add(productId: string, upload: Buffer, audit: AuditWriter): Promise<ProductImage[]> {
      await withStoredUpload(productId, upload, (image) =>
        inTransaction(pool, async (client) => {
          await lockProduct(client, productId);
          const count = (await listImageRows(client, productId)).length;
          if (count >= PRODUCT_IMAGES_MAX)
            throw new AppError('too_many_images', messages.products.tooManyImages(PRODUCT_IMAGES_MAX));
          await insertImage(client, productId, count, image);
          await settle(client, productId);
          await audit(client, { action: 'product.image_add', entity: 'product', entityId: productId, summary: { after: { images: count + 1 } } });
        }),
      );
      return views(productId);
    },

    /** `POST /api/products/:id/image` (before galleries): the upload replaces the first image. */
    async replaceCover(productId: string, upload: Buffer, audit: AuditWriter): Promise<void> {
      const previous = await withStoredUpload(productId, upload, (image) =>
        inTransaction(pool, async (client) => {
          await lockProduct(client, productId);
          const { rows } = await client.query<ImageRow>(
            'delete from product_images where product_id = $1 and position = 0 returning file_name, widths',
            [productId],
          );
          await insertImage(client, productId, 0, image);
          await settle(client, productId);
          await audit(client, { action: 'product.image_cover', entity: 'product', entityId: productId, summary: { after: { replaced: rows.length > 0 } } });
          return rows[0] ?? null;
        }),
      );
      if (previous) await removeStoredImage(uploadsDir, previous.file_name, previous.widths);
    },

    /** The new order must name every image of the product exactly once: a stale editor is refused, not half-applied. */
    async reorder(productId: string, ids: string[], audit: AuditWriter): Promise<ProductImage[]> {
      await inTransaction(pool, async (client) => {
        await lockProduct(client, productId);
        const current = (await listImageRows(client, productId)).map((r) => r.id);
        const same = ids.length === current.length && new Set(ids).size === ids.length && ids.every((id) => current.includes(id));
        if (!same) throw new AppError('image_order_mismatch', messages.products.imageOrderMismatch);
        await writeImageOrder(client, productId, ids);
        await settle(client, productId);
        await audit(client, { action: 'product.image_order', entity: 'product', entityId: productId, summary: { before: { ids: current }, after: { ids } } });
      });
      return views(productId);
    },

    async remove(productId: string, imageId: string, audit: AuditWriter): Promise<ProductImage[]> {
      const removed = await inTransaction(pool, async (client) => {
        await lockProduct(client, productId);
        const { rows } = await client.query<ImageRow>(
          'delete from product_images where product_id = $1 and id = $2 returning file_name, widths',
          [productId, imageId],
        );
        if (!rows[0]) throw new AppError('image_not_found', messages.products.imageNotFound);
        await settle(client, productId);
        await audit(client, { action: 'product.image_remove', entity: 'product', entityId: productId, summary: { before: { image_id: imageId } } });
        return rows[0];
      });
      await removeStoredImage(uploadsDir, removed.file_name, removed.widths);
      return views(productId);
    },

    /** The files to remove after the product is deleted (its rows go with it, ON DELETE CASCADE). */
    filesOf: (productId: string): Promise<StoredImageFiles[]> => imageFilesOf(pool, [productId]),
  };
}

export type Gallery = ReturnType<typeof createGallery>;
