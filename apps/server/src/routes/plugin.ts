import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** What a group of routes needs before it can register: other plugins by name, and decorators they add. */
export interface RoutesNeeds {
  /** Plugins (by their `name`) that must be registered first, e.g. 'catalogue' for the catalogue cache. */
  plugins?: string[];
  /** Instance decorators the routes read, e.g. 'catalogueCache', 'outbox'. */
  decorators?: string[];
}

/**
 * A group of routes as a Fastify plugin that says what it depends on (fastify-plugin's
 * `dependencies` and `decorators`): every group needs the auth plugin (each route declares its
 * access level, which auth enforces), and a group that reads the catalogue cache or the outbox
 * names them. Registered without them, the app fails at start-up, not at the first request that
 * reaches for the missing piece. Not encapsulated: the routes share the root's hooks and
 * decorators, as they did as plain functions.
 */
export function routesPlugin<Deps>(
  name: string,
  register: (app: FastifyInstance, deps: Deps) => void | Promise<void>,
  needs: RoutesNeeds = {},
) {
  return fp<Deps & Record<never, never>>(
    async (app, deps) => {
      await register(app, deps as Deps);
    },
    {
      name,
      fastify: '5.x',
      dependencies: ['auth', ...(needs.plugins ?? [])],
      decorators: { fastify: needs.decorators ?? [], request: ['auth'] },
    },
  );
}
