import type { OrderStatus } from '@mayorista/core/constants';

/**
 * Query keys of orders, shared because the writer and the reader are different features: checkout
 * refreshes Mis Pedidos after placing an order, and the realtime channel refreshes the admin list
 * when a new one arrives.
 */

/** Per user, so a sign-in as someone else never shows the previous user's orders. */
export const ordersQueryKey = (userId: string | undefined) => ['orders', userId ?? 'anonymous'] as const;

export interface AdminOrdersFilters {
  status?: OrderStatus | '';
  customer?: string;
  /** YYYY-MM-DD, inclusive. */
  from?: string;
  to?: string;
  /** 'pending': only the orders "Retenido por crédito". */
  creditHold?: 'pending' | '';
}

/** Every admin orders query starts with this key, so one invalidation refreshes list and detail. */
export const adminOrdersKeys = {
  all: ['admin-orders'] as const,
  list: (filters: AdminOrdersFilters, page: number) => [...adminOrdersKeys.all, 'list', filters, page] as const,
  detail: (orderId: string) => [...adminOrdersKeys.all, 'detail', orderId] as const,
};
