import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { businessDay } from '@mayorista/core/receivables';
import { uuidSchema } from '@mayorista/core/schemas/common';
import { calendarDateSchema } from '@mayorista/core/schemas/receivables';
import { orderSchema } from '@mayorista/core/schemas/order';
import {
  deliveredSchema,
  deliveryDaySchema,
  deliveryDoneStopSchema,
  deliveryStopSchema,
  notDeliveredSchema,
  holidaysPutSchema,
  moveDeliverySchema,
  myDeliverySchema,
  stopsOrderSchema,
  customerZoneSchema,
  userZoneSchema,
  zonesAnswerSchema,
  zoneCreateSchema,
  zoneSchema,
  zoneUpdateSchema,
} from '@mayorista/core/schemas/deliveries';
import { messages } from '@mayorista/core/messages';
import type pg from 'pg';
import { actorOf, authOf } from '../plugins/auth';
import { moveDeliveryDate, reorderDeliveryStops } from '../flows/move-delivery';
import { markDelivered, markNotDelivered } from '../flows/driver-delivery';
import { readDeliveryDay, readDriverStops, readMyDelivery, renderDeliverySheet } from '../flows/read-deliveries';
import { createZoneAudited, deleteZoneAudited, replaceHolidaysAudited, setCustomerZoneAudited, updateZoneAudited } from '../flows/plan-zones';
import { listCustomersWithoutZone, listDrivers, listHolidays, listZones, readCustomerZone } from '../modules/deliveries';
import { routesPlugin } from './plugin';

interface DeliveriesRoutesDeps {
  pool: pg.Pool;
  config: { catalogName: string };
  onEmailsQueued?: () => void;
  /** The business's clock; tests inject one to move "now". */
  now?: () => Date;
}

// A malformed zone id answers 404 like an unknown one.
const zoneParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const userParams = z.object({ id: uuidSchema });
const dayQuery = z.strictObject({ date: calendarDateSchema.optional() });
const dayZoneParams = z.object({
  date: calendarDateSchema,
  zone_id: z.coerce.number({ message: messages.deliveries.zoneNotFound }).int().positive().max(2_147_483_647),
});
const holidaysSchema = z.object({ holidays: z.array(z.object({ date: z.string(), name: z.string().nullable() })) });

