import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { authPlugin } from '../src/plugins/auth';
import { pricingRoutes } from '../src/routes/pricing.routes';
import { outboxRoutes } from '../src/routes/outbox.routes';
import { setupTestApp } from './helpers';

/**
 * Route groups are plugins that name what they need (routes/plugin.ts): registered without it,
 * the app refuses to start instead of failing at the first request that reaches for it.
 */
const ctx = await setupTestApp();
const deps = { pool: ctx.pool, jwtSecret: new Uint8Array(32), config: ctx.config };

describe('route plugins declare what they depend on', () => {
  it('the pricing routes without the catalogue (its cache) fail at start-up', async () => {
    const app = Fastify({ logger: false });
    await app.register(authPlugin, deps);
    await expect(app.register(pricingRoutes, deps)).rejects.toThrow(/catalogue|catalogueCache/);
    await app.close().catch(() => undefined);
  });

  it('any route group without the auth plugin fails at start-up', async () => {
    const app = Fastify({ logger: false });
    app.decorate('outbox', ctx.app.outbox);
    await expect(app.register(outboxRoutes, deps)).rejects.toThrow(/auth/);
    await app.close().catch(() => undefined);
  });

  it('the whole app starts with every dependency in place', async () => {
    expect(ctx.app.hasPlugin('auth')).toBe(true);
    expect(ctx.app.hasPlugin('catalogue')).toBe(true);
    expect(ctx.app.hasPlugin('pricing-routes')).toBe(true);
  });
});
