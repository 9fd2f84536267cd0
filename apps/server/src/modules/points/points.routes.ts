import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { profiles } from '../../db/schema';
import { authOf } from '../../plugins/auth';
import { notFound } from '../../plugins/error-handler';

/** GET /api/points: the signed-in customer's own balance (centavos), read fresh on every call. */
export function registerPointsRoutes(app: FastifyInstance, deps: { db: Database }): void {
  app.get('/api/points', { config: { access: 'approved' } }, async (request, reply) => {
    const [row] = await deps.db
      .select({ saldoPuntos: profiles.saldoPuntos })
      .from(profiles)
      .where(eq(profiles.id, authOf(request).userId));
    if (!row) throw notFound();
    return reply.header('Cache-Control', 'no-store').send({ saldo_puntos: row.saldoPuntos });
  });
}
