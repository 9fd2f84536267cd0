import { messages } from '@mayorista/core/messages';
import { buildOrderMessage } from '@mayorista/core/order-message';
import { priceCart } from '@mayorista/core/pricing';
import type { Order, PlaceOrderResult } from '@mayorista/core/schemas/order';
import type { OrderStatus } from '@mayorista/core/constants';
import type pg from 'pg';
import { isUniqueViolation } from '../../db/pg-errors';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../lib/errors';
import { notFound } from '../../plugins/error-handler';
import {
  currentStock,
  deductPoints,
  findCustomer,
  findOrderByIdempotencyKey,
  findOwnOrder,
  findPointsBalance,
  insertOrderAndEmptyCart,
  listOwnOrders,
  notifyOrderInserted,
  readProducts,
  takeStock,
  type OrderItemSnapshot,
  type OrderRow,
} from './orders.repository';

export interface PlaceOrderCommand {
  items: { product_id: string; quantity: number }[];
  observaciones: string;
  canjeado_con_puntos: boolean;
  idempotency_key?: string | undefined;
}

export interface PlacedOrder extends PlaceOrderResult {
  /** false when an earlier request with the same idempotency key already created this order. */
  created: boolean;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function toOrder(row: OrderRow): Order {
  return {
    id: row.id,
    user_id: row.userId,
    user_info: row.userInfo,
    items: row.items,
    total: row.total,
    total_savings: row.totalSavings,
    status: row.status as OrderStatus,
    observaciones: row.observaciones,
    canjeado_con_puntos: row.canjeadoConPuntos,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function whatsappUrl(phone: string, order: Order): string {
  const text = buildOrderMessage({
    orderId: order.id,
    customer: order.user_info,
    items: order.items.map((item) => ({ name: item.name, quantity: item.quantity, total: item.total })),
    observaciones: order.observaciones,
    canjeadoConPuntos: order.canjeado_con_puntos,
    totalSavings: order.total_savings,
    total: order.total,
  });
  return `https://wa.me/${phone}?text=${encodeURIComponent(text)}`;
}

function isIdempotencyKeyConflict(error: unknown): boolean {
  return isUniqueViolation(error, 'orders_user_idempotency_key');
}

export function createOrdersService(deps: { pool: pg.Pool; whatsappPhone: string }) {
  const { pool } = deps;

  async function replay(userId: string, existing: OrderRow): Promise<PlacedOrder> {
    const order = toOrder(existing);
    return {
      order,
      whatsapp_url: whatsappUrl(deps.whatsappPhone, order),
      saldo_puntos: await findPointsBalance(pool, userId),
      created: false,
    };
  }

  /**
   * Places an order in ONE transaction: re-read the products, price every line with the core
   * engine (the client's figures are never used), deduct points, write the order and empty the cart,
   * queue the NOTIFY, and take the stock last with one conditional statement (see takeStock).
   * Any error rolls all of it back.
   */
  async function placeOrder(userId: string, command: PlaceOrderCommand): Promise<PlacedOrder> {
    if (command.items.length === 0) {
      throw new AppError('empty_cart', messages.cart.emptyOrSignedOut);
    }
    const productIds = command.items.map((item) => item.product_id);
    if (new Set(productIds).size !== productIds.length) {
      throw new AppError('duplicate_product', messages.orders.duplicateProduct);
    }
    const key = command.idempotency_key;
    if (key) {
      const existing = await findOrderByIdempotencyKey(pool, userId, key);
      if (existing) return replay(userId, existing);
    }

    try {
      const { row, saldoPuntos } = await inTransaction(pool, async (tx) => {
        const customer = await findCustomer(tx, userId);
        if (!customer) throw new AppError('empty_cart', messages.cart.emptyOrSignedOut);

        const found = new Map((await readProducts(tx, productIds)).map((p) => [p.id, p]));
        const lines = command.items.map((item) => {
          const product = found.get(item.product_id);
          if (!product)
            throw new AppError('product_unavailable', messages.orders.productMissing, { product_id: item.product_id });
          if (!product.is_enabled) {
            throw new AppError('product_unavailable', messages.orders.productUnavailable(product.name), {
              product_id: product.id,
            });
          }
          return { product, quantity: item.quantity };
        });

        const priced = priceCart(lines, 'wholesale');
        const items: OrderItemSnapshot[] = lines.map(({ product }, index) => {
          const price = priced.lines[index]!;
          return {
            product_id: product.id,
            name: product.name,
            quantity: price.quantity,
            price: price.unitPrice,
            total: price.lineTotal,
            discounts: { base_price: price.basePrice, savings: price.savings, applied: price.applied, tier: price.tier },
          };
        });

        let balance = customer.saldoPuntos;
        if (command.canjeado_con_puntos) {
          const after = await deductPoints(tx, userId, priced.total);
          if (after === null) throw new AppError('insufficient_points', messages.points.insufficient);
          balance = after;
        }

        const status: OrderStatus = command.canjeado_con_puntos ? 'Pendiente de Canje' : 'Pendiente';
        const inserted = await insertOrderAndEmptyCart(tx, {
          userId,
          userInfo: { nombre: customer.nombre, apellido: customer.apellido, email: customer.email, dni: customer.dni },
          items,
          total: priced.total,
          totalSavings: priced.totalSavings,
          status,
          observaciones: command.observaciones,
          canjeadoConPuntos: command.canjeado_con_puntos,
          idempotencyKey: key ?? null,
        });
        await notifyOrderInserted(tx, {
          id: inserted.id,
          user_info: { nombre: customer.nombre, apellido: customer.apellido },
          total: inserted.total,
          status: inserted.status,
          created_at: inserted.createdAt.toISOString(),
          canjeado_con_puntos: inserted.canjeadoConPuntos,
        });
        const limited = lines.filter((l) => !l.product.has_unlimited_stock).map((l) => ({ productId: l.product.id, quantity: l.quantity }));
        const taken = await takeStock(tx, limited);
        if (taken.size !== limited.length) {
          const refused = limited.filter((l) => !taken.has(l.productId)).map((l) => l.productId);
          const now = await currentStock(tx, refused);
          const first = now.find((p) => p.id === refused[0]) ?? now[0];
          if (!first) throw new AppError('product_unavailable', messages.orders.productMissing, { product_id: refused[0] });
          if (!first.is_enabled) {
            throw new AppError('product_unavailable', messages.orders.productUnavailable(first.name), { product_id: first.id });
          }
          throw new AppError('insufficient_stock', messages.orders.insufficientStock(first.name, first.stock), {
            product_id: first.id,
            available: first.stock,
          });
        }
        return { row: inserted, saldoPuntos: balance };
      });

      const order = toOrder(row);
      return { order, whatsapp_url: whatsappUrl(deps.whatsappPhone, order), saldo_puntos: saldoPuntos, created: true };
    } catch (error) {
      // Two requests with the same key raced past the first check; the loser's transaction is
      // rolled back whole (its stock and points untouched) and it answers with the winner's order.
      if (key && isIdempotencyKeyConflict(error)) {
        const existing = await findOrderByIdempotencyKey(pool, userId, key);
        if (existing) return replay(userId, existing);
      }
      throw error;
    }
  }

  async function getOwnOrderRow(userId: string, orderId: string): Promise<OrderRow> {
    // A malformed id cannot belong to anyone; answering 404 avoids a database cast error.
    const row = UUID_PATTERN.test(orderId) ? await findOwnOrder(pool, userId, orderId) : null;
    if (!row) throw notFound(messages.orders.notFound);
    return row;
  }

  return {
    placeOrder,
    async listOwnOrders(userId: string): Promise<Order[]> {
      return (await listOwnOrders(pool, userId)).map(toOrder);
    },
    async getOwnOrder(userId: string, orderId: string): Promise<Order> {
      return toOrder(await getOwnOrderRow(userId, orderId));
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
