/** Business constants of the business constants, in one place so the client, the server and the tests agree. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const NEW_ORDER_TOAST_DURATION_MS = 10000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export const CART_SAVE_DEBOUNCE_MS = 1000;
export const ORDER_NUMBER_LENGTH = 8;

export const AUTH_REFRESH_TICK_MS = 30_000;
export const AUTH_REFRESH_THRESHOLD_TICKS = 3;
export const AUTH_EXPIRY_MARGIN_MS = 10_000;
export const AUTH_RETRY_STEP_MS = 200;
export const AUTH_RETRY_WINDOW_MS = 30_000;
export const ACCESS_TOKEN_TTL_SECONDS = 3600;
export const REFRESH_TOKEN_REUSE_GRACE_SECONDS = 10;
export const EMAIL_TOKEN_TTL_HOURS = 24;

export const REALTIME_HEARTBEAT_MS = 25_000;
export const REALTIME_RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10000] as const;
export const REALTIME_TIMEOUT_MS = 10_000;

export const STORAGE_CACHE_CONTROL_SECONDS = 3600;

export const ORDER_STATUSES = [
  'Pendiente',
  'Pendiente de Canje',
  'Confirmado',
  'Preparado',
  'Entregado',
  'Canjeado',
  'Cancelado',
  'Rechazado',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Orders whose units already left `products.stock` (taken when placed) but are still on the shelf:
 * they leave it when the order is picked (Preparado). A stock count subtracts them (decision 069).
 */
export const UNPREPARED_ORDER_STATUSES = ['Pendiente', 'Pendiente de Canje', 'Confirmado'] as const satisfies readonly OrderStatus[];

export const MAX_ITEM_QUANTITY = 10_000;

/** The order number a person sees: the first 8 characters of the order id. */
export function orderNumber(orderId: string): string {
  return orderId.slice(0, ORDER_NUMBER_LENGTH);
}
