import type { FastifyInstance } from 'fastify';
import { pointsBalanceSchema } from '@mayorista/core/schemas/points';
import type pg from 'pg';
import { authOf } from '../plugins/auth';
import { notFound } from '../plugins/error-handler';
import { findPointsBalance } from '../modules/points';
import { routesPlugin } from './plugin';

/** GET /api/points: the signed-in customer's own balance (centavos), read fresh on every call. */
export function registerPointsRoutes(app: FastifyInstance, deps: { pool: pg.Pool }): void {
  app.get('/api/points', { config: { access: 'approved' }, schema: { response: { 200: pointsBalanceSchema } } }, async (request, reply) => {
    const balance = await findPointsBalance(deps.pool, authOf(request).userId);
    if (balance === null) throw notFound();
    return reply.send({ saldo_puntos: balance });
  });
}

/** registerPointsRoutes as a plugin that declares what it needs (routes/plugin.ts). */
export const pointsRoutes = routesPlugin('points-routes', registerPointsRoutes);
