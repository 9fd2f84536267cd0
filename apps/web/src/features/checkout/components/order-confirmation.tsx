import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { orderNumber } from '@mayorista/core/constants';
import { nav } from '@mayorista/core/messages/nav';
import { orders } from '@mayorista/core/messages/orders';
import { buttonVariants } from '../../../components/ui/button';
import { receivables } from '../../../lib/receivables/texts';
import type { Confirmation } from '../use-checkout';
import { OrderDeliveryDate } from '../../../components/orders/order-delivery';

export function OrderConfirmation({ confirmation }: { confirmation: Confirmation }) {
  const number = orderNumber(confirmation.order.id);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The button that was focused disappears with the emptied cart; keyboard and screen-reader users land here.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section aria-labelledby="order-confirmation-title" className="rounded-lg border border-green-300 bg-green-50 p-4" data-testid="order-confirmation">
      <h2 id="order-confirmation-title" ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-green-900 outline-none">
        {orders.confirmationTitle(number)}
      </h2>
      <p className="mt-1 text-green-900">{orders.successText(number)}</p>
      <OrderDeliveryDate order={confirmation.order} className="mt-1" />
      {confirmation.order.credit_hold === 'pending' ? (
        <div role="status" className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950" data-testid="order-held">
          <p className="font-semibold">{receivables.checkout.heldTitle}</p>
          <p className="text-sm">{receivables.checkout.heldText}</p>
        </div>
      ) : null}
      {confirmation.whatsappBlocked ? <p className="mt-2 text-sm text-slate-800" role="alert">{orders.whatsappBlocked}</p> : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <a href={confirmation.whatsappUrl} target="_blank" rel="noopener noreferrer" className={buttonVariants({ variant: 'primary' })}>
          {orders.openWhatsapp}
        </a>
        <Link to="/my-orders" className={buttonVariants({ variant: 'secondary' })}>
          {nav.myOrders}
        </Link>
      </div>
    </section>
  );
}
