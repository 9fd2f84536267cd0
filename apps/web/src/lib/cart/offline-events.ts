/** Fired on window when an order from the offline queue was placed (lib/offline/queue.ts, decision 044). */
export const QUEUED_ORDER_PLACED = 'mayorista:queued-order-placed';
