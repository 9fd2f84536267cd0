import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type pg from 'pg';
import { OUTBOX_STATUSES, outboxEmailSchema } from '@mayorista/core/schemas/order-life';
import { listEmails } from '../modules/outbox';
import { retryEmail } from '../flows/retry-email';
import { actorOf } from '../plugins/auth';
import { routesPlugin } from './plugin';

/** The admin sees the e-mails that could not be sent and puts one back in the queue (the order-life work, decision 014). */
export function registerOutboxRoutes(app: FastifyInstance, deps: { pool: pg.Pool; onEmailsQueued?: () => void }): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/admin/emails',
    {
      config: { access: 'staff', action: 'settings.manage' },
      schema: {
        querystring: z.object({ status: z.enum(OUTBOX_STATUSES).default('failed') }),
        response: { 200: z.object({ items: z.array(outboxEmailSchema) }) },
      },
    },
    async (request, reply) => reply.send({ items: await listEmails(deps.pool, request.query.status, 100) }),
  );

  routes.post(
    '/api/admin/emails/:id/retry',
    { config: { access: 'staff', action: 'settings.manage' }, schema: { params: z.object({ id: z.coerce.number().int().positive().max(2 ** 53) }) } },
    async (request, reply) => {
      await retryEmail(deps.pool, actorOf(request), request.params.id);
      deps.onEmailsQueued?.();
      return reply.status(204).send();
    },
  );
}

/** registerOutboxRoutes as a plugin that declares what it needs (routes/plugin.ts). */
export const outboxRoutes = routesPlugin('outbox-routes', registerOutboxRoutes, { decorators: ['outbox'] });
