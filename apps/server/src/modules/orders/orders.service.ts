import type { Order } from '@mayorista/core/schemas/order';
import { buildOrderMessage } from '@mayorista/core/order-message';
import { ivaSummaryRows } from '@mayorista/core/iva';
import { looksLikeUuid } from '@mayorista/core/schemas/common';
import { messages } from '@mayorista/core/messages';
import type pg from 'pg';
import type { Queryable } from '../../db/transaction';
import { AppError } from '../../lib/errors';
import { notFound } from '../../plugins/error-handler';
import { currentStock, findOwnOrder, listOwnOrders, toOrder, type OrderRow } from './orders.repository';

export function whatsappUrl(phone: string, order: Order): string {
  const text = buildOrderMessage({
    orderId: order.id,
    customer: order.user_info,
    items: order.items.map((item) => ({ name: item.name, quantity: item.quantity, total: item.total })),
    observaciones: order.observaciones,
    canjeadoConPuntos: order.canjeado_con_puntos,
    totalSavings: order.total_savings,
    total: order.total,
    // The message goes to the business, which reads the breakdown itemised (like the admin view).
    ivaRows: order.iva ? ivaSummaryRows(order.iva, true) : [],
    deliveryDate: order.delivery_date ?? null,
  });
  return `https://wa.me/${phone}?text=${encodeURIComponent(text)}`;
}

export const productUnavailable = (product: { id: string; name: string }) =>
  new AppError('product_unavailable', messages.orders.productUnavailable(product.name), { product_id: product.id });

/** Why takeStock refused lines, for the first of them: gone, disabled, or not enough units. */
export async function refusedStockError(tx: Queryable, refused: string[]): Promise<AppError> {
  const now = await currentStock(tx, refused);
  const first = now.find((p) => p.id === refused[0]) ?? now[0];
  if (!first) return new AppError('product_unavailable', messages.orders.productMissing, { product_id: refused[0] });
  if (!first.is_enabled) return productUnavailable(first);
  return new AppError('insufficient_stock', messages.orders.insufficientStock(first.name, first.stock), {
    product_id: first.id,
    available: first.stock,
  });
}

/** The customer's side of reading orders: their list and one of their own orders. */
export function createOwnOrdersService(pool: pg.Pool) {
  async function getOwnOrderRow(userId: string, orderId: string): Promise<OrderRow> {
    // A malformed id cannot belong to anyone; answering 404 avoids a database cast error.
    const row = looksLikeUuid(orderId) ? await findOwnOrder(pool, userId, orderId) : null;
    if (!row) throw notFound(messages.orders.notFound);
    return row;
  }

  return {
    getOwnOrderRow,
    async listOwnOrders(userId: string): Promise<Order[]> {
      return (await listOwnOrders(pool, userId)).map(toOrder);
    },
    async getOwnOrder(userId: string, orderId: string): Promise<Order> {
      return toOrder(await getOwnOrderRow(userId, orderId));
    },
  };
}

export type OwnOrdersService = ReturnType<typeof createOwnOrdersService>;
