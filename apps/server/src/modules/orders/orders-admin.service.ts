import { messages, type AdminOrdersFilter, type AdminOrdersListQuery, type Order } from '@mayorista/core';
import type pg from 'pg';
import { AppError } from '../../lib/errors';
import { PICKING_STATUSES, type OrderEdits, type PickingSheetQuery } from '@mayorista/core/schemas/order-life';
import * as repository from './orders.repository';
import { toOrder } from './orders.repository';
import { ordersToCsv } from './orders.csv';
import { listOrderEdits } from './orders-edits.repository';

/** Hard ceiling for one export: keeps a single request from holding the whole table in memory. */
export const MAX_EXPORT_ROWS = 50_000;

export const orderNotFound = () => new AppError('order_not_found', messages.orders.notFound);

/** The admin side of reading orders: list, detail, edit history, picking sheet and CSV export (status changes and edits are flows). */
export function createAdminOrdersService(pool: pg.Pool) {
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

    async edits(orderId: string): Promise<OrderEdits> {
      if (!(await repository.findOrder(pool, orderId))) throw orderNotFound();
      const rows = await listOrderEdits(pool, orderId);
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
