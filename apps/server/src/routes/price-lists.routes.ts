import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { adminUserSchema } from '@mayorista/core/schemas/auth';
import {
  assignPriceListSchema,
  priceListIdParams,
  priceListInputSchema,
  priceListSchema,
  priceListsResponseSchema,
} from '@mayorista/core/schemas/price-lists';
import type { Database } from '../db/client';
import { actorOf, authOf } from '../plugins/auth';
import { auditBy } from '../modules/audit';
import { priceListPayload } from '../modules/products';
import { createPriceListsService } from '../modules/price-lists';
import { assignPriceList } from '../flows/assign-price-list';
import { routesPlugin } from './plugin';

/**
 * /api/admin/price-lists and the assignment of a list to a customer (docs/api.md "Price lists").
 * Registered after the products routes: a change here makes the catalogue cache forget that list's answers.
 */
export function registerPriceListsRoutes(app: FastifyInstance, deps: { db: Database; pool: pg.Pool }): void {
  const service = createPriceListsService({ ...deps, changed: (listId) => app.catalogueCache.invalidate(priceListPayload(listId)) });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/api/admin/price-lists', { config: { access: 'staff', action: 'prices.manage' }, schema: { response: { 200: priceListsResponseSchema } } }, async (_request, reply) =>
    reply.send({ items: await service.list() }),
  );

  routes.post(
    '/api/admin/price-lists',
    { config: { access: 'staff', action: 'prices.manage' }, schema: { body: priceListInputSchema, response: { 201: priceListSchema } } },
    async (request, reply) => reply.status(201).send(await service.create(request.body, authOf(request).userId, auditBy(actorOf(request)))),
  );

  routes.get(
    '/api/admin/price-lists/:id',
    { config: { access: 'staff', action: 'prices.manage' }, schema: { params: priceListIdParams, response: { 200: priceListSchema } } },
    async (request, reply) => reply.send(await service.get(request.params.id)),
  );

  routes.put(
    '/api/admin/price-lists/:id',
    { config: { access: 'staff', action: 'prices.manage' }, schema: { params: priceListIdParams, body: priceListInputSchema, response: { 200: priceListSchema } } },
    async (request) => service.update(request.params.id, request.body, auditBy(actorOf(request))),
  );

  routes.delete('/api/admin/price-lists/:id', { config: { access: 'staff', action: 'prices.manage' }, schema: { params: priceListIdParams } }, async (request, reply) => {
    await service.remove(request.params.id, auditBy(actorOf(request)));
    return reply.status(204).send();
  });

  routes.patch(
    '/api/admin/users/:id/price-list',
    { config: { access: 'staff', action: 'customers.manage' }, schema: { params: priceListIdParams, body: assignPriceListSchema, response: { 200: adminUserSchema } } },
    async (request) => assignPriceList(deps, actorOf(request), request.params.id, request.body.price_list_id),
  );
}

/** registerPriceListsRoutes as a plugin that declares what it needs (routes/plugin.ts). */
export const priceListsRoutes = routesPlugin('price-lists-routes', registerPriceListsRoutes, { plugins: ['catalogue'], decorators: ['catalogueCache'] });
