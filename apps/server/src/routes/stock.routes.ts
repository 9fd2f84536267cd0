import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import {
  stockCountInputSchema,
  stockCountResultSchema,
  stockReservedQuerySchema,
  stockReservedResultSchema,
} from '@mayorista/core/schemas/stock-count';
import { actorOf } from '../plugins/auth';
import { countStock } from '../flows/count-stock';
import { unpreparedUnits } from '../modules/orders';
import { routesPlugin } from './plugin';

/**
 * The warehouse's stock work (docs/api.md "Stock counts", decision 069). The products and their
 * stock are read through GET /api/products?include_disabled=1 (every active staff member gets
 * the staff view there). Registered after the products routes: a count makes the catalogue forget.
 */
export function registerStockRoutes(app: FastifyInstance, deps: { pool: pg.Pool }): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.post(
    '/api/admin/stock-counts',
    {
      config: { access: 'staff', action: 'stock.manage' },
      schema: { body: stockCountInputSchema, response: { 200: stockCountResultSchema } },
    },
    async (request) =>
      countStock({ pool: deps.pool, invalidateCatalogue: () => app.catalogueCache.invalidate() }, request.body.counts, actorOf(request)),
  );
  // What the count will subtract, for the products one page of the Stock tab shows: one read per page.
  routes.get(
    '/api/admin/stock-counts/reserved',
    {
      config: { access: 'staff', action: 'stock.manage' },
      schema: { querystring: stockReservedQuerySchema, response: { 200: stockReservedResultSchema } },
    },
    async (request) => ({ reserved: Object.fromEntries(await unpreparedUnits(deps.pool, request.query.ids)) }),
  );
}

/** registerStockRoutes as a plugin that declares what it needs (routes/plugin.ts). */
export const stockRoutes = routesPlugin('stock-routes', registerStockRoutes, { plugins: ['catalogue'], decorators: ['catalogueCache'] });
