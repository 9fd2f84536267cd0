import { promisedDeliveryText } from '@mayorista/core/deliveries';

/**
 * "Entrega prevista: viernes 27/11" (Repartos, decision 049): the date the order stores, with the
 * formatter of the cart, the PDF and the e-mails. Shown while the order is still to be delivered;
 * nothing for an order without a date (its customer has no zone) or one already closed (delivered,
 * cancelled, rejected, redeemed) or held by the credit check (it has no day until it is released;
 * the e-mails say the same). Shared by the customer's, the owner's and the rep's screens.
 */
export function OrderDeliveryDate({
  order,
  className = '',
}: {
  order: { status: string; delivery_date?: string | null; credit_hold?: string | null };
  className?: string;
}) {
  const text = promisedDeliveryText(order);
  if (!text) return null;
  return (
    <p className={`text-sm font-medium text-emerald-900 ${className}`} data-testid="order-delivery-date">
      {text}
    </p>
  );
}
