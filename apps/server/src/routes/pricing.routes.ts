import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Pool } from 'pg';
import { z } from 'zod';
import { uuidSchema } from '@mayorista/core/schemas/common';
import {
  dryRunQuerySchema,
  priceChangeSchema,
  priceChangesPageSchema,
  priceChangesQuerySchema,
  productPriceHistorySchema,
  repricePreviewSchema,
  repriceRequestSchema,
  undoResultSchema,
} from '@mayorista/core/schemas/pricing';
import { messages } from '@mayorista/core/messages';
import { productListQuerySchema } from '@mayorista/core/schemas/product';
import { IMPORT_MAX_BYTES, importReportSchema } from '@mayorista/core/schemas/pricing';
import { AppError } from '../lib/errors';
import { uploadPieces } from '../lib/untrusted-files/upload-pieces';
import { actorOf, authOf } from '../plugins/auth';
import { auditBy } from '../modules/audit';
import { createPricingService, exportCsv, exportXlsx, renderPriceList } from '../modules/pricing';
import { createPriceImport } from '../flows/import-prices';
import { undoPriceChange } from '../flows/undo-price-change';
import type { PriceListRule } from '@mayorista/core/price-lists';
import { loadCustomerPriceListRule, loadPriceListRule } from '../modules/price-lists';
import type { Config } from '../config';
import { isApproved } from '@mayorista/core/roles';
import { notFound } from '../plugins/error-handler';
import { routesPlugin } from './plugin';

const exportQuery = productListQuerySchema.pick({
  search: true,
  category: true,
  on_sale: true,
  in_stock: true,
  include_disabled: true,
});
const importTooLarge = () =>
  new AppError('import_file_too_large', messages.pricing.import.tooLarge(IMPORT_MAX_BYTES / (1024 * 1024)));

/** The single `file` part of an import, bounded by IMPORT_MAX_BYTES, as the pieces it arrived in. */
async function readImportFile(request: FastifyRequest): Promise<Uint8Array[]> {
  if (!request.isMultipart()) throw new AppError('import_unsupported_file', messages.pricing.import.notMultipart);
  try {
    const file = await request.file();
    if (!file || file.fieldname !== 'file') throw new AppError('import_file_required', messages.pricing.import.fileRequired);
    return await uploadPieces(file, importTooLarge);
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw importTooLarge();
    throw new AppError('import_file_required', messages.pricing.import.fileRequired);
  }
}

const stamp = () => new Date().toISOString().slice(0, 10);

const idParams = z.object({ id: uuidSchema });

/** What the pricing routes share: the database and configuration, and the flows' dependencies (the catalogue cache catches up after a change). */
interface PricingRoutesDeps {
  pool: Pool;
  config: Config;
  flowDeps: { pool: Pool; uploadsDir: string; catchUpCatalogue: () => Promise<void> };
}

/**
 * Bulk repricing, recorded price changes and their undo, a product's price history, the catalogue
 * spreadsheet and the price-list PDF (the repricing work, decision 015, docs/api.md "Prices").
 * Registered after the products routes: it reuses their catalogue cache.
 */
export function registerPricingRoutes(app: FastifyInstance, deps: { pool: Pool; config: Config }): void {
  const flowDeps = {
    pool: deps.pool,
    uploadsDir: deps.config.uploadsDir,
    catchUpCatalogue: () => app.catalogueCache.catchUp(),
  };
  const context: PricingRoutesDeps = { ...deps, flowDeps };
  registerPriceChangeRoutes(app, context);
  registerCatalogueSheetRoutes(app, context);
  registerPriceListPdfRoutes(app, context);
}

