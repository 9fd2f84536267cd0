import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uuidSchema } from '@mayorista/core/schemas/common';
import { orderSchema } from '@mayorista/core/schemas/order';
import { formatReceiptNumber } from '@mayorista/core/receivables';
import {
  accountMovementsPageSchema,
  accountMovementsQuerySchema,
  accountPostingSchema,
  accountSummarySchema,
  adjustmentRequestSchema,
  creditDecisionSchema,
  creditNoteRequestSchema,
  creditSettingsSchema,
  openChargesSchema,
  paymentRequestSchema,
  paymentSchema,
  receivablesPageSchema,
  receivablesQuerySchema,
  releaseCreditSchema,
  reversePaymentSchema,
  statementQuerySchema,
} from '@mayorista/core/schemas/receivables';
import type pg from 'pg';
import { actorOf, authOf } from '../plugins/auth';
import { adjustAccount } from '../flows/account-adjustment';
import { creditNoteFlow } from '../flows/credit-note';
import { decideCreditHold } from '../flows/credit-hold';
import { setCustomerCredit } from '../flows/customer-credit';
import { postPayment } from '../flows/post-payment';
import { createAccountReader } from '../flows/read-account';
import { reversePaymentFlow } from '../flows/reverse-payment';
import { sendPdf } from './pdf-reply';
import { routesPlugin } from './plugin';

interface ReceivablesRoutesDeps {
  pool: pg.Pool;
  config: { catalogName: string };
  onEmailsQueued?: () => void;
  /** The business's clock; tests inject one to move "today". */
  now?: () => Date;
}

// Any string: a malformed receipt or payment id answers 404 like another customer's, never 400 or 500.
const documentParams = z.object({ id: z.string().max(100) });
const userParams = z.object({ id: uuidSchema });

/** The cuenta corriente (decisions 037–039): the customer's own account and the staff's. */
export function registerReceivablesRoutes(app: FastifyInstance, deps: ReceivablesRoutesDeps): void {
  const flowDeps = {
    pool: deps.pool,
    ...(deps.onEmailsQueued ? { onEmailsQueued: deps.onEmailsQueued } : {}),
    ...(deps.now ? { now: deps.now } : {}),
  };
  const reader = createAccountReader({ ...flowDeps, catalogName: deps.config.catalogName });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const me = (request: Parameters<typeof authOf>[0]) => authOf(request).userId;

  routes.get(
    '/api/me/account',
    { config: { access: 'approved' }, schema: { response: { 200: accountSummarySchema } } },
    async (request, reply) => reply.send(await reader.summary(me(request))),
  );
  routes.get(
    '/api/me/account/movements',
    {
      config: { access: 'approved' },
      schema: { querystring: accountMovementsQuerySchema, response: { 200: accountMovementsPageSchema } },
    },
    async (request, reply) => reply.send(await reader.movements(me(request), request.query)),
  );
  routes.get(
    '/api/me/account/statement.pdf',
    { config: { access: 'approved' }, schema: { querystring: statementQuerySchema } },
    async (request, reply) => {
      const { pdf, from, to } = await reader.statementPdf(me(request), request.query);
      return sendPdf(reply, pdf, `resumen-de-cuenta-${from}-${to}.pdf`);
    },
  );
  routes.get(
    '/api/me/receipts/:id/pdf',
    { config: { access: 'approved' }, schema: { params: documentParams } },
    async (request, reply) => {
      const { pdf, receiptNumber } = await reader.receiptPdf(request.params.id, me(request));
      return sendPdf(reply, pdf, `recibo-${formatReceiptNumber(receiptNumber)}.pdf`);
    },
  );

  registerAdminReadRoutes(app, reader);
  registerAdminWriteRoutes(app, flowDeps);
}

