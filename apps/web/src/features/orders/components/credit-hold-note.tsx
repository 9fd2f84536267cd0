import { receivables } from '@mayorista/core/messages/receivables';
import type { Order } from '@mayorista/core/schemas/order';

/**
 * An order the credit check held: "Retenido por crédito" while it waits for the business, and once
 * rejected, the business's reason (the status says "Cancelado"; this says why).
 */
export function CreditHoldNote({ order }: { order: Pick<Order, 'credit_hold' | 'credit_hold_reason'> }) {
  if (order.credit_hold === 'pending') {
    return (
      <p className="mt-1 inline-block rounded bg-amber-100 px-2 text-sm font-medium text-amber-950" data-testid="order-credit-hold">
        {receivables.creditHoldStates.pending}
      </p>
    );
  }
  if (order.credit_hold !== 'rejected') return null;
  return (
    <p className="mt-1 text-sm text-red-900" data-testid="order-credit-hold">
      {receivables.creditHoldStates.rejected}
      {order.credit_hold_reason ? `: ${order.credit_hold_reason}` : ''}
    </p>
  );
}
