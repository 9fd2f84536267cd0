import { messages } from '@mayorista/core/messages';
import { priceCartOnList } from '@mayorista/core/pricing';
import type { PriceListRule } from '@mayorista/core/price-lists';
import type { OrderIva, PlaceOrderResult } from '@mayorista/core/schemas/order';
import { orderItemsIva, toOrderIva } from '@mayorista/core/iva';
import type pg from 'pg';
import { randomUUID } from 'node:crypto';
import { isUniqueViolation } from '../db/pg-errors';
import { inPipelinedTransaction, type Queryable } from '../db/transaction';
import { AppError } from '../lib/errors';
import { notFound } from '../plugins/error-handler';
import { checkQuantity, missingForMinimumOrder, quantityProblemText } from '@mayorista/core/quantity-rules';
import { formatMoney } from '@mayorista/core/money';
import { debitPointsOrRaise, findPointsBalance } from '../modules/points';
import { readSettings, type Settings } from '@mayorista/core/schemas/settings';
import { takeAllStock, type OrderStockTake, type StockLine } from '../modules/stock';
import { lockCreditPosition, type CreditPosition } from '../modules/receivables';
import { businessDay, creditDecision, creditRefusalMessage } from '@mayorista/core/receivables';
import { promisedDelivery } from '@mayorista/core/deliveries';
import { readCustomerDeliveryRule, type CustomerDeliveryRule } from '../modules/deliveries';
import { queueOrderEmails } from './order-emails';
import { refusalError } from './order-refusals';
import {
  assertSameOrderRequest,
  findOrderByIdempotencyKey,
  findOwnOrder,
  insertOrderAndEmptyCart,
  orderRequestFingerprint,
  productUnavailable,
  readOrderContext,
  readProducts,
  toOrder,
  whatsappUrl,
  type NewOrder,
  type OrderContext,
  type OrderedProduct,
  type OrderItemSnapshot,
  type OrderRow,
  type OrderUserInfo,
} from '../modules/orders';
import { recordAudit, type AuditActor } from '../modules/audit';

export interface PlaceOrderCommand {
  items: { product_id: string; quantity: number }[];
  observaciones: string;
  canjeado_con_puntos: boolean;
  idempotency_key?: string | undefined;
  /** The total the person agreed to (a queued order): another total places nothing. */
  expected_total?: number | undefined;
}

export interface PlacedOrder extends PlaceOrderResult {
  /** false when an earlier request with the same idempotency key already created this order. */
  created: boolean;
}

/** user_info: who placed the order and their business data (the business-identity work, decisions 017–019), without the balance. */
function customerSnapshot(customer: OrderUserInfo & { saldoPuntos: number }): OrderUserInfo {
  const { saldoPuntos: _balance, ...info } = customer;
  return info;
}

function isIdempotencyKeyConflict(error: unknown): boolean {
  return isUniqueViolation(error, 'orders_user_idempotency_key');
}

// ── The steps of placing an order, in the order placeOrder runs them ────────────────────────

/** Step 1, before any database work: an empty order or a product listed twice is the client's mistake. */
function checkCommandShape(command: PlaceOrderCommand): string[] {
  if (command.items.length === 0) throw new AppError('empty_cart', messages.cartPage.emptyOrSignedOut);
  const productIds = command.items.map((item) => item.product_id);
  if (new Set(productIds).size !== productIds.length) {
    throw new AppError('duplicate_product', messages.orders.duplicateProduct);
  }
  return productIds;
}

interface OrderLine {
  product: OrderedProduct;
  quantity: number;
}

/** Step 3a: every ordered product, re-read in the order's transaction, must exist and be on sale. */
function orderLines(command: PlaceOrderCommand, products: OrderedProduct[]): OrderLine[] {
  const found = new Map(products.map((p) => [p.id, p]));
  return command.items.map((item) => {
    const product = found.get(item.product_id);
    if (!product) throw new AppError('product_unavailable', messages.orders.productMissing, { product_id: item.product_id });
    if (!product.is_enabled) throw productUnavailable(product);
    return { product, quantity: item.quantity };
  });
}

/**
 * Step 3b: each line keeps its product's quantity rules (the wholesale-ordering work, decision 016, the same core function the card
 * and the cart use). Stock is left to takeStock: only the ledger's conditional update is race-free.
 */
function checkQuantityRules(lines: OrderLine[]): void {
  for (const { product, quantity } of lines) {
    const problem = checkQuantity(product, quantity);
    if (problem && problem.kind !== 'above_stock') {
      throw new AppError('quantity_rule_violated', quantityProblemText(problem, product.name), {
        product_id: product.id,
        problem,
      });
    }
  }
}