/** Bulk repricing, the recorded price changes and their undo, a product's price history. */
function registerPriceChangeRoutes(app: FastifyInstance, { flowDeps }: PricingRoutesDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const service = createPricingService(flowDeps);

  routes.post(
    '/api/admin/products/reprice',
    {
      config: { access: 'staff', action: 'prices.manage' },
      schema: {
        querystring: dryRunQuerySchema,
        body: repriceRequestSchema,
        response: { 200: repricePreviewSchema, 201: priceChangeSchema },
      },
    },
    async (request, reply) => {
      if (request.query.dry_run) return reply.send(await service.preview(request.body));
      return reply.code(201).send(await service.apply(request.body, authOf(request).userId, auditBy(actorOf(request))));
    },
  );

  routes.get(
    '/api/admin/price-changes',
    {
      config: { access: 'staff', action: 'prices.manage' },
      schema: { querystring: priceChangesQuerySchema.omit({ product_id: true }), response: { 200: priceChangesPageSchema } },
    },
    async (request, reply) => reply.send(await service.list(request.query)),
  );

  routes.post(
    '/api/admin/price-changes/:id/undo',
    { config: { access: 'staff', action: 'prices.manage' }, schema: { params: idParams, response: { 200: undoResultSchema } } },
    async (request, reply) => reply.send(await undoPriceChange(flowDeps, request.params.id, actorOf(request))),
  );

  routes.get(
    '/api/admin/products/:id/price-history',
    {
      config: { access: 'staff', action: 'prices.manage' },
      schema: { params: idParams, response: { 200: productPriceHistorySchema } },
    },
    async (request, reply) => reply.send(await service.history(request.params.id)),
  );
}

/** The catalogue as a spreadsheet: export (CSV, XLSX) and import (decision 015). */
function registerCatalogueSheetRoutes(app: FastifyInstance, { pool, flowDeps }: PricingRoutesDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/api/admin/products/export.csv',
    { config: { access: 'staff', action: 'prices.manage' }, schema: { querystring: exportQuery } },
    async (request, reply) =>
      reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="catalogo-${stamp()}.csv"`)
        .send(await exportCsv(pool, request.query)),
  );

  routes.get(
    '/api/admin/products/export.xlsx',
    { config: { access: 'staff', action: 'prices.manage' }, schema: { querystring: exportQuery } },
    async (request, reply) =>
      reply
        .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', `attachment; filename="catalogo-${stamp()}.xlsx"`)
        .send(await exportXlsx(pool, request.query)),
  );

  const { importCatalogue, close: closeImporter } = createPriceImport(flowDeps);
  app.addHook('onClose', closeImporter);
  // Multipart parsing in its own scope, with the import's own size limit.
  app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 0, parts: 1 },
      throwFileSizeLimit: true,
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/admin/products/import',
      {
        config: { access: 'staff', action: 'prices.manage' },
        // The body limit covers the multipart envelope around a file of IMPORT_MAX_BYTES.
        bodyLimit: IMPORT_MAX_BYTES + 64 * 1024,
        schema: { querystring: dryRunQuerySchema, response: { 200: importReportSchema } },
      },
      async (request, reply) => {
        const file = await readImportFile(request);
        return reply.send(await importCatalogue(file, { dryRun: request.query.dry_run, actor: actorOf(request) }));
      },
    );
  });
}

/** The price list as a PDF: the customer's own, and any customer's for the staff. */
function registerPriceListPdfRoutes(app: FastifyInstance, { pool, config }: PricingRoutesDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const sendPriceList = (reply: FastifyReply, customerName: string, kind: 'wholesale' | 'retail', list: PriceListRule | null) =>
    reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `attachment; filename="lista-de-precios-${stamp()}.pdf"`)
      .send(renderPriceList(pool, { catalogName: config.catalogName, customerName, kind, list }));

  // The business-identity work: at the customer's own price list (decision 018), every explicit price of it included.
  routes.get('/api/price-list.pdf', { config: { access: 'approved' } }, async (request, reply) => {
    const { profile, priceListId } = authOf(request);
    const list = priceListId ? await loadPriceListRule(pool, priceListId) : null;
    return sendPriceList(reply, `${profile.nombre} ${profile.apellido}`, 'wholesale', list);
  });

  routes.get(
    '/api/admin/users/:id/price-list.pdf',
    { config: { access: 'staff', action: 'customers.read' }, schema: { params: idParams } },
    async (request, reply) => {
      const { rows } = await pool.query<{ nombre: string; apellido: string; approved: boolean }>(
        `select nombre, apellido, approved from profiles where id = $1`,
        [request.params.id],
      );
      const customer = rows[0];
      if (!customer) throw notFound();
      // The customer's own prices: wholesale once approved, retail before.
      const kind = isApproved(customer) ? 'wholesale' : 'retail';
      const list = await loadCustomerPriceListRule(pool, request.params.id, null);
      return sendPriceList(reply, `${customer.nombre} ${customer.apellido}`, kind, list);
    },
  );
}

/** registerPricingRoutes as a plugin that declares what it needs (routes/plugin.ts). */
export const pricingRoutes = routesPlugin('pricing-routes', registerPricingRoutes, {
  plugins: ['catalogue'],
  decorators: ['catalogueCache'],
});
