import {
  canTransitionOrder,
  mayActOnAccount,
  messages,
  transitionRefundsPoints,
  transitionRestocks,
  type AdminOrdersFilter,
  type AdminOrdersListQuery,
  type Order,
  type OrderStatus,
  type Profile,
} from '@mayorista/core';
import type pg from 'pg';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../lib/errors';
import { creditPoints } from '../points/points.ledger';
import { returnStock } from '../stock/stock.ledger';
import { PICKING_STATUSES, type EditOrderCommand, type OrderEdits, type PickingSheetQuery } from '@mayorista/core/schemas/order-life';
import * as repository from './orders.repository';
import { toOrder } from './orders.repository';
import { ordersToCsv } from './orders.csv';
import { applyOrderEdit } from './orders-edit';
import { queueOrderEmails } from './orders.emails';
import type { FastifyBaseLogger } from 'fastify';
import { invoiceRequestOf, noInvoiceIssuer, type InvoiceIssuer } from '../invoicing/invoice-issuer';

/** Hard ceiling for one export: keeps a single request from holding the whole table in memory. */
export const MAX_EXPORT_ROWS = 50_000;

/** The admin acting, as the auth guard resolved it. */
type Actor = Pick<Profile, 'id' | 'is_super_admin'>;

const orderNotFound = () => new AppError('order_not_found', messages.orders.notFound);

/** The admin side of orders (issues 6 and 19): list, detail, status, edits, documents and CSV export. */
export function createAdminOrdersService(
  pool: pg.Pool,
  onEmailsQueued: () => void = () => undefined,
  invoiceIssuer: InvoiceIssuer = noInvoiceIssuer,
  log: Pick<FastifyBaseLogger, 'error'> = console,
) {
  /**
   * Decision 019: the invoice is issued when the business confirms the order (the sale is then
   * agreed; Pendiente orders may still be cancelled), after the commit, never inside the
   * transaction — a web-service call must not hold the order's locks. The no-op issues nothing. A
   * real ARCA issuer needs retries and gapless numbering per punto de venta, so it belongs on the
   * outbox worker (a job queued in the status change's transaction); this call is where it plugs in.
   */
  async function issueInvoice(order: Order): Promise<void> {
    const request = invoiceRequestOf(order);
    if (!request) return;
    try {
      await invoiceIssuer.issue(request);
    } catch (error) {
      // The status change is committed; a failed invoice must not turn it into an error.
      log.error({ err: error, orderId: order.id }, 'invoice issue failed');
    }
  }


  return {
    async list(query: AdminOrdersListQuery): Promise<{ items: Order[]; total: number }> {
      const { page, page_size, ...filter } = query;
      const { items, total } = await repository.listOrders(pool, filter, { limit: page_size, offset: (page - 1) * page_size });
      return { items: items.map(toOrder), total };
    },

    async get(orderId: string): Promise<Order> {
      const order = await repository.findOrder(pool, orderId);
      if (!order) throw orderNotFound();
      return toOrder(order);
    },

    /**
     * One transaction with the order row locked: a second admin clicking at the same moment
     * waits, then sees the new status and gets a 409, so restock and refund happen exactly once.
     * Stock goes back and points are refunded through their ledgers, in this transaction.
     */
    async changeStatus(orderId: string, to: OrderStatus, actor: Actor): Promise<Order> {
      const actorId = actor.id;
      const changed = await inTransaction(pool, async (tx) => {
        const order = await repository.findOrderForUpdate(tx, orderId);
        if (!order) throw orderNotFound();
        // Separation of duties (issue 20 item 6): a plain admin never moves their own order.
        if (!mayActOnAccount(actor, order.userId)) throw new AppError('own_account_forbidden', messages.security.ownOrder);
        const from = order.status as OrderStatus;
        if (!canTransitionOrder(from, to)) {
          throw new AppError('invalid_status_transition', messages.adminOrders.invalidTransition(from, to), { current_status: from });
        }
        const context = { orderId, actorId };
        // The lock order of decision 021: the customer's profile (points) before the products
        // (stock, in id order), as placing, editing and cancelling an order take them.
        if (transitionRefundsPoints(to) && order.canjeadoConPuntos) {
          await creditPoints(tx, order.userId, order.total, { ...context, kind: 'order_refund' });
        }
        if (transitionRestocks(to)) {
          const lines = order.items.map((item) => ({ productId: item.product_id, quantity: item.quantity }));
          await returnStock(tx, lines, { ...context, kind: 'order_cancel_restock' });
        }
        const updated = await repository.updateOrderStatus(tx, orderId, to);
        await queueOrderEmails(tx, { id: orderId, customerEmail: order.userInfo.email }, { kind: 'status_changed', status: to });
        return toOrder(updated);
      });
      onEmailsQueued();
      if (to === 'Confirmado') await issueInvoice(changed);
      return changed;
    },

    /** PATCH /api/admin/orders/:id (issue 19 §3); see applyOrderEdit. */
    async edit(orderId: string, command: EditOrderCommand, actor: Actor): Promise<Order> {
      const row = await inTransaction(pool, (tx) => applyOrderEdit(tx, orderId, command, actor));
      onEmailsQueued();
      return toOrder(row);
    },

    async edits(orderId: string): Promise<OrderEdits> {
      if (!(await repository.findOrder(pool, orderId))) throw orderNotFound();
      const rows = await repository.listOrderEdits(pool, orderId);
      return { items: rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() })) };
    },

    /** The orders of a picking sheet: the chosen ones (all must exist), or a day's orders still to prepare. */
    async pickingOrders(query: PickingSheetQuery): Promise<Order[]> {
      if (query.ids) {
        const rows = await repository.findOrdersByIds(pool, query.ids);
        if (rows.length !== query.ids.length) throw new AppError('order_not_found', messages.orderLife.picking.notFound);
        return rows.map(toOrder);
      }
      return (await repository.findOrdersToPrepareOn(pool, query.date!, PICKING_STATUSES)).map(toOrder);
    },

    async exportCsv(filter: AdminOrdersFilter): Promise<string> {
      return ordersToCsv((await repository.listAllOrders(pool, filter, MAX_EXPORT_ROWS)).map(toOrder));
    },
  };
}

export type AdminOrdersService = ReturnType<typeof createAdminOrdersService>;