/** Step 3e: the business's minimum order amount, from the settings read in the order's transaction. */
function checkMinimumOrder(total: number, { min_order_amount: businessMinimum }: Settings, zoneMinimum: number | null): void {
  // The customer's zone may ask for more than the business (decision 049); the larger one applies.
  const minimum = Math.max(businessMinimum, zoneMinimum ?? 0);
  const missing = missingForMinimumOrder(total, minimum);
  if (missing > 0) {
    throw new AppError('below_minimum_order', messages.cartPage.belowMinimumOrder(formatMoney(minimum), formatMoney(missing)), {
      minimum,
      missing,
    });
  }
}

/**
 * Step 3e, first: an order sent with the total the person saw (one queued without signal, decision
 * 044) is placed only at that total; any other answers 409 with the server's total and writes nothing.
 */
function checkExpectedTotal(total: number, expected: number | undefined): void {
  if (expected !== undefined && expected !== total) {
    throw new AppError('order_total_changed', messages.orders.totalChanged, { total, expected_total: expected });
  }
}

/**
 * Step 3f: the credit check (decision 038) on the account figures read, locked, in this
 * transaction. Refused: the customer is told why. Held ('hold' in the settings): the order is
 * placed "Retenido por crédito" for an admin to release or reject. A points order owes nothing.
 */
function checkCredit(total: number, credit: CreditPosition | null, settings: Settings): 'pending' | null {
  if (!credit) return null;
  const decision = creditDecision({
    creditLimit: credit.creditLimit,
    balance: credit.balance,
    undelivered: credit.undelivered,
    orderTotal: total,
    overdueDays: credit.overdueDays,
    overdue: credit.overdue,
    overdueDaysLimit: settings.credit_overdue_days_limit,
  });
  if (decision.ok) return null;
  if (settings.credit_exceeded_action === 'hold') return 'pending';
  const { ok: _ok, ...detail } = decision;
  throw new AppError('credit_refused', creditRefusalMessage(decision, credit), detail);
}

/**
 * Step 3c: the server's prices (the core engine; the client's figures are never used) as order
 * lines, at the customer's price list (null: the base list). The snapshot's base_price is the list price.
 */
function priceLines(lines: OrderLine[], list: PriceListRule | null): { items: OrderItemSnapshot[]; totalSavings: number } {
  const priced = priceCartOnList(lines, list);
  const items = lines.map(({ product }, index): OrderItemSnapshot => {
    const price = priced.lines[index]!;
    return {
      product_id: product.id,
      name: product.name,
      quantity: price.quantity,
      price: price.unitPrice,
      total: price.lineTotal,
      discounts: { base_price: price.basePrice, savings: price.savings, applied: price.applied, tier: price.tier },
      iva_rate: product.iva_rate,
    };
  });
  return { items, totalSavings: priced.totalSavings };
}

/**
 * Step 3d: net, IVA per rate and total of the priced lines (core/iva.ts, decision 019), with the
 * setting read in this transaction. The order's total is what the customer pays: Σ lines when
 * prices include IVA (as before IVA existed), Σ lines + IVA when they do not.
 */
function orderIva(items: OrderItemSnapshot[], settings: Settings): OrderIva {
  return toOrderIva(orderItemsIva(items, settings.prices_include_iva));
}

/** Step 4's stock lines: the products that count their stock (unlimited ones are never taken). */
function stockLines(lines: OrderLine[]): StockLine[] {
  return lines.filter((l) => !l.product.has_unlimited_stock).map((l) => ({ productId: l.product.id, quantity: l.quantity }));
}

/** A customer's order request, its shape checked (step 1). */
interface PlacementRequest {
  userId: string;
  /** A sales rep placing the order for the customer (decision 047); absent when the customer does. */
  takenBy?: AuditActor;
  command: PlaceOrderCommand;
  productIds: string[];
}

/** An order written: its row and its customer's points balance after it. */
interface WrittenOrder {
  row: OrderRow;
  saldoPuntos: number;
}

/** What writing an order answers: the order written, or the order a reused idempotency key already made. */
type Written = { replayOf: string } | WrittenOrder;

/** One order checked, priced and taxed (step 3), ready to be written. */
interface PlannedOrder {
  order: NewOrder;
  customerEmail: string;
  settings: Settings;
  /** The balance the order answers when it does not spend points. */
  saldoPuntos: number;
  stock: OrderStockTake;
}