/** Repartos (decision 049): zones and feriados, the customer's next delivery, the day's planning. */
export function registerDeliveriesRoutes(app: FastifyInstance, deps: DeliveriesRoutesDeps): void {
  const { pool } = deps;
  const now = deps.now ?? (() => new Date());
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Zones, feriados and the day's routes are the planner's work (decision 046's matrix: owner and administración).
  const admin = { access: 'staff' as const, action: 'deliveries.plan' as const };

  routes.get(
    '/api/me/delivery',
    { config: { access: 'approved' }, schema: { response: { 200: myDeliverySchema } } },
    async (request, reply) => reply.send(await readMyDelivery(pool, authOf(request).userId, now())),
  );

  routes.get(
    '/api/admin/zones',
    { config: admin, schema: { response: { 200: zonesAnswerSchema } } },
    async (_request, reply) => {
      const [items, withoutZone, drivers] = await Promise.all([listZones(pool), listCustomersWithoutZone(pool), listDrivers(pool)]);
      return reply.send({ items, customers_without_zone: withoutZone, drivers });
    },
  );
  routes.post(
    '/api/admin/zones',
    { config: admin, schema: { body: zoneCreateSchema, response: { 201: zoneSchema } } },
    async (request, reply) => reply.code(201).send(await createZoneAudited(pool, actorOf(request), request.body)),
  );
  routes.patch(
    '/api/admin/zones/:id',
    { config: admin, schema: { params: zoneParams, body: zoneUpdateSchema, response: { 200: zoneSchema } } },
    async (request, reply) => reply.send(await updateZoneAudited(pool, actorOf(request), request.params.id, request.body)),
  );
  routes.delete('/api/admin/zones/:id', { config: admin, schema: { params: zoneParams } }, async (request, reply) => {
    await deleteZoneAudited(pool, actorOf(request), request.params.id);
    return reply.code(204).send();
  });
  routes.patch(
    '/api/admin/users/:id/zone',
    { config: admin, schema: { params: userParams, body: userZoneSchema } },
    async (request, reply) => {
      await setCustomerZoneAudited(pool, actorOf(request), request.params.id, request.body.zone_id, request.body.stop_position);
      return reply.code(204).send();
    },
  );
  routes.get(
    '/api/admin/users/:id/zone',
    { config: admin, schema: { params: userParams, response: { 200: customerZoneSchema } } },
    async (request, reply) => reply.send(await readCustomerZone(pool, request.params.id)),
  );
  routes.get('/api/admin/holidays', { config: admin, schema: { response: { 200: holidaysSchema } } }, async (_request, reply) =>
    reply.send({ holidays: await listHolidays(pool) }),
  );
  routes.put(
    '/api/admin/holidays',
    { config: admin, schema: { body: holidaysPutSchema, response: { 200: holidaysSchema } } },
    async (request, reply) => reply.send({ holidays: await replaceHolidaysAudited(pool, actorOf(request), request.body) }),
  );

  routes.get(
    '/api/admin/deliveries',
    { config: admin, schema: { querystring: dayQuery, response: { 200: deliveryDaySchema } } },
    async (request, reply) => {
      const at = now();
      return reply.send(await readDeliveryDay(pool, request.query.date ?? businessDay(at), at));
    },
  );
  routes.patch(
    '/api/admin/orders/:id/delivery-date',
    { config: admin, schema: { params: userParams, body: moveDeliverySchema, response: { 200: orderSchema } } },
    async (request, reply) => reply.send(await moveDeliveryDate(deps, actorOf(request), request.params.id, request.body.date, now())),
  );
  routes.put(
    '/api/admin/deliveries/:date/:zone_id/stops',
    { config: admin, schema: { params: dayZoneParams, body: stopsOrderSchema } },
    async (request, reply) => {
      await reorderDeliveryStops(pool, actorOf(request), request.params.date, request.params.zone_id, request.body.order_ids);
      return reply.code(204).send();
    },
  );
  registerSheetRoutes(app, deps);
  registerDriverRoutes(app, deps);
}

const SHEET_TYPES = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** Hoja de ruta (the planner's) and Hoja de carga (the warehouse's too), each as PDF and XLSX. */
function registerSheetRoutes(app: FastifyInstance, deps: DeliveriesRoutesDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const now = deps.now ?? (() => new Date());
  for (const kind of ['route', 'load'] as const) {
    const action = kind === 'route' ? ('deliveries.plan' as const) : ('orders.prepare' as const);
    for (const format of ['pdf', 'xlsx'] as const) {
      routes.get(
        `/api/admin/deliveries/:date/:zone_id/${kind}.${format}`,
        { config: { access: 'staff', action }, schema: { params: dayZoneParams } },
        async (request, reply) => {
          const { date, zone_id: zoneId } = request.params;
          const file = await renderDeliverySheet(deps.pool, {
            kind,
            format,
            date,
            zoneId,
            today: businessDay(now()),
            catalogName: deps.config.catalogName,
          });
          const name = `${kind === 'route' ? 'hoja-de-ruta' : 'hoja-de-carga'}-${zoneId}-${date}.${format}`;
          return reply
            .header('Content-Type', SHEET_TYPES[format])
            .header('Content-Disposition', `attachment; filename="${name}"`)
            .header('Cache-Control', 'private, no-store')
            .send(file);
        },
      );
    }
  }
}

const driverOrderParams = z.object({ id: uuidSchema });
const driverStopsSchema = z.object({
  date: z.string(),
  stops: z.array(deliveryStopSchema.extend({ zone_name: z.string() })),
  done: z.array(deliveryDoneStopSchema.extend({ zone_name: z.string() })),
});

/** The driver's phone (decision 051): today's stops of their zones, and what happened at each door. */
function registerDriverRoutes(app: FastifyInstance, deps: DeliveriesRoutesDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const now = deps.now ?? (() => new Date());
  const drive = { access: 'staff' as const, action: 'deliveries.drive' as const };
  const flowDeps = { pool: deps.pool, now, ...(deps.onEmailsQueued ? { onEmailsQueued: deps.onEmailsQueued } : {}) };
  const driver = (request: Parameters<typeof authOf>[0]) => ({ id: authOf(request).userId, role: authOf(request).role, ip: request.ip ?? null });

  routes.get(
    '/api/driver/stops',
    { config: drive, schema: { querystring: dayQuery, response: { 200: driverStopsSchema } } },
    async (request, reply) => {
      const at = now();
      const date = request.query.date ?? businessDay(at);
      return reply.send({ date, ...(await readDriverStops(deps.pool, driver(request), date, businessDay(at))) });
    },
  );
  routes.post(
    '/api/driver/orders/:id/delivered',
    { config: drive, schema: { params: driverOrderParams, body: deliveredSchema } },
    async (request, reply) => {
      const answer = await markDelivered(flowDeps, driver(request), request.params.id, request.body);
      return reply.code(answer.created ? 201 : 200).send(answer);
    },
  );
  routes.post(
    '/api/driver/orders/:id/not-delivered',
    { config: drive, schema: { params: driverOrderParams, body: notDeliveredSchema } },
    async (request, reply) => reply.send(await markNotDelivered(flowDeps, driver(request), request.params.id, request.body)),
  );
}

/** registerDeliveriesRoutes as a plugin that declares what it needs (routes/plugin.ts). */
export const deliveriesRoutes = routesPlugin('deliveries-routes', registerDeliveriesRoutes);
