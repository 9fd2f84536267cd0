import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { messages } from '@mayorista/core';

/** 200 only when the database answers, so a load balancer takes a process out when its database is gone. */
export function registerHealthRoutes(app: FastifyInstance, pool: pg.Pool): void {
  app.get('/healthz', { logLevel: 'warn' }, async (_request, reply) => {
    try {
      await Promise.race([
        pool.query('select 1'),
        new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000)),
      ]);
      return reply.send({ status: 'ok' });
    } catch {
      return reply
        .status(503)
        .send({ status: 'unavailable', code: 'database_unavailable', message: messages.errors.databaseUnavailable });
    }
  });
}
