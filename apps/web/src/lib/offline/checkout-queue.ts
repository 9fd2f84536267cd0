import { getOfflineState } from './offline-state';
import { enqueueOrder } from './queue';
import type { PlaceOrderBody, QueuedOrder } from './queue-model';

/** Prices confirmed longer ago than this are said to be old before an order is queued on them. */
export const STALE_SNAPSHOT_DAYS = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface QueueFromCart {
  userId: string;
  /** Also the idempotency key: the checkout's own when a request may already have left. */
  key: string;
  items: { product: { id: string; name: string }; quantity: number; price: { unitPrice: number; lineTotal: number } }[];
  total: number;
  observaciones: string;
  /** The body of a request that failed on the network: the queue sends exactly it again. */
  sentBody: PlaceOrderBody | null;
  /** The person already read the old-prices warning and chose to queue anyway. */
  acceptStale: boolean;
  now?: Date;
}

export type QueueResult = { kind: 'queued'; entry: QueuedOrder } | { kind: 'stale'; days: number } | { kind: 'no_storage' };

/** "Realizar pedido" without network: keeps the order on the device (decision 044). */
export async function queueFromCart(input: QueueFromCart): Promise<QueueResult> {
  const now = input.now ?? new Date();
  const { pricesAt } = getOfflineState();
  if (!input.acceptStale && pricesAt && now.getTime() - Date.parse(pricesAt) > STALE_SNAPSHOT_DAYS * DAY_MS) {
    return { kind: 'stale', days: STALE_SNAPSHOT_DAYS };
  }
  const entry: QueuedOrder = {
    id: input.key,
    userId: input.userId,
    createdAt: now.toISOString(),
    pricesAt,
    items: input.items.map((line) => ({
      product_id: line.product.id,
      name: line.product.name,
      quantity: line.quantity,
      unit_price: line.price.unitPrice,
      line_total: line.price.lineTotal,
    })),
    observaciones: input.observaciones,
    total: input.total,
    status: 'pending',
    sentBody: input.sentBody,
  };
  try {
    await enqueueOrder(entry);
  } catch {
    return { kind: 'no_storage' };
  }
  return { kind: 'queued', entry };
}
