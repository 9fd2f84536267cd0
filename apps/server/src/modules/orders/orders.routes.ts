import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderNumber } from '@mayorista/core/constants';
import { adminOrdersFilterSchema, adminOrdersListQuerySchema, changeOrderStatusSchema } from '@mayorista/core/schemas/admin-orders';
import { uuidSchema } from '@mayorista/core/schemas/common';
import { adminOrdersPageSchema, orderSchema, ownOrdersSchema, placeOrderResultSchema, placeOrderSchema } from '@mayorista/core/schemas/order';
import type pg from 'pg';
import { authOf } from '../../plugins/auth';
import { createAdminOrdersService } from './orders-admin.service';
import { renderOrderPdf } from './orders.pdf';
import { createOrdersService } from './orders.service';

interface OrdersRoutesDeps {
  pool: pg.Pool;
  config: { whatsappPhone: string; catalogName: string; rateLimits: { ordersPerMinute: number } };
}

/** Every orders route: the customer's (place, list own, read own, own PDF) and the admin's. */
export function registerOrdersRoutes(app: FastifyInstance, deps: OrdersRoutesDeps): void {
  registerCustomerRoutes(app, deps);
  registerAdminRoutes(app, deps);
}

// Any string: a malformed id answers 404 like another customer's id, never 400 or 500.
const ownOrderParamsSchema = z.object({ id: z.string().max(100) });

/** Customer side. The access level is enforced before the body is read (plugins/auth.ts). */
function registerCustomerRoutes(app: FastifyInstance, deps: OrdersRoutesDeps): void {
  const service = createOrdersService({ pool: deps.pool, whatsappPhone: deps.config.whatsappPhone });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/orders',
    {
      schema: { body: placeOrderSchema, response: { 200: placeOrderResultSchema, 201: placeOrderResultSchema } },
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

  routes.get('/api/orders', { config: { access: 'approved' }, schema: { response: { 200: ownOrdersSchema } } }, async (request, reply) => {
    const items = await service.listOwnOrders(authOf(request).userId);
    return reply.header('Cache-Control', 'no-store').send({ items });
  });

  routes.get(
    '/api/orders/:id',
    { config: { access: 'approved' }, schema: { params: ownOrderParamsSchema, response: { 200: orderSchema } } },
    async (request, reply) => {
      const order = await service.getOwnOrder(authOf(request).userId, request.params.id);
      return reply.header('Cache-Control', 'no-store').send(order);
    },
  );

  routes.get(
    '/api/orders/:id/pdf',
    { config: { access: 'approved' }, schema: { params: ownOrderParamsSchema } },
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

const adminOrderParamsSchema = z.object({ id: uuidSchema });

/** Admin order management (issue 6): list, detail, status transitions and CSV export. */
function registerAdminRoutes(app: FastifyInstance, deps: OrdersRoutesDeps): void {
  const service = createAdminOrdersService(deps.pool);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/admin/orders',
    { schema: { querystring: adminOrdersListQuerySchema, response: { 200: adminOrdersPageSchema } }, config: { access: 'admin' } },
    async (request, reply) => reply.header('Cache-Control', 'no-store').send(await service.list(request.query)),
  );

  routes.get(
    '/api/admin/orders/export.csv',
    { schema: { querystring: adminOrdersFilterSchema }, config: { access: 'admin' } },
    async (request, reply) => {
      const csv = await service.exportCsv(request.query);
      const today = new Date().toISOString().slice(0, 10);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="pedidos-${today}.csv"`)
        .header('Cache-Control', 'no-store')
        .send(csv);
    },
  );

  routes.get(
    '/api/admin/orders/:id',
    { schema: { params: adminOrderParamsSchema, response: { 200: orderSchema } }, config: { access: 'admin' } },
    async (request, reply) => reply.header('Cache-Control', 'no-store').send(await service.get(request.params.id)),
  );

  routes.post(
    '/api/admin/orders/:id/status',
    { schema: { params: adminOrderParamsSchema, body: changeOrderStatusSchema, response: { 200: orderSchema } }, config: { access: 'admin' } },
    async (request) => service.changeStatus(request.params.id, request.body.status, authOf(request).profile),
  );
}
