import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type pg from 'pg';
import { messages } from '@mayorista/core/messages';
import { uuidSchema } from '@mayorista/core/schemas/common';
import { placeOrderResultSchema } from '@mayorista/core/schemas/order';
import { formatReceiptNumber } from '@mayorista/core/receivables';
import { accountSummarySchema, openChargesSchema, paymentRequestSchema, paymentSchema } from '@mayorista/core/schemas/receivables';
import {
  collectionsQuerySchema,
  collectionsSchema,
  confirmCollectionsSchema,
  repAssignmentSchema,
  repCustomerSchema,
  repCustomersQuerySchema,
  repCustomersSchema,
  repOrderSchema,
  repOrdersSchema,
  repSummaryQuerySchema,
  repSummarySchema,
  zoneRepAssignedSchema,
  zoneRepAssignmentSchema,
} from '@mayorista/core/schemas/staff';
import { AppError } from '../lib/errors';
import { actorOf } from '../plugins/auth';
import { todayOf } from '../flows/post-payment';
import { createAccountReader } from '../flows/read-account';
import {
  assignCustomerRep,
  assignZoneRep,
  confirmRepCollection,
  confirmRepCollections,
  unconfirmRepCollection,
  repCustomerAccount,
  repCustomerPriceList,
  repOpenCharges,
  repPlaceOrder,
  repReceiptPdf,
  repRecordPayment,
  summaryRange,
} from '../flows/rep';
import { findRepCustomer, isSalesRep, listCollections, listRepCustomers, listRepOrders, repSummary } from '../modules/reps';
import { sendPdf } from './pdf-reply';
import { routesPlugin } from './plugin';

interface RepRoutesDeps {
  pool: pg.Pool;
  config: { whatsappPhone: string; catalogName: string };
  now?: () => Date;
  onEmailsQueued?: () => void;
}

const customerParams = z.object({ id: uuidSchema });
// Any string: a malformed payment id answers 404 like another customer's, as the office's receipt route does.
const documentParams = z.object({ id: z.string().max(100) });
// A malformed zone id answers 404 like an unknown one (as the zones' own routes do).
const zoneParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const paymentIdParams = z.object({ id: z.coerce.number().int().positive().max(2 ** 53) });
const rep = { access: 'staff', action: 'rep.customers' } as const;

/** The sales rep's API (docs/api.md "Sales reps"): their customers, orders for them, payments, their figures. */
export function registerRepRoutes(app: FastifyInstance, deps: RepRoutesDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const flowDeps = {
    pool: deps.pool,
    ...(deps.now ? { now: deps.now } : {}),
    ...(deps.onEmailsQueued ? { onEmailsQueued: deps.onEmailsQueued } : {}),
  };
  // The orders routes' placement (its pipelined connections, decision 023): one per app.
  const placement = app.orderPlacement;

  routes.get(
    '/api/rep/customers',
    { config: rep, schema: { querystring: repCustomersQuerySchema, response: { 200: repCustomersSchema } } },
    async (request, reply) => {
      const day = request.query.day ?? todayOf(deps);
      return reply.send({ day, items: await listRepCustomers(deps.pool, actorOf(request).id, day) });
    },
  );
  routes.get(
    '/api/rep/customers/:id',
    { config: rep, schema: { params: customerParams, response: { 200: repCustomerSchema } } },
    async (request, reply) => {
      const found = await findRepCustomer(deps.pool, actorOf(request).id, request.params.id, todayOf(deps));
      if (!found) throw new AppError('not_your_customer', messages.staff.notYourCustomer);
      return reply.send(found);
    },
  );
  registerCustomerReads(app, deps);
  routes.post(
    '/api/rep/customers/:id/orders',
    {
      config: rep,
      schema: {
        params: customerParams,
        body: repOrderSchema,
        response: { 200: placeOrderResultSchema, 201: placeOrderResultSchema },
      },
    },
    async (request, reply) => {
      const { created, ...result } = await repPlaceOrder(
        { pool: deps.pool, placement },
        actorOf(request),
        request.params.id,
        request.body,
      );
      return reply.status(created ? 201 : 200).send(result);
    },
  );
  routes.post(
    '/api/rep/customers/:id/payments',
    {
      config: rep,
      schema: { params: customerParams, body: paymentRequestSchema, response: { 200: paymentSchema, 201: paymentSchema } },
    },
    async (request, reply) => {
      const { payment, created } = await repRecordPayment(flowDeps, actorOf(request), request.params.id, request.body);
      return reply.status(created ? 201 : 200).send(payment);
    },
  );
  routes.get('/api/rep/orders', { config: rep, schema: { response: { 200: repOrdersSchema } } }, async (request, reply) =>
    reply.send({ items: await listRepOrders(deps.pool, actorOf(request).id) }),
  );
  // Always the caller's own figures: there is no way to name another rep.
  routes.get(
    '/api/rep/summary',
    { config: rep, schema: { querystring: repSummaryQuerySchema, response: { 200: repSummarySchema } } },
    async (request, reply) => {
      const { from, to } = summaryRange(deps, request.query);
      return reply.send(await repSummary(deps.pool, actorOf(request).id, from, to));
    },
  );
  registerOfficeRoutes(app, deps);
}

