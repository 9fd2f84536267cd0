import type { FastifyInstance } from 'fastify';

/**
 * Tokens, the signed-in user, profiles and everything under /api/admin are personal or
 * privileged: no browser cache, proxy or back-forward cache may keep a copy (issue 20 item 9).
 * By prefix, so a new route under these paths cannot forget it; a route that already chose a
 * policy keeps it.
 */
const NO_STORE_PREFIXES = ['/api/auth/', '/api/profiles/', '/api/admin/'];

export function registerNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const path = request.url.split('?', 1)[0]!;
    if (!reply.hasHeader('cache-control') && NO_STORE_PREFIXES.some((prefix) => path.startsWith(prefix))) {
      reply.header('Cache-Control', 'no-store');
    }
    return payload;
  });
}
