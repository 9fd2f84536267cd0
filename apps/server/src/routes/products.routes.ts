import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STORAGE_CACHE_CONTROL_SECONDS } from '@mayorista/core/constants';
import { messages } from '@mayorista/core/messages';
import { uuidSchema } from '@mayorista/core/schemas/common';
import { movementsPageQuerySchema, stockMovementsPageSchema } from '@mayorista/core/schemas/ledger';
import {
  PRODUCT_IMAGE_MAX_BYTES,
  imageOrderSchema,
  productEnabledSchema,
  productInputSchema,
  productImagesSchema,
  productListQuerySchema,
} from '@mayorista/core/schemas/product';
import type { Config } from '../config';
import type { Pool } from 'pg';
import type { Database } from '../db/client';
import { CompressedBodies, pickEncoding } from '../lib/compressed-bodies';
import { AppError } from '../lib/errors';
import { actorOf, authOf, ensureAuth } from '../plugins/auth';
import { auditBy } from '../modules/audit';
import { notFound } from '../plugins/error-handler';
import { CatalogueCache, createProductsService, STORED_IMAGE_NAME, viewerClassOf } from '../modules/products';
import { loadPriceListRule } from '../modules/price-lists';
import { loadSettings } from '../modules/settings';
import type { CatalogueSnapshot } from '@mayorista/core/offline-snapshot';
import { createProduct, productStockMovements, updateProduct } from '../flows/save-product';
import { routesPlugin } from './plugin';

const productIdParams = z.object({ id: uuidSchema });
const productImageParams = z.object({ id: uuidSchema, imageId: uuidSchema });
/**
 * A product page address: a slug or an id (core/product-slug.ts decides; anything else is 404).
 * Named `id` like the other routes' parameter at this position (one router node).
 */
const productRefParams = z.object({ id: z.string().max(200) });

declare module 'fastify' {
  interface FastifyInstance {
    catalogueCache: CatalogueCache;
    /** Answers the whole catalogue at a price list's prices (the offline snapshot's body, ETag and encoding). */
    catalogueSnapshot: SnapshotReplier;
  }
}

export type SnapshotReplier = (request: FastifyRequest, reply: FastifyReply, priceListId: string | null) => Promise<FastifyReply>;

/**
 * The snapshot's answer for one price list (decision 043): the same body for every caller on that
 * list, a strong ETag over it (304 when unchanged), compressed once per ETag. The customer's own
 * route and a sales rep's route for one of their customers send it the same way.
 */
function snapshotReplier(service: ProductsService, pool: Pool): SnapshotReplier {
  const snapshotBodies = new CompressedBodies();
  return async (request, reply, priceListId) => {
    const [{ readAt, products }, settings] = await Promise.all([service.snapshotProducts(priceListId), loadSettings(pool)]);
    const snapshot: CatalogueSnapshot = {
      generated_at: readAt,
      prices_include_iva: settings.prices_include_iva,
      min_order_amount: settings.min_order_amount,
      products,
    };
    const body = JSON.stringify(snapshot);
    const etag = `"snapshot-${createHash('sha1').update(body).digest('base64url')}"`;
    reply.header('Cache-Control', 'private, no-cache').header('Vary', 'Authorization, Accept-Encoding').header('ETag', etag);
    if (etagMatches(request.headers['if-none-match'], etag)) return reply.status(304).send();
    reply.type('application/json; charset=utf-8');
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (encoding === 'identity') return reply.send(body);
    return reply.header('Content-Encoding', encoding).send(await snapshotBodies.get(etag, encoding, body));
  };
}

/** RFC 9110 If-None-Match: `*` or a comma-separated list; weak (W/) validators compare equal here too. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}
const categoriesQuery = productListQuerySchema.pick({ include_disabled: true });
const uploadParams = z.object({ file: z.string().max(100) });

const imageTooLarge = () =>
  new AppError('image_too_large', messages.products.imageTooLarge(PRODUCT_IMAGE_MAX_BYTES / (1024 * 1024)));

/** Reads the single `file` part of a multipart upload into memory (bounded by PRODUCT_IMAGE_MAX_BYTES). */
async function readUploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('not_multipart', messages.products.imageNotMultipart);
  try {
    const file = await request.file();
    if (!file || file.fieldname !== 'file') throw new AppError('image_required', messages.products.imageRequired);
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw imageTooLarge();
    // Malformed multipart (cut-off body, bad boundary): the client's fault, never a 5xx.
    throw new AppError('image_required', messages.products.imageRequired);
  }
}