function registerAdminReadRoutes(app: FastifyInstance, reader: ReturnType<typeof createAccountReader>): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/api/admin/receivables',
    {
      config: { access: 'staff', action: 'customers.read' },
      schema: { querystring: receivablesQuerySchema, response: { 200: receivablesPageSchema } },
    },
    async (request, reply) => reply.send(await reader.aging(request.query)),
  );
  for (const format of ['xlsx', 'csv'] as const) {
    routes.get(
      `/api/admin/receivables.${format}`,
      { config: { access: 'staff', action: 'customers.read' }, schema: { querystring: receivablesQuerySchema } },
      async (request, reply) =>
        reply
          .header(
            'Content-Type',
            format === 'xlsx' ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv; charset=utf-8',
          )
          .header('Content-Disposition', `attachment; filename="cuentas-corrientes-${reader.today()}.${format}"`)
          .send(await reader.agingExport(request.query, format)),
    );
  }
  routes.get(
    '/api/admin/users/:id/account',
    {
      config: { access: 'staff', action: 'customers.read' },
      schema: { params: userParams, response: { 200: accountSummarySchema } },
    },
    async (request, reply) => reply.send(await reader.summary(request.params.id)),
  );
  routes.get(
    '/api/admin/users/:id/account/movements',
    {
      config: { access: 'staff', action: 'customers.read' },
      schema: { params: userParams, querystring: accountMovementsQuerySchema, response: { 200: accountMovementsPageSchema } },
    },
    async (request, reply) => reply.send(await reader.movements(request.params.id, request.query)),
  );
  // "Aplicar a" on the office's payment dialog: the same open charges as the rep's, for whoever may record the payment.
  routes.get(
    '/api/admin/users/:id/account/charges',
    {
      config: { access: 'staff', action: 'payments.record' },
      schema: { params: userParams, response: { 200: openChargesSchema } },
    },
    async (request, reply) => reply.send({ items: await reader.openCharges(request.params.id) }),
  );
  routes.get(
    '/api/admin/users/:id/account/statement.pdf',
    { config: { access: 'staff', action: 'customers.read' }, schema: { params: userParams, querystring: statementQuerySchema } },
    async (request, reply) => {
      const { pdf, from, to } = await reader.statementPdf(request.params.id, request.query);
      return sendPdf(reply, pdf, `resumen-de-cuenta-${from}-${to}.pdf`);
    },
  );
  routes.get(
    '/api/admin/payments/:id/pdf',
    { config: { access: 'staff', action: 'customers.read' }, schema: { params: documentParams } },
    async (request, reply) => {
      const { pdf, receiptNumber } = await reader.receiptPdf(request.params.id, null);
      return sendPdf(reply, pdf, `recibo-${formatReceiptNumber(receiptNumber)}.pdf`);
    },
  );
}

function registerAdminWriteRoutes(app: FastifyInstance, deps: Parameters<typeof postPayment>[0]): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const actor = actorOf;

  routes.post(
    '/api/admin/users/:id/payments',
    {
      config: { access: 'staff', action: 'payments.record' },
      schema: { params: userParams, body: paymentRequestSchema, response: { 200: paymentSchema, 201: paymentSchema } },
    },
    async (request, reply) => {
      const { payment, created } = await postPayment(deps, actor(request), request.params.id, request.body);
      return reply.status(created ? 201 : 200).send(payment);
    },
  );
  routes.post(
    '/api/admin/users/:id/credit-notes',
    {
      config: { access: 'staff', action: 'payments.record' },
      schema: { params: userParams, body: creditNoteRequestSchema, response: { 201: accountPostingSchema } },
    },
    async (request, reply) => reply.status(201).send(await creditNoteFlow(deps, actor(request), request.params.id, request.body)),
  );
  routes.post(
    '/api/admin/users/:id/adjustments',
    {
      config: { access: 'staff', action: 'payments.record' },
      schema: { params: userParams, body: adjustmentRequestSchema, response: { 201: accountPostingSchema } },
    },
    async (request, reply) => reply.status(201).send(await adjustAccount(deps, actor(request), request.params.id, request.body)),
  );
  routes.post(
    '/api/admin/payments/:id/reverse',
    {
      config: { access: 'staff', action: 'payments.record' },
      schema: { params: documentParams, body: reversePaymentSchema, response: { 201: accountPostingSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await reversePaymentFlow(deps, actor(request), request.params.id, request.body.reason)),
  );
  routes.patch(
    '/api/admin/users/:id/credit',
    {
      config: { access: 'staff', action: 'customers.manage' },
      schema: { params: userParams, body: creditSettingsSchema, response: { 200: accountSummarySchema } },
    },
    async (request, reply) => reply.send(await setCustomerCredit(deps, actor(request), request.params.id, request.body)),
  );
  routes.post(
    '/api/admin/orders/:id/release',
    {
      config: { access: 'staff', action: 'orders.manage' },
      schema: { params: userParams, body: releaseCreditSchema, response: { 200: orderSchema } },
    },
    async (request, reply) =>
      reply.send(
        await decideCreditHold(deps, actor(request), request.params.id, {
          state: 'released',
          reason: request.body?.reason ?? null,
        }),
      ),
  );
  routes.post(
    '/api/admin/orders/:id/reject-credit',
    {
      config: { access: 'staff', action: 'orders.manage' },
      schema: { params: userParams, body: creditDecisionSchema, response: { 200: orderSchema } },
    },
    async (request, reply) =>
      reply.send(
        await decideCreditHold(deps, actor(request), request.params.id, { state: 'rejected', reason: request.body.reason }),
      ),
  );
}

/** registerReceivablesRoutes as a plugin that declares what it needs (routes/plugin.ts). */
export const receivablesRoutes = routesPlugin('receivables-routes', registerReceivablesRoutes);
