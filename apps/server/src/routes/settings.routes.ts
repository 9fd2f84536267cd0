import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { publicSettingsSchema, settingsResponseSchema, settingsUpdateSchema } from '@mayorista/core/schemas/settings';
import { actorOf } from '../plugins/auth';
import { saveSettings } from '../flows/save-settings';
import { loadSettings, loadSettingsResponse } from '../modules/settings';
import { routesPlugin } from './plugin';

/** GET/PUT /api/admin/settings: the business settings (docs/api.md). */
export function registerSettingsRoutes(app: FastifyInstance, deps: { pool: pg.Pool }): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const response = { 200: settingsResponseSchema };

  routes.get('/api/admin/settings', { config: { access: 'staff', action: 'settings.manage' }, schema: { response } }, async (_request, reply) =>
    reply.send(await loadSettingsResponse(deps.pool)),
  );

  // The few settings anyone may read: how long approval usually takes, for the pending screen.
  routes.get('/api/settings/public', { config: { access: 'public' }, schema: { response: { 200: publicSettingsSchema } } }, async (_request, reply) => {
    const { approval_wait_hours } = await loadSettings(deps.pool);
    // no-store like every API answer (decision 031): the figure is tiny and read once per screen.
    return reply.send({ approval_wait_hours });
  });

  routes.put(
    '/api/admin/settings',
    { config: { access: 'staff', action: 'settings.manage' }, schema: { body: settingsUpdateSchema, response } },
    async (request, reply) =>
      reply.send(await saveSettings(deps.pool, actorOf(request), request.body)),
  );
}

/** registerSettingsRoutes as a plugin that declares what it needs (routes/plugin.ts). */
export const settingsRoutes = routesPlugin('settings-routes', registerSettingsRoutes);
