import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { dashboardQuerySchema, dashboardSchema, type Dashboard, type DashboardPeriod } from '@mayorista/core/schemas/order-life';
import { countByStatus, listEmails } from '../modules/outbox';
import { loadSettings } from '../modules/settings';
import { readDashboard } from '../modules/dashboard';
import { routesPlugin } from './plugin';

/** The whole dashboard: business figures, and the e-mails that could not be sent (the order-life work, decision 014). */
export async function loadDashboard(pool: pg.Pool, period: DashboardPeriod, now?: Date): Promise<Dashboard> {
  const settings = await loadSettings(pool);
  const [figures, counts, recentFailed] = await Promise.all([
    readDashboard(pool, period, settings.low_stock_threshold, now),
    countByStatus(pool),
    listEmails(pool, 'failed', 10),
  ]);
  return { ...figures, emails: { ...counts, recent_failed: recentFailed } };
}

export function registerDashboardRoutes(app: FastifyInstance, deps: { pool: pg.Pool }): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/dashboard',
    { config: { access: 'admin' }, schema: { querystring: dashboardQuerySchema, response: { 200: dashboardSchema } } },
    async (request, reply) => reply.header('Cache-Control', 'no-store').send(await loadDashboard(deps.pool, request.query.period)),
  );
}

/** registerDashboardRoutes as a plugin that declares what it needs (routes/plugin.ts). */
export const dashboardRoutes = routesPlugin('dashboard-routes', registerDashboardRoutes);
