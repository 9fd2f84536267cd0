import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cart as cartTexts } from '@mayorista/core/messages/cart';
import { cartPage } from '@mayorista/core/messages/cartPage';
import { orders } from '@mayorista/core/messages/orders';
import { Button, buttonVariants } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useCart } from '../../../lib/cart';
import { CartLineItem } from './cart-line-item';

export interface CartViewProps {
  /** The side panel next to the lines (checkout's summary). */
  summary: ReactNode;
  /** Shown above the empty cart once an order emptied it (checkout's confirmation). */
  afterOrder: ReactNode;
  /** Orders waiting on this device to be sent (decision 043), shown above the lines or the empty cart. */
  queue?: ReactNode;
  /** Locks the lines while an order is being placed. */
  busy: boolean;
  /** Shown with the lines only: the phone's bottom bar (total and "Realizar pedido"). */
  bar?: ReactNode;
}

/** /cart's lines with quantity controls and price previews, and its loading, error and empty states. */
export function CartView({ summary, afterOrder, busy, bar, queue }: CartViewProps) {
  const cart = useCart();

  const heading = (
    <h1 className="text-2xl font-bold text-slate-900">
      {cartPage.pageTitle}
    </h1>
  );

  if (cart.status === 'loading' && cart.items.length === 0) {
    return (
      <section className="mx-auto w-full max-w-4xl px-4 py-6">
        {heading}
        <Spinner label={cartPage.loading} />
      </section>
    );
  }

  if (cart.status === 'error' && cart.items.length === 0) {
    return (
      <section className="mx-auto w-full max-w-4xl px-4 py-6">
        {heading}
        <p role="alert" className="mt-4 text-red-800">
          {cartTexts.loadError}
        </p>
        <Button className="mt-3" variant="secondary" onClick={cart.reload}>
          {orders.retry}
        </Button>
      </section>
    );
  }

  if (cart.items.length === 0) {
    return (
      <section className="mx-auto flex w-full max-w-4xl flex-col gap-4 px-4 py-6">
        {heading}
        {afterOrder}
        {queue}
        <p className="text-slate-700">{cartPage.empty}</p>
        <Link to="/catalog" className={buttonVariants({ variant: afterOrder ? 'secondary' : 'primary', className: 'self-start' })}>
          {cartPage.goToCatalog}
        </Link>
      </section>
    );
  }

  return (
    // Room at the bottom on a phone for the fixed bar, so the last line and the summary can scroll above it.
    <section className="mx-auto grid w-full max-w-5xl gap-6 px-4 pt-6 pb-36 lg:grid-cols-[1fr_20rem] lg:pb-6">
      <div>
        {heading}
        {queue ? <div className="mt-2 empty:hidden">{queue}</div> : null}
        <ul className="mt-2" aria-label={cartPage.pageTitle}>
          {cart.items.map((line) => (
            <CartLineItem key={line.product.id} line={line} onQuantityChange={cart.setQuantity} onRemove={cart.removeItem} disabled={busy} />
          ))}
        </ul>
        <Button className="mt-3" variant="ghost" size="sm" onClick={cart.clear} disabled={busy}>
          {cartPage.clearCart}
        </Button>
      </div>
      {summary}
      {bar}
    </section>
  );
}
