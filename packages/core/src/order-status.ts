import { ORDER_STATUSES, type OrderStatus } from './constants';

/**
 * Order status life cycle (the admin-orders work). One table shared by the server, which enforces it, and the
 * admin UI, which offers only the allowed next statuses.
 *
 *   Pendiente → Confirmado → Preparado → Entregado
 *   Pendiente de Canje → Canjeado
 *   any non-final status → Cancelado (restocks)
 *   Pendiente de Canje → Rechazado (refunds the points and restocks)
 */
const NEXT_STATUSES: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  Pendiente: ['Confirmado', 'Cancelado'],
  Confirmado: ['Preparado', 'Cancelado'],
  Preparado: ['Entregado', 'Cancelado'],
  'Pendiente de Canje': ['Canjeado', 'Rechazado', 'Cancelado'],
  Entregado: [],
  Canjeado: [],
  Cancelado: [],
  Rechazado: [],
};

export const FINAL_ORDER_STATUSES: readonly OrderStatus[] = ORDER_STATUSES.filter((s) => NEXT_STATUSES[s].length === 0);

/** The statuses an admin may move an order to from `current`, in the order the UI shows them. */
export function nextOrderStatuses(current: OrderStatus): readonly OrderStatus[] {
  return NEXT_STATUSES[current];
}

export function canTransitionOrder(from: OrderStatus, to: OrderStatus): boolean {
  return NEXT_STATUSES[from].includes(to);
}

export function isFinalOrderStatus(status: OrderStatus): boolean {
  return NEXT_STATUSES[status].length === 0;
}

/** Leaving the order unfulfilled puts its limited-stock units back on the shelf. */
export function transitionRestocks(to: OrderStatus): boolean {
  return to === 'Cancelado' || to === 'Rechazado';
}

/** Moves that give a points order's points back to the customer. */
export function transitionRefundsPoints(to: OrderStatus): boolean {
  // A redemption that is cancelled or rejected never happened: the customer keeps their points.
  // (The caller applies it only to orders paid with points.)
  return to === 'Rechazado' || to === 'Cancelado';
}

/** Moves that undo the order and therefore ask the admin to confirm. */
export function isDestructiveTransition(to: OrderStatus): boolean {
  return to === 'Cancelado' || to === 'Rechazado';
}

export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

/**
 * The order-life work (decision 014): an admin may change an order's lines before it is prepared. A points order waiting
 * for its redemption is still unprepared, so it is editable too (its points follow the new total).
 */
const EDITABLE_STATUSES: readonly OrderStatus[] = ['Pendiente', 'Confirmado', 'Pendiente de Canje'];
export function canEditOrder(status: OrderStatus): boolean {
  return EDITABLE_STATUSES.includes(status);
}

/** A customer may cancel their own order only before the business has acted on it. */
const CUSTOMER_CANCELLABLE: readonly OrderStatus[] = ['Pendiente', 'Pendiente de Canje'];
export function canCustomerCancel(status: OrderStatus): boolean {
  return CUSTOMER_CANCELLABLE.includes(status);
}
