import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderNumber } from '@mayorista/core/constants';
import { placeOrderSchema } from '@mayorista/core/schemas/order';
import type pg from 'pg';
import { authOf } from '../../plugins/auth';
import { renderOrderPdf } from './orders.pdf';
import { createOrdersService } from './orders.service';

// Any string: a malformed id answers 404 like another customer's id, never 400 or 500.
const orderParamsSchema = z.object({ id: z.string().max(100) });

/** Customer side of orders: place, list own, read own, own PDF. Guards run before validation. */
export function registerOrdersRoutes(
  app: FastifyInstance,
  deps: { pool: pg.Pool; config: { whatsappPhone: string; catalogName: string; rateLimits: { ordersPerMinute: number } } },
): void {
  const service = createOrdersService({ pool: deps.pool, whatsappPhone: deps.config.whatsappPhone });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/orders',
    {
      schema: { body: placeOrderSchema },
      // Per customer (not per IP: a shop's staff share one address). Generous for people, a wall for scripts.
      config: {
        access: 'approved',
        rateLimit: {
          max: deps.config.rateLimits.ordersPerMinute,
          timeWindow: '1 minute',
          keyGenerator: (request) => `orders:${request.auth?.userId ?? request.ip}`,
          // Anonymous callers are turned away by the guard (401) without touching the database.
          allowList: (request) => !request.auth,
        },
      },
    },
    async (request, reply) => {
      const { created, ...result } = await service.placeOrder(authOf(request).userId, request.body);
      return reply
        .status(created ? 201 : 200)
        .header('Cache-Control', 'no-store')
        .send(result);
    },
  );

  routes.get('/api/orders', { config: { access: 'approved' } }, async (request, reply) => {
    const items = await service.listOwnOrders(authOf(request).userId);
    return reply.header('Cache-Control', 'no-store').send({ items });
  });

  routes.get(
    '/api/orders/:id',
    { config: { access: 'approved' }, schema: { params: orderParamsSchema } },
    async (request, reply) => {
      const order = await service.getOwnOrder(authOf(request).userId, request.params.id);
      return reply.header('Cache-Control', 'no-store').send(order);
    },
  );

  routes.get(
    '/api/orders/:id/pdf',
    { config: { access: 'approved' }, schema: { params: orderParamsSchema } },
    async (request, reply) => {
      const order = await service.getOwnOrder(authOf(request).userId, request.params.id);
      const pdf = await renderOrderPdf(order, deps.config.catalogName);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="pedido-${orderNumber(order.id)}.pdf"`)
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    },
  );
}
