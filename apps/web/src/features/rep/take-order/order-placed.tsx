import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { orderNumber } from '@mayorista/core/constants';
import { rep as t } from '@mayorista/core/messages/rep';
import { formatMoney } from '@mayorista/core/money';
import type { PlaceOrderResult } from '@mayorista/core/schemas/order';
import { Button, buttonVariants } from '../../../components/ui/button';
import { normalizeArgentinePhone, statusWhatsappUrl } from '@mayorista/core/order-message';
import type { RepCustomer } from '@mayorista/core/schemas/staff';
import { appConfig } from '../../../lib/app-config';
import { customerPath } from '../components/customer-parts';
import { OrderDeliveryDate } from '../../../components/orders/order-delivery';

/** After "Realizar pedido": the order's number and total as the server placed them. */
export function OrderPlaced({ result, customer, onNewOrder }: { result: PlaceOrderResult; customer: RepCustomer; onNewOrder: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const number = orderNumber(result.order.id);
  const total = formatMoney(result.order.total);
  // To the customer's own WhatsApp (the placement's whatsapp_url goes to the business's number).
  const whatsapp = customer.whatsapp ? statusWhatsappUrl(normalizeArgentinePhone(customer.whatsapp), t.shareText(customer.nombre, number, total, appConfig.catalogName)) : null;
  return (
    <section role="status" className="space-y-3 rounded-lg border border-green-300 bg-green-50 p-4 text-green-950" data-testid="rep-order-placed">
      <h2 ref={heading} tabIndex={-1} className="text-lg font-bold outline-none">
        {t.placedTitle}
      </h2>
      <p>{t.placedText(number, total)}</p>
      <OrderDeliveryDate order={result.order} />
      <div className="grid gap-2 sm:grid-cols-2">
        {whatsapp ? (
          <a href={whatsapp} target="_blank" rel="noopener noreferrer" className={buttonVariants({ variant: 'secondary', className: 'sm:col-span-2' })}>
            {t.shareWhatsapp}
          </a>
        ) : null}
        <Link to={customerPath(customer.id)} className={buttonVariants({ variant: 'secondary' })}>
          {t.backToCustomer}
        </Link>
        <Button onClick={onNewOrder}>{t.newOrder}</Button>
      </div>
    </section>
  );
}

/** Without signal: the order waits on the phone and goes by itself when the network returns. */
export function OrderQueued({ customerId, onNewOrder }: { customerId: string; onNewOrder: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section role="status" className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950" data-testid="rep-order-queued">
      <h2 ref={heading} tabIndex={-1} className="text-lg font-bold outline-none">
        {t.queuedOrderTitle}
      </h2>
      <p>{t.queuedOrderText}</p>
      <div className="grid gap-2 sm:grid-cols-2">
        <Link to={customerPath(customerId)} className={buttonVariants({ variant: 'secondary' })}>
          {t.backToCustomer}
        </Link>
        <Button onClick={onNewOrder}>{t.newOrder}</Button>
      </div>
    </section>
  );
}
