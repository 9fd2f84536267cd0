import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderNumber } from '@mayorista/core/constants';
import { adminOrdersFilterSchema, adminOrdersListQuerySchema, changeOrderStatusSchema } from '@mayorista/core/schemas/admin-orders';
import { uuidSchema } from '@mayorista/core/schemas/common';
import { adminOrdersPageSchema, orderSchema, ownOrdersSchema, placeOrderResultSchema, placeOrderSchema } from '@mayorista/core/schemas/order';
import { messages } from '@mayorista/core/messages';
import {
  cancelOrderResultSchema,
  editOrderSchema,
  orderEditsSchema,
  pickingSheetQuerySchema,
} from '@mayorista/core/schemas/order-life';
import type pg from 'pg';
import { actorOf, authOf } from '../plugins/auth';
import { createAdminOrdersService, createOwnOrdersService, renderPickingSheetPdf } from '../modules/orders';
import type { InvoiceIssuer } from '../modules/invoicing';
import { createOrderPlacement, PLACEMENT_CONNECTIONS, type OrderPlacement } from '../flows/place-order';
import { cancelOwnOrder } from '../flows/cancel-order';
import { changeOrderStatus } from '../flows/change-order-status';
import { editOrder } from '../flows/edit-order';
import { orderDocumentPdf } from '../flows/order-document';
import { createPipelinedPool } from '../db/client';
import { sendPdf } from './pdf-reply';
import { routesPlugin } from './plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Places orders (flows/place-order.ts) on this app's pipelined connections; customers' and reps' routes share it. */
    orderPlacement: OrderPlacement;
  }
}

interface OrdersRoutesDeps {
  pool: pg.Pool;
  config: { whatsappPhone: string; catalogName: string; rateLimits: { ordersPerMinute: number } };
  /** Wakes this process's e-mail outbox worker after a commit that queued e-mails. */
  onEmailsQueued?: () => void;
  /** Electronic invoicing (decision 019): the no-op unless the app is given a real issuer. */
  invoiceIssuer?: InvoiceIssuer;
  /** The business's clock: the credit check's overdue days and the delivery's due date. */
  now?: () => Date;
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
  // Placing an order writes its statements in two round-trips on pipelined connections (decision 023).
  // Pipelined connections for placing orders, one transaction each (decisions 023, 036).
  const placementPool = createPipelinedPool(deps.pool, PLACEMENT_CONNECTIONS);
  app.addHook('onClose', () => placementPool.end());
  const placement = createOrderPlacement({
    pool: deps.pool,
    placementPool,
    whatsappPhone: deps.config.whatsappPhone,
    ...(deps.now ? { now: deps.now } : {}),
    ...(deps.onEmailsQueued ? { onEmailsQueued: deps.onEmailsQueued } : {}),
  });
  // The sales reps' "Tomar pedido" places through the same placement and its pipelined connections (rep.routes.ts).
  app.decorate('orderPlacement', placement);
  const service = createOwnOrdersService(deps.pool);
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
      const { created, ...result } = await placement.placeOrder(authOf(request).userId, request.body);
      return reply
        .status(created ? 201 : 200)
        .send(result);
    },
  );

  routes.get('/api/orders', { config: { access: 'approved' }, schema: { response: { 200: ownOrdersSchema } } }, async (request, reply) => {
    const items = await service.listOwnOrders(authOf(request).userId);
    return reply.send({ items });
  });

  routes.get(
    '/api/orders/:id',
    { config: { access: 'approved' }, schema: { params: ownOrderParamsSchema, response: { 200: orderSchema } } },
    async (request, reply) => {
      const order = await service.getOwnOrder(authOf(request).userId, request.params.id);
      return reply.send(order);
    },
  );

  routes.get(
    '/api/orders/:id/pdf',
    { config: { access: 'approved' }, schema: { params: ownOrderParamsSchema } },
    async (request, reply) => {
      const order = await service.getOwnOrder(authOf(request).userId, request.params.id);
      return sendPdf(reply, await orderDocumentPdf(deps.pool, order, deps.config.catalogName), `pedido-${orderNumber(order.id)}.pdf`);
    },
  );

  // The order-life work (decision 014): the customer's own order, while Pendiente (or Pendiente de Canje).
  routes.post(
    '/api/orders/:id/cancel',
    { config: { access: 'approved' }, schema: { params: ownOrderParamsSchema, response: { 200: cancelOrderResultSchema } } },
    async (request, reply) =>
      reply.send(await cancelOwnOrder(deps, authOf(request).userId, request.params.id)),
  );
}

