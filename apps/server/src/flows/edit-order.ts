import { canEditOrder } from '@mayorista/core/order-status';
import { mayActOnAccount } from '@mayorista/core/separation-of-duties';
import { messages } from '@mayorista/core/messages';
import { formatMoney } from '@mayorista/core/money';
import { orderItemsIva, toOrderIva } from '@mayorista/core/iva';
import { priceOrderEdit, quantityChanges, type EditableProduct } from '@mayorista/core/order-edit';
import type { OrderStatus } from '@mayorista/core/constants';
import type { EditOrderCommand } from '@mayorista/core/schemas/order-life';
import type pg from 'pg';
import type { Order } from '@mayorista/core/schemas/order';
import { isLockNotAvailable } from '../db/pg-errors';
import { inTransaction, type Queryable } from '../db/transaction';
import { AppError } from '../lib/errors';
import { creditPoints, debitPoints, findPointsBalance } from '../modules/points';
import { lockStock, returnStock, takeStock, type StockLine } from '../modules/stock';
import { queueOrderEmails } from './order-emails';
import { applyPriceList } from '@mayorista/core/price-lists';
import { loadCustomerPriceListRule } from '../modules/price-lists';
import { recordAudit } from '../modules/audit';
import {
  findOrderForEdit,
  insertOrderEdit,
  readProducts,
  refusedStockError,
  toOrder,
  updateOrderItems,
  type OrderRow,
} from '../modules/orders';

const text = messages.orderLife.edit;
const conflict = () => new AppError('order_edit_conflict', text.conflict);

/** The order, locked for this edit, or the reason there is nothing to edit. */
async function lockEditableOrder(tx: pg.PoolClient, orderId: string, command: EditOrderCommand, atDoor: boolean): Promise<OrderRow> {
  let order: OrderRow | null;
  try {
    order = await findOrderForEdit(tx, orderId);
  } catch (error) {
    // Someone else holds the order right now (another edit, a status change, a cancellation).
    if (isLockNotAvailable(error)) throw conflict();
    throw error;
  }
  if (!order) throw new AppError('order_not_found', messages.orders.notFound);
  if (command.expected_updated_at !== undefined && Date.parse(command.expected_updated_at) !== order.updatedAt.getTime()) {
    throw conflict();
  }
  const status = order.status as OrderStatus;
  // At the door (decision 051) a Preparado order may still lose units: what the driver could not deliver.
  if (!canEditOrder(status) && !(atDoor && status === 'Preparado')) throw new AppError('order_not_editable', text.notEditable(status), { current_status: status });
  return order;
}

/** A product whose quantity grows (or is new) must still be on sale. */
function checkAvailable(
  changes: { productId: string; change: number }[],
  products: Map<string, EditableProduct & { is_enabled: boolean }>,
) {
  for (const { productId, change } of changes) {
    const product = products.get(productId);
    if (change <= 0) continue;
    if (!product) throw new AppError('product_unavailable', text.productMissing, { product_id: productId });
    if (!product.is_enabled) {
      throw new AppError('product_unavailable', messages.orders.productUnavailable(product.name), { product_id: productId });
    }
  }
}

/** A points order pays its new total in points: debit the difference (or refuse), or credit it back. */
async function settlePoints(tx: Queryable, order: OrderRow, newTotal: number, actorId: string): Promise<void> {
  if (!order.canjeadoConPuntos || newTotal === order.total) return;
  const context = { orderId: order.id, actorId, kind: 'order_edit' as const };
  if (newTotal < order.total) {
    await creditPoints(tx, order.userId, order.total - newTotal, context);
    return;
  }
  const more = newTotal - order.total;
  if ((await debitPoints(tx, order.userId, more, context)) !== null) return;
  const balance = (await findPointsBalance(tx, order.userId)) ?? 0;
  throw new AppError('insufficient_points', text.notEnoughPoints(formatMoney(more - balance)), { missing: more - balance });
}

