import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { dashboardQuerySchema, dashboardSchema } from '@mayorista/core/schemas/order-life';
import { loadDashboard } from '../flows/read-dashboard';
import { routesPlugin } from './plugin';

export function registerDashboardRoutes(app: FastifyInstance, deps: { pool: pg.Pool }): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/dashboard',
    { config: { access: 'staff', action: 'reports.read' }, schema: { querystring: dashboardQuerySchema, response: { 200: dashboardSchema } } },
    async (request, reply) => reply.send(await loadDashboard(deps.pool, request.query.period)),
  );
}

/** registerDashboardRoutes as a plugin that declares what it needs (routes/plugin.ts). */
export const dashboardRoutes = routesPlugin('dashboard-routes', registerDashboardRoutes);
