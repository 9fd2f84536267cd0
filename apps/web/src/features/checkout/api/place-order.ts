import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlaceOrderResult } from '@mayorista/core/schemas/order';
import { apiRequest } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { myAccountKeys } from '../../../lib/queries/my-account';
import { ordersQueryKey } from '../../../lib/queries/order-keys';
import { updatePointsBalance } from '../../../lib/queries/points';

export interface PlaceOrderRequest {
  items: { product_id: string; quantity: number }[];
  observaciones: string;
  canjeado_con_puntos: boolean;
  idempotency_key: string;
}

/** POST /api/orders. The server prices everything; the client sends only ids and quantities. */
export function placeOrder(request: PlaceOrderRequest): Promise<PlaceOrderResult> {
  return apiRequest<PlaceOrderResult>('/api/orders', { method: 'POST', body: request });
}

/**
 * Places the order; once it went through, the balance the server answered shows at once and
 * Mis Pedidos refetches. The cart itself is emptied by the caller, which owns that state.
 */
export function usePlaceOrder() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    onSuccess: (result) => {
      if (!user) return;
      updatePointsBalance(queryClient, user.id, result.saldo_puntos);
      void queryClient.invalidateQueries({ queryKey: ordersQueryKey(user.id) });
      // The order now counts against the customer's credit.
      void queryClient.invalidateQueries({ queryKey: myAccountKeys.all(user.id) });
    },
  });
}