const adminOrderParamsSchema = z.object({ id: uuidSchema });

/** Admin order management (the admin-orders work): list, detail, status transitions and CSV export. */
function registerAdminRoutes(app: FastifyInstance, deps: OrdersRoutesDeps): void {
  const service = createAdminOrdersService(deps.pool);
  const flowDeps = { ...deps, log: app.log };
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/admin/orders',
    { schema: { querystring: adminOrdersListQuerySchema, response: { 200: adminOrdersPageSchema } }, config: { access: 'staff', action: 'orders.read' } },
    async (request, reply) => reply.send(await service.list(request.query)),
  );

  routes.get(
    '/api/admin/orders/export.csv',
    { schema: { querystring: adminOrdersFilterSchema }, config: { access: 'staff', action: 'orders.read' } },
    async (request, reply) => {
      const csv = await service.exportCsv(request.query);
      const today = new Date().toISOString().slice(0, 10);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="pedidos-${today}.csv"`)
        .send(csv);
    },
  );

  routes.get(
    '/api/admin/orders/:id',
    { schema: { params: adminOrderParamsSchema, response: { 200: orderSchema } }, config: { access: 'staff', action: 'orders.read' } },
    async (request, reply) => reply.send(await service.get(request.params.id)),
  );

  routes.post(
    '/api/admin/orders/:id/status',
    { schema: { params: adminOrderParamsSchema, body: changeOrderStatusSchema, response: { 200: orderSchema } }, config: { access: 'staff', action: 'orders.manage' } },
    async (request) => changeOrderStatus(flowDeps, request.params.id, request.body.status, actorOf(request)),
  );

  // The warehouse's one step (decision 046): a confirmed order is prepared. The same status flow,
  // behind 'orders.prepare' instead of 'orders.manage'.
  routes.post(
    '/api/admin/orders/:id/prepared',
    { schema: { params: adminOrderParamsSchema, response: { 200: orderSchema } }, config: { access: 'staff', action: 'orders.prepare' } },
    async (request) => changeOrderStatus(flowDeps, request.params.id, 'Preparado', actorOf(request)),
  );

  // The order-life work (decision 014): edits, their history, and the admin's documents.
  routes.patch(
    '/api/admin/orders/:id',
    { schema: { params: adminOrderParamsSchema, body: editOrderSchema, response: { 200: orderSchema } }, config: { access: 'staff', action: 'orders.manage' } },
    async (request) => editOrder(deps, request.params.id, request.body, actorOf(request)),
  );

  routes.get(
    '/api/admin/orders/:id/edits',
    { schema: { params: adminOrderParamsSchema, response: { 200: orderEditsSchema } }, config: { access: 'staff', action: 'orders.read' } },
    async (request, reply) => reply.send(await service.edits(request.params.id)),
  );

  routes.get(
    '/api/admin/orders/:id/pdf',
    { schema: { params: adminOrderParamsSchema }, config: { access: 'staff', action: 'orders.read' } },
    async (request, reply) => {
      const order = await service.get(request.params.id);
      return sendPdf(reply, await orderDocumentPdf(deps.pool, order, deps.config.catalogName), `pedido-${orderNumber(order.id)}.pdf`);
    },
  );

  routes.get(
    '/api/admin/picking-sheet.pdf',
    { schema: { querystring: pickingSheetQuerySchema }, config: { access: 'staff', action: 'orders.prepare' } },
    async (request, reply) => {
      const orders = await service.pickingOrders(request.query);
      const { date, ids } = request.query;
      const picking = messages.orderLife.picking;
      const subtitle = date ? picking.subtitleDay(date.split('-').reverse().join('/')) : picking.subtitleSelected(ids?.length ?? 0);
      const pdf = await renderPickingSheetPdf(orders, subtitle, deps.config.catalogName);
      return sendPdf(reply, pdf, `hoja-de-preparacion-${date ?? new Date().toISOString().slice(0, 10)}.pdf`);
    },
  );
}

/** registerOrdersRoutes as a plugin that declares what it needs (routes/plugin.ts). */
export const ordersRoutes = routesPlugin('orders-routes', registerOrdersRoutes);
