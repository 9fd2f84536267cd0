import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cartLinesResponseSchema, cartLinesSchema, cartProductsQuerySchema, cartProductsResponseSchema, cartResponseSchema, saveCartSchema } from '@mayorista/core/schemas/cart';
import type pg from 'pg';
import type { Database } from '../db/client';
import { loadSettings } from '../modules/settings';
import { authOf } from '../plugins/auth';
import { atCustomerPrices } from '../modules/price-lists';
import { addCartLines } from '../modules/cart';
import { showsIvaItemised } from '@mayorista/core/iva';
import { createCartService } from '../modules/cart';
import { readMyDelivery } from '../flows/read-deliveries';
import { routesPlugin } from './plugin';

/**
 * GET/PUT /api/cart: one cart per approved customer, only their own. The guard runs before body
 * validation so a signed-out caller learns nothing but 401.
 */
export function registerCartRoutes(app: FastifyInstance, deps: { db: Database; pool: pg.Pool; now?: () => Date }): void {
  const service = createCartService(deps.pool);
  // The buyer sees the minimum order before it matters (the wholesale-ordering work, decision 016), and the cart previews IVA with
  // the same setting the order will use (the business-identity work, decisions 017–019); the order re-reads both in its transaction.
  // The promised delivery date and the zone's minimum come with it (Repartos, decision 049).
  const withMinimum = async <T extends object>(cart: T, ivaCondition: string | null, userId: string) => {
    const [settings, delivery] = await Promise.all([loadSettings(deps.pool), readMyDelivery(deps.pool, userId, (deps.now ?? (() => new Date()))())]);
    return {
      ...cart,
      min_order_amount: Math.max(settings.min_order_amount, delivery.zone?.min_order ?? 0),
      delivery: delivery.next_delivery,
      prices_include_iva: settings.prices_include_iva,
      iva_itemised: showsIvaItemised(ivaCondition),
    };
  };
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/api/cart', { config: { access: 'approved' }, schema: { response: { 200: cartResponseSchema } } }, async (request, reply) => {
    const cart = await service.getCart(authOf(request).userId);
    return reply.send(await withMinimum(await atCustomerPrices(deps.pool, request, cart), authOf(request).ivaCondition, authOf(request).userId));
  });

  routes.put('/api/cart', { config: { access: 'approved' }, schema: { body: saveCartSchema, response: { 200: cartResponseSchema } } }, async (request, reply) => {
    const cart = await service.saveCart(authOf(request).userId, request.body.cart_data);
    return reply.send(await withMinimum(await atCustomerPrices(deps.pool, request, cart), authOf(request).ivaCondition, authOf(request).userId));
  });

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
