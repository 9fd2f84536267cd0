import type { FastifyInstance } from 'fastify';
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
import { authOf } from '../../plugins/auth';
import { createPricingService } from './pricing.service';

const idParams = z.object({ id: uuidSchema });

/**
 * Bulk repricing, recorded price changes and their undo, a product's price history (issue 17,
 * docs/api.md "Prices"). Registered after the products routes: it reuses their catalogue cache.
 */
export function registerPricingRoutes(app: FastifyInstance, deps: { pool: Pool }): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const service = createPricingService({ pool: deps.pool, invalidateCatalogue: () => app.catalogueCache.invalidate() });

  routes.post(
    '/api/admin/products/reprice',
    {
      config: { access: 'admin' },
      schema: { querystring: dryRunQuerySchema, body: repriceRequestSchema, response: { 200: repricePreviewSchema, 201: priceChangeSchema } },
    },
    async (request, reply) => {
      if (request.query.dry_run) return reply.send(await service.preview(request.body));
      return reply.code(201).send(await service.apply(request.body, authOf(request).userId));
    },
  );

  routes.get(
    '/api/admin/price-changes',
    { config: { access: 'admin' }, schema: { querystring: priceChangesQuerySchema.omit({ product_id: true }), response: { 200: priceChangesPageSchema } } },
    async (request, reply) => reply.header('Cache-Control', 'no-store').send(await service.list(request.query)),
  );

  routes.post(
    '/api/admin/price-changes/:id/undo',
    { config: { access: 'admin' }, schema: { params: idParams, response: { 200: undoResultSchema } } },
    async (request, reply) => reply.send(await service.undo(request.params.id, authOf(request).userId)),
  );

  routes.get(
    '/api/admin/products/:id/price-history',
    { config: { access: 'admin' }, schema: { params: idParams, response: { 200: productPriceHistorySchema } } },
    async (request, reply) => reply.header('Cache-Control', 'no-store').send(await service.history(request.params.id)),
  );
}
