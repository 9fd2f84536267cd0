import type { FastifyInstance } from 'fastify';

/**
 * Every API answer is `no-store` unless its route chose a policy itself: tokens, the signed-in
 * user (DNI, CUIT, address, WhatsApp), orders, carts, points and everything under /api/admin are
 * personal or privileged, and no browser cache, proxy or back-forward cache may keep a copy. By
 * default rather than by a list of paths, so a new route cannot forget it (decision 031). The
 * catalogue chooses `private, no-cache` with an ETag: the browser may revalidate, never a proxy.
 * route-permissions.ts says which routes may choose another policy; the permission matrix checks
 * every answer of every route against it.
 */
export function registerNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!reply.hasHeader('cache-control') && request.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
