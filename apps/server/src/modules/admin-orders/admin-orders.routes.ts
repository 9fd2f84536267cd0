import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminOrdersFilterSchema, adminOrdersListQuerySchema, changeOrderStatusSchema, uuidSchema } from '@mayorista/core';
import type { Database } from '../../db/client';

import { createAdminOrdersService } from './admin-orders.service';

const orderParamsSchema = z.object({ id: uuidSchema });

/** Admin order management (issue 6): list, detail, status transitions and CSV export. */
export function registerAdminOrdersRoutes(app: FastifyInstance, deps: { db: Database }): void {
  const service = createAdminOrdersService(deps.db);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/admin/orders',
    { schema: { querystring: adminOrdersListQuerySchema }, config: { access: 'admin' } },
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
    { schema: { params: orderParamsSchema }, config: { access: 'admin' } },
    async (request, reply) => reply.header('Cache-Control', 'no-store').send(await service.get(request.params.id)),
  );

  routes.post(
    '/api/admin/orders/:id/status',
    { schema: { params: orderParamsSchema, body: changeOrderStatusSchema }, config: { access: 'admin' } },
    async (request) => service.changeStatus(request.params.id, request.body.status),
  );
}
