import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import {
  createListSchema,
  favoriteParams,
  favoritesResponseSchema,
  listIdParams,
  listToCartResponseSchema,
  renameListSchema,
  shoppingListSchema,
  shoppingListsResponseSchema,
} from '@mayorista/core/schemas/lists';
import type { Database } from '../db/client';
import { authOf } from '../plugins/auth';
import { createListsService } from '../modules/lists';
import { putListInCart } from '../flows/list-to-cart';
import { routesPlugin } from './plugin';

/** Saved lists and favourites (decision 016), approved customers only, each their own (the lists module). */
export function registerListsRoutes(app: FastifyInstance, deps: { db: Database; pool: pg.Pool }): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const lists = createListsService(deps);
  const approved = { access: 'approved' } as const;

  routes.get('/api/lists', { config: approved, schema: { response: { 200: shoppingListsResponseSchema } } }, async (request) => ({
    items: await lists.list(authOf(request).userId),
  }));

  routes.post('/api/lists', { config: approved, schema: { body: createListSchema, response: { 201: shoppingListSchema } } }, async (request, reply) =>
    reply.status(201).send(await lists.createFromCart(authOf(request).userId, request.body.name)),
  );

  routes.put('/api/lists/:id', { config: approved, schema: { params: listIdParams, body: renameListSchema, response: { 200: shoppingListSchema } } }, async (request) =>
    lists.rename(authOf(request).userId, request.params.id, request.body.name),
  );

  routes.delete('/api/lists/:id', { config: approved, schema: { params: listIdParams } }, async (request, reply) => {
    await lists.remove(authOf(request).userId, request.params.id);
    return reply.status(204).send();
  });

  routes.post('/api/lists/:id/to-cart', { config: approved, schema: { params: listIdParams, response: { 200: listToCartResponseSchema } } }, async (request) =>
    putListInCart({ db: deps.db, lists }, authOf(request).userId, request.params.id),
  );

  routes.get('/api/favorites', { config: approved, schema: { response: { 200: favoritesResponseSchema } } }, async (request) =>
    lists.favorites(authOf(request).userId),
  );

  routes.put('/api/favorites/:productId', { config: approved, schema: { params: favoriteParams } }, async (request, reply) => {
    await lists.addFavorite(authOf(request).userId, request.params.productId);
    return reply.status(204).send();
  });

  routes.delete('/api/favorites/:productId', { config: approved, schema: { params: favoriteParams } }, async (request, reply) => {
    await lists.removeFavorite(authOf(request).userId, request.params.productId);
    return reply.status(204).send();
  });
}

/** registerListsRoutes as a plugin that declares what it needs (routes/plugin.ts). */
export const listsRoutes = routesPlugin('lists-routes', registerListsRoutes);