/** Step 3g: the promised delivery date (decision 049); none for a customer without a zone or without a possible date. */
function promisedDate(delivery: CustomerDeliveryRule | null, now: Date): { deliveryDate: string | null; deliveryZoneId: number | null } {
  if (!delivery) return { deliveryDate: null, deliveryZoneId: null };
  const found = promisedDelivery(delivery.rule, delivery.closed, now);
  return { deliveryDate: found.ok ? found.promise.date : null, deliveryZoneId: delivery.zone_id };
}

/**
 * Step 3 on what the order's transaction read: the products on sale and within their
 * quantity rules, the server's prices on the customer's list, IVA, the minimum order, the credit. Throws the
 * AppError the customer gets; writes nothing. A replayed idempotency key answers `{ replayOf }`.
 */
function planOrder(
  { userId, command, takenBy }: PlacementRequest,
  context: OrderContext,
  products: OrderedProduct[],
  credit: CreditPosition | null,
  delivery: { rule: CustomerDeliveryRule | null; now: Date },
): { replayOf: string } | PlannedOrder {
  if (context.replayOf) return { replayOf: context.replayOf };
  const { customer } = context;
  if (!customer) throw new AppError('empty_cart', messages.cartPage.emptyOrSignedOut);
  const lines = orderLines(command, products);
  checkQuantityRules(lines);
  // The customer's list as it is in this transaction (decision 018), read with the customer.
  const { items, totalSavings } = priceLines(lines, context.priceList);
  // One read of the settings serves IVA, the minimum order and the e-mail switches.
  const settings = readSettings(context.settings);
  const iva = orderIva(items, settings);
  checkExpectedTotal(iva.total, command.expected_total);
  checkMinimumOrder(iva.total, settings, delivery.rule?.min_order ?? null);
  const creditHold = command.canjeado_con_puntos ? null : checkCredit(iva.total, credit, settings);
  const order: NewOrder = {
    id: randomUUID(),
    userId,
    userInfo: customerSnapshot(customer),
    items,
    total: iva.total,
    totalSavings,
    status: command.canjeado_con_puntos ? 'Pendiente de Canje' : 'Pendiente',
    observaciones: command.observaciones,
    canjeadoConPuntos: command.canjeado_con_puntos,
    idempotencyKey: command.idempotency_key ?? null,
    idempotencyFingerprint: command.idempotency_key ? orderRequestFingerprint(command) : null,
    iva,
    creditHold,
    creditHoldReason: null,
    channel: takenBy ? 'vendedor' : 'web',
    takenBy: takenBy?.id ?? null,
    ...promisedDate(delivery.rule, delivery.now),
    deliveryStop: null,
  };
  const stock = { orderId: order.id, actorId: userId, lines: stockLines(lines) };
  return { order, customerEmail: customer.email, settings, saldoPuntos: customer.saldoPuntos, stock };
}

/**
 * Step 4 of one planned order, every statement written before the first await (pipelining):
 * the order (cart emptied, live notice queued), its e-mails, and the points debit when it spends
 * points — which locks the customer's profile after the cart, the order decision 021 fixes.
 */
function writePlannedOrder(tx: Queryable, { order, customerEmail, settings, saldoPuntos }: PlannedOrder): Promise<WrittenOrder> {
  const row = insertOrderAndEmptyCart(tx, order);
  const emails = queueOrderEmails(tx, { id: order.id, customerEmail }, { kind: 'placed' }, settings);
  const balance = order.canjeadoConPuntos
    ? debitPointsOrRaise(tx, order.userId, order.total, { orderId: order.id, actorId: order.userId })
    : Promise.resolve(saldoPuntos);
  return Promise.all([row, emails, balance]).then(([written, , after]) => ({ row: written, saldoPuntos: after }));
}

export interface OrderPlacementDeps {
  pool: pg.Pool;
  /** Placing an order runs on this pool, created with pipelining (createPipelinedPool, decision 023); `pool` when absent. */
  placementPool?: pg.Pool;
  whatsappPhone: string;
  /** The clock that decides "today" for the credit check's overdue days; tests inject one. */
  now?: () => Date;
  /** Called after a commit that queued e-mails, so this process's outbox worker sends them at once. */
  onEmailsQueued?: () => void;
}

/**
 * Connections that place orders at once. Each order is its own transaction; a popular product's
 * row is locked only from its stock statement to its commit (both in the last round-trip), so
 * more connections than this only queue on that row — and on Linux each busy backend is a
 * scheduling group as heavy as this whole server (decision 081). 4 rather than 8: the same
 * throughput, a p99 8–18 % lower in three paired runs (decision 085).
 */
