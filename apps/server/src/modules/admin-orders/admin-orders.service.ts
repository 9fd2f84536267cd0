import {
  canTransitionOrder,
  messages,
  transitionRefundsPoints,
  transitionRestocks,
  type AdminOrdersFilter,
  type AdminOrdersListQuery,
  type OrderStatus,
} from '@mayorista/core';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import * as repository from './admin-orders.repository';
import type { AdminOrder } from './admin-orders.repository';
import { ordersToCsv } from './admin-orders.csv';

/** Hard ceiling for one export: keeps a single request from holding the whole table in memory. */
export const MAX_EXPORT_ROWS = 50_000;

const orderNotFound = () => new AppError('order_not_found', messages.orders.notFound);

export function createAdminOrdersService(db: Database) {
  return {
    async list(query: AdminOrdersListQuery): Promise<{ items: AdminOrder[]; total: number }> {
      const { page, page_size, ...filter } = query;
      return repository.listOrders(db, filter, { limit: page_size, offset: (page - 1) * page_size });
    },

    async get(orderId: string): Promise<AdminOrder> {
      const order = await repository.findOrder(db, orderId);
      if (!order) throw orderNotFound();
      return order;
    },

    /**
     * One transaction with the order row locked: a second admin clicking at the same moment
     * waits, then sees the new status and gets a 409, so restock and refund happen exactly once.
     */
    async changeStatus(orderId: string, to: OrderStatus): Promise<AdminOrder> {
      return db.transaction(async (tx) => {
        const order = await repository.findOrderForUpdate(tx, orderId);
        if (!order) throw orderNotFound();
        if (!canTransitionOrder(order.status, to)) {
          throw new AppError('invalid_status_transition', messages.adminOrders.invalidTransition(order.status, to), {
            current_status: order.status,
          });
        }
        if (transitionRestocks(to)) await repository.restockItems(tx, order.items);
        if (transitionRefundsPoints(to) && order.canjeado_con_puntos) {
          await repository.refundPoints(tx, order.user_id, order.total);
        }
        return repository.updateOrderStatus(tx, orderId, to);
      });
    },

    async exportCsv(filter: AdminOrdersFilter): Promise<string> {
      return ordersToCsv(await repository.listAllOrders(db, filter, MAX_EXPORT_ROWS));
    },
  };
}

export type AdminOrdersService = ReturnType<typeof createAdminOrdersService>;
