import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { orderNumber } from '@mayorista/core/constants';
import { formatMoney } from '@mayorista/core/money';
import { messages } from '@mayorista/core/messages';
import type { Order } from '@mayorista/core/schemas/order';
import { Button, buttonVariants } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { useAuth } from '../../auth';
import { ordersQueryKey, placeOrder } from '../../orders';
import { updatePointsBalance, usePointsBalance } from '../../points';
import { CartLineItem } from './cart-line-item';
import { useCart } from '../hooks/use-cart';
import { newIdempotencyKey, openWhatsapp } from '../checkout';

interface Confirmation {
  order: Order;
  whatsappUrl: string;
  whatsappBlocked: boolean;
}

function OrderConfirmation({ confirmation }: { confirmation: Confirmation }) {
  const number = orderNumber(confirmation.order.id);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The button that was focused disappears with the emptied cart; keyboard and screen-reader users land here.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section aria-labelledby="order-confirmation-title" className="rounded-lg border border-green-300 bg-green-50 p-4" data-testid="order-confirmation">
      <h2 id="order-confirmation-title" ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-green-900 outline-none">
        {messages.orders.confirmationTitle(number)}
      </h2>
      <p className="mt-1 text-green-900">{messages.orders.successText(number)}</p>
      {confirmation.whatsappBlocked ? <p className="mt-2 text-sm text-slate-800" role="alert">{messages.orders.whatsappBlocked}</p> : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <a href={confirmation.whatsappUrl} target="_blank" rel="noopener noreferrer" className={buttonVariants({ variant: 'primary' })}>
          {messages.orders.openWhatsapp}
        </a>
        <Link to="/my-orders" className={buttonVariants({ variant: 'secondary' })}>
          {messages.nav.myOrders}
        </Link>
      </div>
    </section>
  );
}