/**
 * Products (docs/api.md "Products"): a public catalogue, admin-only writes and product images.
 * Guards run in preValidation so a caller without permission learns nothing about the body rules.
 */
export async function registerProductRoutes(
  app: FastifyInstance,
  deps: { db: Database; pool: Pool; config: Config },
): Promise<void> {
  const cache = new CatalogueCache({ connectionString: deps.pool.options.connectionString, log: app.log, maxEntries: 1000 });
  await cache.start();
  app.addHook('onClose', async () => cache.stop());
  // Tests (and the benchmark) wait on it to see another process's change arrive.
  app.decorate('catalogueCache', cache);
  const { uploadsDir } = deps.config;
  const service = createProductsService({ db: deps.db, pool: deps.pool, uploadsDir, cache, loadPriceListRule });
  registerCatalogueRoutes(app, service, deps.pool);
  registerProductAdminRoutes(app, service, { db: deps.db, pool: deps.pool, invalidateCatalogue: () => cache.invalidate() });
  registerProductImageRoutes(app, service, uploadsDir);
}

type ProductsService = ReturnType<typeof createProductsService>;

/** What the customers read: the catalogue's pages, the offline snapshot, the categories, a product's page. */
function registerCatalogueRoutes(app: FastifyInstance, service: ProductsService, pool: Pool): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // The answer depends on the viewer class (retail, wholesale, admin) and, for a customer on a
  // price list, on that list — never on anything else about the caller: the session is looked up
  // only when a token is sent.
  routes.get(
    '/api/products',
    { config: { access: 'public', auth: 'lazy' }, schema: { querystring: productListQuerySchema } },
    async (request, reply) => {
      const auth = await ensureAuth(request);
      const { body, etag } = await service.listPage(
        request.query,
        viewerClassOf(auth?.profile ?? null),
        auth?.priceListId ?? null,
      );
      // Wholesale prices must never be served to another viewer: `private` keeps shared caches
      // out, `Vary: Authorization` keeps a browser from reusing one caller's answer for another,
      // and the ETag carries the viewer class. `no-cache` lets the browser revalidate (304).
      reply.header('Cache-Control', 'private, no-cache').header('Vary', 'Authorization').header('ETag', etag);
      if (etagMatches(request.headers['if-none-match'], etag)) return reply.status(304).send();
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );

  // The offline snapshot (decision 043): the customer's whole catalogue at their prices. Personal
  // (their price list): private to the caller like the catalogue's pages, revalidated with its
  // ETag so the background refresh of an unchanged catalogue costs a 304.
  const sendSnapshot = snapshotReplier(service, pool);
  app.decorate('catalogueSnapshot', sendSnapshot);
  routes.get('/api/catalog/snapshot', { config: { access: 'approved' } }, async (request, reply) =>
    sendSnapshot(request, reply, authOf(request).priceListId ?? null),
  );

  routes.get(
    '/api/products/categories',
    { config: { access: 'public', auth: 'lazy' }, schema: { querystring: categoriesQuery } },
    async (request, reply) => {
      const viewer = request.query.include_disabled ? ((await ensureAuth(request))?.profile ?? null) : null;
      const items = await service.categories(request.query.include_disabled, viewer);
      return reply.header('Cache-Control', 'private, no-store').send({ items });
    },
  );

  // The product page (the wholesale-ordering work, decision 016). Same privacy as the list: the viewer class decides the
  // view, and the answer is private to the caller.
  routes.get(
    '/api/products/:id',
    { config: { access: 'public', auth: 'lazy' }, schema: { params: productRefParams } },
    async (request, reply) => {
      const auth = await ensureAuth(request);
      const body = await service.page(request.params.id, viewerClassOf(auth?.profile ?? null), auth?.priceListId ?? null);
      reply.header('Cache-Control', 'private, no-cache').header('Vary', 'Authorization');
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );
}

/** The staff's product work: create, edit, enable or disable, delete, and the stock ledger of a product. */
function registerProductAdminRoutes(
  app: FastifyInstance,
  service: ProductsService,
  flowDeps: { db: Database; pool: Pool; invalidateCatalogue: () => void },
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.post(
    '/api/products',
    { config: { access: 'staff', action: 'products.manage' }, schema: { body: productInputSchema } },
    async (request, reply) =>
      reply.status(201).send(await createProduct(flowDeps, request.body, authOf(request).userId, request.ip)),
  );

  routes.put(
    '/api/products/:id',
    { config: { access: 'staff', action: 'products.manage' }, schema: { params: productIdParams, body: productInputSchema } },
    async (request) => updateProduct(flowDeps, request.params.id, request.body, authOf(request).userId, request.ip),
  );

  routes.get(
    '/api/admin/products/:id/stock-movements',
    {
      config: { access: 'staff', action: 'stock.manage' },
      schema: { params: productIdParams, querystring: movementsPageQuerySchema, response: { 200: stockMovementsPageSchema } },
    },
    async (request, reply) =>
      reply.send(await productStockMovements(flowDeps, request.params.id, request.query)),
  );

  routes.patch(
    '/api/products/:id/enabled',
    { config: { access: 'staff', action: 'products.manage' }, schema: { params: productIdParams, body: productEnabledSchema } },
    async (request) => service.setEnabled(request.params.id, request.body.is_enabled, auditBy(actorOf(request))),
  );

  routes.delete(
    '/api/products/:id',
    { config: { access: 'staff', action: 'products.manage' }, schema: { params: productIdParams } },
    async (request, reply) => {
      await service.remove(request.params.id, auditBy(actorOf(request)));
      return reply.status(204).send();
    },
  );
}

/** A product's gallery: upload, reorder and remove images, and the stored files themselves. */
function registerProductImageRoutes(app: FastifyInstance, service: ProductsService, uploadsDir: string): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.put(
    '/api/products/:id/images/order',
    {
      config: { access: 'staff', action: 'products.manage' },
      schema: { params: productIdParams, body: imageOrderSchema, response: { 200: productImagesSchema } },
    },
    async (request) => ({ items: await service.reorderImages(request.params.id, request.body.ids, auditBy(actorOf(request))) }),
  );

  routes.delete(
    '/api/products/:id/images/:imageId',
    {
      config: { access: 'staff', action: 'products.manage' },
      schema: { params: productImageParams, response: { 200: productImagesSchema } },
    },
    async (request) => ({ items: await service.removeImage(request.params.id, request.params.imageId, auditBy(actorOf(request))) }),
  );

  // Multipart parsing is needed by the upload routes only, so the plugin is registered in their own scope.
  app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: PRODUCT_IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 1 },
      throwFileSizeLimit: true,
    });
    const uploads = scope.withTypeProvider<ZodTypeProvider>();
    // Before galleries: replaces the first image, answers the product (kept for existing clients).
    uploads.post(
      '/api/products/:id/image',
      { config: { access: 'staff', action: 'products.manage' }, schema: { params: productIdParams } },
      async (request) => service.attachImage(request.params.id, await readUploadedFile(request), auditBy(actorOf(request))),
    );
    uploads.post(
      '/api/products/:id/images',
      {
        config: { access: 'staff', action: 'products.manage' },
        schema: { params: productIdParams, response: { 201: productImagesSchema } },
      },
      async (request, reply) =>
        reply.status(201).send({ items: await service.addImage(request.params.id, await readUploadedFile(request), auditBy(actorOf(request))) }),
    );
  });

  routes.get('/uploads/:file', { schema: { params: uploadParams } }, async (request, reply) => {
    const { file } = request.params;
    // Only names we generate can be served: no "..", no separators, no other file of the disk.
    if (!STORED_IMAGE_NAME.test(file)) throw notFound();
    const fullPath = path.join(uploadsDir, file);
    const info = await stat(fullPath).catch(() => null);
    if (!info?.isFile()) throw notFound();
    return reply
      .header('Content-Type', 'image/webp')
      .header('Content-Length', info.size)
      .header('Cache-Control', `public, max-age=${STORAGE_CACHE_CONTROL_SECONDS}`)
      .send(createReadStream(fullPath));
  });
}

/** registerProductRoutes as a plugin that declares what it needs (routes/plugin.ts). */
export const productRoutes = routesPlugin('catalogue', registerProductRoutes);