/** Every product locked in id order, units back (never refused), then units taken as the last write. */
async function moveStock(
  tx: Queryable,
  changes: { productId: string; change: number }[],
  products: Map<string, { has_unlimited_stock: boolean }>,
  context: { orderId: string; actorId: string },
): Promise<void> {
  await lockStock(
    tx,
    changes.map((c) => c.productId),
  );
  const back: StockLine[] = changes.filter((c) => c.change < 0).map((c) => ({ productId: c.productId, quantity: -c.change }));
  await returnStock(tx, back, { ...context, kind: 'order_edit' });
  const more: StockLine[] = changes
    .filter((c) => c.change > 0 && products.get(c.productId)?.has_unlimited_stock === false)
    .map((c) => ({ productId: c.productId, quantity: c.change }));
  const taken = await takeStock(tx, more, { ...context, kind: 'order_edit' });
  if (taken.size < more.length)
    throw await refusedStockError(
      tx,
      more.filter((l) => !taken.has(l.productId)).map((l) => l.productId),
    );
}

/**
 * The order-life work (decision 014): an admin changes an order's lines, in ONE transaction with the order locked:
 * prices by core's `priceOrderEdit`, points and stock through their ledgers, the new lines and
 * totals, the history row and the customer's e-mail — all of it, or none (any refusal rolls back).
 */
export async function applyOrderEdit(
  tx: pg.PoolClient,
  orderId: string,
  command: EditOrderCommand,
  actor: { id: string; is_super_admin: boolean },
  options: { atDoor?: boolean; email?: boolean } = {},
): Promise<OrderRow> {
  const actorId = actor.id;
  const order = await lockEditableOrder(tx, orderId, command, options.atDoor ?? false);
  // Separation of duties (the abuse-limits work, decision 010): a plain admin never changes their own order.
  if (!mayActOnAccount(actor, order.userId)) throw new AppError('own_account_forbidden', messages.security.ownOrder);
  const ids = [...new Set([...order.items.map((i) => i.product_id), ...command.lines.map((l) => l.product_id)])];
  // Repriced at the customer's price list as it is now (decision 018), like a new order would be.
  const list = await loadCustomerPriceListRule(tx, order.userId, ids);
  const products = new Map((await readProducts(tx, ids)).map((p) => [p.id, applyPriceList(p, list)]));
  const changes = quantityChanges(order.items, command.lines);
  checkAvailable(changes, products);
  const priced = priceOrderEdit(order.items, command.lines, products, command.reprice);
  if (priced.missing.length > 0)
    throw new AppError('product_unavailable', text.productMissing, { product_id: priced.missing[0] });

  // The IVA breakdown follows the lines, under the setting the order was placed with (decision
  // 019); an order from before IVA existed stays without one, its total the sum of its lines.
  const iva = order.iva ? toOrderIva(orderItemsIva(priced.items, order.iva.prices_include_iva)) : null;
  const total = iva?.total ?? priced.total;
  await settlePoints(tx, order, total, actorId);
  const updated = await updateOrderItems(tx, orderId, { items: priced.items, total, totalSavings: priced.totalSavings, iva });
  await insertOrderEdit(tx, {
    orderId,
    actorId,
    reason: command.reason,
    reprice: command.reprice,
    beforeItems: order.items,
    afterItems: priced.items,
    beforeTotal: order.total,
    afterTotal: total,
  });
  // At the door the Entregado e-mail that follows shows the delivered lines instead (one e-mail, not two).
  if (options.email !== false) await queueOrderEmails(tx, { id: orderId, customerEmail: order.userInfo.email }, { kind: 'edited', reason: command.reason });
  await moveStock(tx, changes, products, { orderId, actorId });
  return updated;
}

/** PATCH /api/admin/orders/:id: applyOrderEdit in its own transaction, then the outbox is woken. */
export async function editOrder(
  deps: { pool: pg.Pool; onEmailsQueued?: () => void },
  orderId: string,
  command: EditOrderCommand,
  actor: { id: string; is_super_admin: boolean; ip?: string | null },
): Promise<Order> {
  const row = await inTransaction(deps.pool, async (tx) => {
    const edited = await applyOrderEdit(tx, orderId, command, actor);
    await recordAudit(tx, actor, { action: 'order.edit', entity: 'order', entityId: orderId, summary: { after: { total: edited.total, lines: edited.items.length } } });
    return edited;
  });
  deps.onEmailsQueued?.();
  return toOrder(row);
}