/** /cart: lines with quantity controls and price previews, notes, points choice and "Realizar pedido". */
export default function CartPage() {
  const { user } = useAuth();
  const cart = useCart();
  const { saldoPuntos, error: pointsError } = usePointsBalance();
  const queryClient = useQueryClient();
  const [observaciones, setObservaciones] = useState('');
  const [payWithPoints, setPayWithPoints] = useState(false);
  const [placing, setPlacing] = useState(false);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  // Kept across retries of the same checkout; a new key only after an order went through.
  const idempotencyKeyRef = useRef<string | null>(null);
  // A second click in the same tick, before React re-renders the disabled button.
  const placingRef = useRef(false);
  const notesId = useId();
  const pointsId = useId();

  const onPlaceOrder = async () => {
    if (placingRef.current) return;
    if (cart.items.length === 0 || !user) {
      toast({ title: messages.orders.createErrorTitle, description: messages.cart.emptyOrSignedOut, variant: 'destructive' });
      return;
    }
    placingRef.current = true;
    setPlacing(true);
    idempotencyKeyRef.current ??= newIdempotencyKey();
    try {
      // The server cart should match what is ordered; the order then empties it.
      await cart.flushSave();
      const result = await placeOrder({
        items: cart.items.map((line) => ({ product_id: line.product.id, quantity: line.quantity })),
        observaciones,
        canjeado_con_puntos: payWithPoints,
        idempotency_key: idempotencyKeyRef.current,
      });
      idempotencyKeyRef.current = null;
      cart.clear();
      updatePointsBalance(queryClient, user.id, result.saldo_puntos);
      void queryClient.invalidateQueries({ queryKey: ordersQueryKey(user.id) });
      setObservaciones('');
      setPayWithPoints(false);
      const number = orderNumber(result.order.id);
      toast({ title: messages.orders.successTitle, description: messages.orders.successText(number) });
      const opened = openWhatsapp(result.whatsapp_url);
      setConfirmation({ order: result.order, whatsappUrl: result.whatsapp_url, whatsappBlocked: !opened });
    } catch (error) {
      toast({ title: messages.orders.createErrorTitle, description: (error as Error).message, variant: 'destructive' });
    } finally {
      placingRef.current = false;
      setPlacing(false);
    }
  };

  const heading = (
    <h1 className="text-2xl font-bold text-slate-900">
      {messages.cart.pageTitle}
    </h1>
  );

  if (cart.status === 'loading' && cart.items.length === 0) {
    return (
      <section className="mx-auto w-full max-w-4xl px-4 py-6">
        {heading}
        <Spinner label={messages.cart.loading} />
      </section>
    );
  }

  if (cart.status === 'error' && cart.items.length === 0) {
    return (
      <section className="mx-auto w-full max-w-4xl px-4 py-6">
        {heading}
        <p role="alert" className="mt-4 text-red-800">
          {messages.cart.loadError}
        </p>
        <Button className="mt-3" variant="secondary" onClick={cart.reload}>
          {messages.orders.retry}
        </Button>
      </section>
    );
  }

  if (cart.items.length === 0) {
    return (
      <section className="mx-auto flex w-full max-w-4xl flex-col gap-4 px-4 py-6">
        {heading}
        {confirmation ? <OrderConfirmation confirmation={confirmation} /> : null}
        <p className="text-slate-700">{messages.cart.empty}</p>
        <Link to="/catalog" className={buttonVariants({ variant: confirmation ? 'secondary' : 'primary', className: 'self-start' })}>
          {messages.cart.goToCatalog}
        </Link>
      </section>
    );
  }

  const pointsShort = payWithPoints && saldoPuntos !== null && saldoPuntos < cart.total;

  return (
    <section className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-6 lg:grid-cols-[1fr_20rem]">
      <div>
        {heading}
        <ul className="mt-2" aria-label={messages.cart.pageTitle}>
          {cart.items.map((line) => (
            <CartLineItem key={line.product.id} line={line} onQuantityChange={cart.setQuantity} onRemove={cart.removeItem} disabled={placing} />
          ))}
        </ul>
      </div>

      <aside aria-labelledby="cart-summary-title" className="h-fit rounded-lg border border-slate-200 bg-white p-4 lg:sticky lg:top-20">
        <h2 id="cart-summary-title" className="text-lg font-semibold">
          {messages.cart.summaryTitle}
        </h2>
        <dl className="mt-3 space-y-1">
          {cart.totalSavings > 0 ? (
            <div className="flex justify-between text-green-800">
              <dt>{messages.cart.totalSavings}</dt>
              <dd className="tabular-nums" data-testid="cart-savings">
                {formatMoney(cart.totalSavings)}
              </dd>
            </div>
          ) : null}
          <div className="flex justify-between text-lg font-bold">
            <dt>{messages.cart.total}</dt>
            <dd className="tabular-nums" data-testid="cart-page-total">
              {formatMoney(cart.total)}
            </dd>
          </div>
        </dl>

        <label htmlFor={notesId} className="mt-4 block text-sm font-medium text-slate-900">
          {messages.cart.notesLabel}
        </label>
        <p id={`${notesId}-hint`} className="text-xs text-slate-600">
          {messages.cart.notesHint}
        </p>
        <textarea
          id={notesId}
          aria-describedby={`${notesId}-hint`}
          value={observaciones}
          maxLength={2000}
          rows={3}
          onChange={(event) => setObservaciones(event.target.value)}
          className="mt-1 w-full rounded-md border border-slate-300 p-2 text-base"
        />

        <div className="mt-3 flex items-start gap-2">
          <input
            id={pointsId}
            type="checkbox"
            checked={payWithPoints}
            onChange={(event) => setPayWithPoints(event.target.checked)}
            aria-describedby={`${pointsId}-balance`}
            className="mt-1 size-5 accent-brand-700"
          />
          <label htmlFor={pointsId} className="text-sm">
            <span className="font-medium">{messages.cart.payWithPoints}</span>
            <span id={`${pointsId}-balance`} className="block text-slate-600">
              {saldoPuntos !== null
                ? messages.cart.pointsBalance(formatMoney(saldoPuntos))
                : pointsError
                  ? messages.points.errorText
                  : messages.points.loading}
            </span>
          </label>
        </div>
        {pointsShort ? (
          <p className="mt-2 text-sm text-amber-900" role="status">
            {messages.points.insufficient}
          </p>
        ) : null}

        <Button className="mt-4 w-full" onClick={() => void onPlaceOrder()} disabled={placing} aria-busy={placing}>
          {placing ? messages.cart.placingOrder : messages.cart.placeOrder}
        </Button>
      </aside>
    </section>
  );
}
