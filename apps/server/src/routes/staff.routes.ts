import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type pg from 'pg';
import { uuidSchema } from '@mayorista/core/schemas/common';
import {
  acceptInvitationSchema,
  commissionChangeSchema,
  auditPageSchema,
  auditQuerySchema,
  staffInvitationSchema,
  staffInvitationViewSchema,
  staffListSchema,
  staffRoleChangeSchema,
} from '@mayorista/core/schemas/staff';
import type { Config } from '../config';
import type { Mailer } from '../lib/mailer';
import { authOf } from '../plugins/auth';
import { acceptStaffInvitation, changeStaffRole, inviteStaff, removeStaff, setRepCommission } from '../flows/staff';
import { listAudit, type AuditActor } from '../modules/audit';
import { listStaff } from '../modules/staff';
import { routesPlugin } from './plugin';

/** Who is acting, for the audit log: the signed-in staff member and the request's address. */
export const auditActorOf = (request: FastifyRequest): AuditActor => ({ id: authOf(request).userId, ip: request.ip ?? null });

const staffParams = z.object({ id: uuidSchema });

interface StaffRoutesDeps {
  pool: pg.Pool;
  mailer: Mailer;
  config: Pick<Config, 'appUrl' | 'catalogName'>;
}

/** Staff, invitations and the activity log (docs/api.md "Staff"): the owner's screens. */
export function registerStaffRoutes(app: FastifyInstance, deps: StaffRoutesDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const owner = { access: 'staff', action: 'staff.manage' } as const;

  routes.get('/api/admin/staff', { config: owner, schema: { response: { 200: staffListSchema } } }, async (_request, reply) =>
    reply.send(await listStaff(deps.pool)),
  );
  routes.patch(
    '/api/admin/staff/:id',
    { config: owner, schema: { params: staffParams, body: staffRoleChangeSchema, response: { 200: staffListSchema } } },
    async (request) => {
      await changeStaffRole(deps.pool, auditActorOf(request), request.params.id, request.body.role);
      return listStaff(deps.pool);
    },
  );
  routes.delete('/api/admin/staff/:id', { config: owner, schema: { params: staffParams } }, async (request, reply) => {
    await removeStaff(deps.pool, auditActorOf(request), request.params.id);
    return reply.status(204).send();
  });
  routes.patch(
    '/api/admin/staff/:id/commission',
    { config: owner, schema: { params: staffParams, body: commissionChangeSchema, response: { 200: staffListSchema } } },
    async (request) => {
      await setRepCommission(deps.pool, auditActorOf(request), request.params.id, request.body.commission_bp);
      return listStaff(deps.pool);
    },
  );
  routes.post(
    '/api/admin/staff/invitations',
    { config: owner, schema: { body: staffInvitationSchema, response: { 201: staffInvitationViewSchema } } },
    async (request, reply) => reply.status(201).send(await inviteStaff(deps, auditActorOf(request), request.body)),
  );
  // The link from the invitation e-mail: the person sets their password, then signs in as anyone does.
  routes.post('/api/auth/staff-invitation', { config: { access: 'public' }, schema: { body: acceptInvitationSchema } }, async (request) =>
    acceptStaffInvitation(deps.pool, request.body, request.ip ?? null),
  );
  routes.get(
    '/api/admin/audit',
    { config: { access: 'staff', action: 'audit.read' }, schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema } } },
    async (request, reply) => reply.send(await listAudit(deps.pool, request.query)),
  );
}

export const staffRoutes = routesPlugin('staff-routes', registerStaffRoutes);