export const PLACEMENT_CONNECTIONS = 4;

/**
 * Places one order in ONE transaction of two round-trips on a pipelined connection (decision 023):
 * 1. the command's shape (empty cart, a product twice), before any database work;
 * 2. first trip — BEGIN, the order's context (customer, settings, the customer's price list, a
 *    replayed idempotency key), the ordered products and the customer's account, locked, for the
 *    credit check (decision 038: two orders of one customer cannot both use the last credit),
 *    sent together;
 * 3. the plan, in memory: products on sale and within their quantity rules, the server's prices
 *    at the customer's list, IVA, the minimum order, the credit (any refusal: nothing was written);
 * 4. second trip — the writes and COMMIT together: the order (the cart emptied, the admins' live
 *    notice), its e-mails, the points debit when it spends points (the profile locked after the
 *    cart, the lock order of decision 021), and last the stock, every product locked in id order;
 *    a write that refuses raises, so the COMMIT behind it rolls everything back;
 * 5. the answer: the order, the WhatsApp link and the points balance — or, after a refusal, why
 *    (not enough points, which product ran short), read after the rollback.
 * Two requests with the same idempotency key can race past step 2; the loser's transaction is
 * rolled back whole and it answers with the winner's order.
 */
export function createOrderPlacement(deps: OrderPlacementDeps) {
  const { pool } = deps;
  const placementPool = deps.placementPool ?? pool;

  async function answer(userId: string, row: OrderRow, created: boolean, saldoPuntos?: number): Promise<PlacedOrder> {
    const order = toOrder(row);
    const balance = saldoPuntos ?? (await findPointsBalance(pool, userId)) ?? 0;
    return { order, whatsapp_url: whatsappUrl(deps.whatsappPhone, order), saldo_puntos: balance, created };
  }

  /** The first order of a reused idempotency key, if this request asks for the same thing (422 otherwise). */
  async function replay(userId: string, first: OrderRow, command: PlaceOrderCommand): Promise<PlacedOrder> {
    await assertSameOrderRequest(pool, first.id, command);
    return answer(userId, first, false);
  }

  /** Steps 2–4: read, plan, and write with COMMIT; a replayed key answers `{ replayOf }` and writes nothing. */
  function write(request: PlacementRequest): Promise<Written> {
    const { userId, command, productIds } = request;
    return inPipelinedTransaction(placementPool, async ({ client: tx, commitWith }) => {
      const now = (deps.now ?? (() => new Date()))();
      const today = businessDay(now);
      const [context, products, credit, delivery] = await Promise.all([
        readOrderContext(tx, userId, command.idempotency_key ?? null, productIds),
        readProducts(tx, productIds),
        command.canjeado_con_puntos ? null : lockCreditPosition(tx, userId, today),
        readCustomerDeliveryRule(tx, userId, today),
      ]);
      const plan = planOrder(request, context, products, credit, { rule: delivery, now });
      if ('replayOf' in plan) return plan;
      // A rep's order writes its audit row in the same commit (decision 048).
      const { takenBy } = request;
      const audit = () =>
        takenBy
          ? recordAudit(tx, takenBy, { action: 'order.take', entity: 'order', entityId: plan.order.id, summary: { after: { customer_id: userId, total: plan.order.total, lines: plan.order.items.length } } })
          : Promise.resolve();
      const [written] = await commitWith(() => [writePlannedOrder(tx, plan), takeAllStock(tx, [plan.stock]), audit()] as const);
      return written;
    });
  }

  /** `takenBy`: the sales rep placing it for the customer (the customer's prices, rules and e-mails all the same). */
  async function placeOrder(userId: string, command: PlaceOrderCommand, takenBy?: AuditActor): Promise<PlacedOrder> {
    const productIds = checkCommandShape(command);
    const key = command.idempotency_key;
    try {
      const written = await write({ userId, command, productIds, ...(takenBy ? { takenBy } : {}) });
      if ('replayOf' in written) {
        const first = await findOwnOrder(pool, userId, written.replayOf);
        if (first) return replay(userId, first, command);
        throw notFound(messages.orders.notFound);
      }
      deps.onEmailsQueued?.();
      return answer(userId, written.row, true, written.saldoPuntos);
    } catch (error) {
      const winner = key && isIdempotencyKeyConflict(error) ? await findOrderByIdempotencyKey(pool, userId, key) : null;
      if (winner) return replay(userId, winner, command);
      throw await refusalError(pool, error);
    }
  }

  return { placeOrder };
}

export type OrderPlacement = ReturnType<typeof createOrderPlacement>;
