import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cartLinesResponseSchema, cartLinesSchema, cartProductsQuerySchema, cartProductsResponseSchema, cartResponseSchema, saveCartSchema } from '@mayorista/core/schemas/cart';
import type pg from 'pg';
import type { Database } from '../db/client';
import { authOf } from '../plugins/auth';
import { atCustomerPrices } from '../modules/price-lists';
import { addCartLines, createCartService } from '../modules/cart';
import { readCart, saveCart, type CartCaller } from '../flows/cart-answer';
import { routesPlugin } from './plugin';

/** What the session already read about the caller, for the cart's flow (no statement of its own). */
const callerOf = (request: FastifyRequest): CartCaller => {
  const { userId, priceListId, ivaCondition } = authOf(request);
  return { userId, priceListId, ivaCondition };
};

/**
 * GET/PUT /api/cart: one cart per approved customer, only their own. The guard runs before body
 * validation so a signed-out caller learns nothing but 401.
 */
export function registerCartRoutes(app: FastifyInstance, deps: { db: Database; pool: pg.Pool; now?: () => Date }): void {
  const service = createCartService(deps.pool);
  const now = deps.now ?? (() => new Date());
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // The answer carries the minimum order, the promised delivery and the IVA preview's settings
  // (decisions 016–019, 049), and the products at the caller's list (decision 018): flows/cart-answer.ts.
  routes.get('/api/cart', { config: { access: 'approved' }, schema: { response: { 200: cartResponseSchema } } }, async (request, reply) =>
    reply.send(await readCart(deps.pool, callerOf(request), now())),
  );

  routes.put('/api/cart', { config: { access: 'approved' }, schema: { body: saveCartSchema, response: { 200: cartResponseSchema } } }, async (request, reply) =>
    reply.send(await saveCart(deps.pool, callerOf(request), request.body.cart_data, now())),
  );

  routes.post(
    '/api/cart/lines',
    { config: { access: 'approved' }, schema: { body: cartLinesSchema, response: { 200: cartLinesResponseSchema } } },
    async (request, reply) => {
      const answer = await addCartLines(deps.db, authOf(request).userId, request.body.lines, request.body.preview);
      return reply.send(await atCustomerPrices(deps.pool, request, answer));
    },
  );

  routes.get(
    '/api/cart/products',
    { config: { access: 'approved' }, schema: { querystring: cartProductsQuerySchema, response: { 200: cartProductsResponseSchema } } },
    async (request, reply) => {
      const { products: items } = await atCustomerPrices(deps.pool, request, { products: await service.findAvailableProducts(request.query.ids) });
      return reply.header('Cache-Control', 'private, no-store').send({ items });
    },
  );
}

/** registerCartRoutes as a plugin that declares what it needs (routes/plugin.ts). */
export const cartRoutes = routesPlugin('cart-routes', registerCartRoutes);