/**
 * What "Tomar pedido" and the rep's device read for one of their customers: the whole catalogue at
 * that customer's price list (the offline snapshot's body, ETag and compression, decision 043),
 * their account figures (balance, available credit, overdue) and open charges — 403 for a customer
 * not theirs — and the receipt of a payment of theirs.
 */
function registerCustomerReads(app: FastifyInstance, deps: RepRoutesDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const flowDeps = { pool: deps.pool, ...(deps.now ? { now: deps.now } : {}) };
  const reader = createAccountReader({ ...flowDeps, catalogName: deps.config.catalogName });
  routes.get('/api/rep/customers/:id/catalog', { config: rep, schema: { params: customerParams } }, async (request, reply) => {
    const priceListId = await repCustomerPriceList(flowDeps, actorOf(request).id, request.params.id);
    return app.catalogueSnapshot(request, reply, priceListId);
  });
  routes.get(
    '/api/rep/customers/:id/account',
    { config: rep, schema: { params: customerParams, response: { 200: accountSummarySchema } } },
    async (request, reply) => reply.send(await repCustomerAccount(flowDeps, reader, actorOf(request).id, request.params.id)),
  );
  // "Aplicar a" on the rep's payment dialog (decision 060).
  routes.get(
    '/api/rep/customers/:id/charges',
    { config: rep, schema: { params: customerParams, response: { 200: openChargesSchema } } },
    async (request, reply) => reply.send({ items: await repOpenCharges(flowDeps, actorOf(request).id, request.params.id) }),
  );
  // The receipt the office downloads, for a payment of one of the rep's customers (404 otherwise).
  routes.get('/api/rep/payments/:id/pdf', { config: rep, schema: { params: documentParams } }, async (request, reply) => {
    const { pdf, receiptNumber } = await repReceiptPdf(flowDeps, reader, actorOf(request).id, request.params.id);
    return sendPdf(reply, pdf, `recibo-${formatReceiptNumber(receiptNumber)}.pdf`);
  });
}

/** The office's side: assigning customers to reps, and the reps' collections of the day. */
function registerOfficeRoutes(app: FastifyInstance, deps: RepRoutesDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.patch(
    '/api/admin/users/:id/rep',
    { config: { access: 'staff', action: 'customers.manage' }, schema: { params: customerParams, body: repAssignmentSchema } },
    async (request, reply) => {
      await assignCustomerRep(deps.pool, actorOf(request), request.params.id, request.body.rep_id, request.body.visit_days);
      return reply.status(204).send();
    },
  );
  // A rep's period as the office sees it: sales, collections and the commission (decision 054).
  routes.get(
    '/api/admin/reps/:id/summary',
    { config: { access: 'staff', action: 'reports.read' }, schema: { params: customerParams, querystring: repSummaryQuerySchema, response: { 200: repSummarySchema } } },
    async (request, reply) => {
      if (!(await isSalesRep(deps.pool, request.params.id))) throw new AppError('not_found', messages.staff.notARep);
      const { from, to } = summaryRange(deps, request.query);
      return reply.send(await repSummary(deps.pool, request.params.id, from, to));
    },
  );
  // The office assigns a whole zone at once (one transaction, one audit row on the zone).
  routes.patch(
    '/api/admin/zones/:id/rep',
    { config: { access: 'staff', action: 'customers.manage' }, schema: { params: zoneParams, body: zoneRepAssignmentSchema, response: { 200: zoneRepAssignedSchema } } },
    async (request) => assignZoneRep(deps.pool, actorOf(request), request.params.id, request.body.rep_id),
  );
  routes.get(
    '/api/admin/collections',
    {
      config: { access: 'staff', action: 'payments.record' },
      schema: { querystring: collectionsQuerySchema, response: { 200: collectionsSchema } },
    },
    async (request, reply) => {
      const date = request.query.date ?? todayOf(deps);
      return reply.send({ date, items: await listCollections(deps.pool, date, request.query.rep_id ?? null) });
    },
  );
  routes.post(
    '/api/admin/collections/:id/confirm',
    {
      config: { access: 'staff', action: 'payments.record' },
      schema: { params: paymentIdParams },
    },
    async (request, reply) => {
      await confirmRepCollection(deps.pool, actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
  // "Deshacer": a receipt confirmed by mistake goes back to the ones to confirm.
  routes.delete(
    '/api/admin/collections/:id/confirm',
    { config: { access: 'staff', action: 'payments.record' }, schema: { params: paymentIdParams } },
    async (request, reply) => {
      await unconfirmRepCollection(deps.pool, actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
  // "Confirmar rendición" of a rep's day: the receipts ticked, in one request and one transaction.
  routes.post(
    '/api/admin/collections/confirm',
    { config: { access: 'staff', action: 'payments.record' }, schema: { body: confirmCollectionsSchema } },
    async (request, reply) => {
      await confirmRepCollections(deps.pool, actorOf(request), request.body.payment_ids);
      return reply.status(204).send();
    },
  );
}

export const repRoutes = routesPlugin('rep-routes', registerRepRoutes, {
  plugins: ['orders-routes', 'catalogue'],
  decorators: ['orderPlacement', 'catalogueSnapshot'],
});
