import { useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { formatShortDateTime } from '@mayorista/core/date-time';
import { formatMoney } from '@mayorista/core/money';
import { cart as cartTexts } from '@mayorista/core/messages/cart';
import { cartPage } from '@mayorista/core/messages/cartPage';
import { nav as navTexts } from '@mayorista/core/messages/nav';
import { points as pointsTexts } from '@mayorista/core/messages/points';
import { ivaSummaryRows, savingsLabel, savingsView } from '@mayorista/core/iva';
import { iva as ivaTexts } from '@mayorista/core/messages/iva';
import { offline as offlineTexts } from '@mayorista/core/messages/offline';
import { Button } from '../../../components/ui/button';
import { useCart } from '../../../lib/cart';
import { useShellInset } from '../../../lib/hooks/use-shell-inset';
import { useOfflineState } from '../../../lib/offline/offline-state';
import type { Checkout } from '../use-checkout';
import { CreditBarNote, CreditLine } from './credit-line';
import { DeliveryLine } from './delivery-line';

/** Savings, the IVA rows, the total, the IVA note and what the minimum order still misses. */
function CartTotals() {
  const cart = useCart();
  const { pricesIncludeIva, itemised } = cart.iva;
  // The sum of the savings the lines show, in their basis (net to a Responsable Inscripto).
  const savings = savingsView(
    cart.items.map((item) => ({ savings: item.price.savings, rate: item.iva.rate })),
    pricesIncludeIva,
    itemised,
  );
  return (
    <>
      <dl className="mt-3 space-y-1">
        {cart.totalSavings > 0 ? (
          <div className="flex justify-between text-green-800">
            <dt>{savingsLabel(itemised)}</dt>
            <dd className="tabular-nums" data-testid="cart-savings">
              {formatMoney(savings)}
            </dd>
          </div>
        ) : null}
        {cart.items.length > 0
          ? ivaSummaryRows(cart.iva.breakdown, cart.iva.itemised).map((row) => (
              <div key={row.label} className="flex justify-between text-slate-700" data-testid="cart-iva-row">
                <dt>{row.label}</dt>
                <dd className="tabular-nums">{formatMoney(row.amount)}</dd>
              </div>
            ))
          : null}
        <div className="flex justify-between text-lg font-bold">
          <dt>{cartPage.total}</dt>
          <dd className="tabular-nums" data-testid="cart-page-total">
            {formatMoney(cart.total)}
          </dd>
        </div>
      </dl>
      <p className="mt-1 text-xs text-slate-600" data-testid="cart-iva-note">
        {cart.iva.itemised ? ivaTexts.itemisedNote : ivaTexts.finalPricesNote}
      </p>
      {cart.missingForMinimum > 0 ? (
        <p
          className="mt-2 rounded-md bg-amber-50 p-2 text-sm font-medium text-amber-950"
          role="status"
          data-testid="minimum-order"
        >
          {cartTexts.minimumOrderMissing(formatMoney(cart.missingForMinimum))}
        </p>
      ) : null}
    </>
  );
}

/** "Observaciones" for the order. */
function NotesField({ checkout }: { checkout: Checkout }) {
  const notesId = useId();
  return (
    <>
      <label htmlFor={notesId} className="mt-4 block text-sm font-medium text-slate-900">
        {cartPage.notesLabel}
      </label>
      <p id={`${notesId}-hint`} className="text-xs text-slate-600">
        {cartPage.notesHint}
      </p>
      <textarea
        id={notesId}
        aria-describedby={`${notesId}-hint`}
        value={checkout.observaciones}
        maxLength={2000}
        rows={3}
        onChange={(event) => checkout.setObservaciones(event.target.value)}
        className="mt-1 w-full rounded-md border border-slate-300 p-2 text-base"
      />
    </>
  );
}

/** What "Pagar con puntos" says under it: the balance, or why it is not known; offline, that points need the network. */
function pointsLine({ saldoPuntos, pointsError, pointsOffline, pointsKnownAt }: Checkout, online: boolean): string {
  if (pointsOffline || !online) {
    const known =
      saldoPuntos !== null && pointsKnownAt
        ? `${pointsTexts.knownBalanceShort(formatMoney(saldoPuntos), formatShortDateTime(pointsKnownAt))} `
        : '';
    return `${known}${pointsTexts.offline}.`;
  }
  if (saldoPuntos !== null) return cartPage.pointsBalance(formatMoney(saldoPuntos));
  return pointsError ? pointsTexts.errorText : pointsTexts.loading;
}

/** "Pagar con puntos", with the balance (or why it is not known) and a warning when it falls short. */
function PointsChoice({ checkout }: { checkout: Checkout }) {
  const cart = useCart();
  const pointsId = useId();
  const { payWithPoints, saldoPuntos } = checkout;
  const { online } = useOfflineState();
  const pointsShort = payWithPoints && saldoPuntos !== null && saldoPuntos < cart.total;
  return (
    <>
      {/* The whole label is what a finger hits (44 px and more), the box included. */}
      <label htmlFor={pointsId} className="mt-3 flex min-h-11 items-start gap-2 text-sm">
        <input
          id={pointsId}
          type="checkbox"
          checked={payWithPoints}
          onChange={(event) => checkout.setPayWithPoints(event.target.checked)}
          aria-describedby={`${pointsId}-balance`}
          className="mt-1 size-5 shrink-0 accent-brand-700"
        />
        <span>
          <span className="block font-medium">{cartPage.payWithPoints}</span>
          <span id={`${pointsId}-balance`} data-testid="checkout-points-balance" className="block text-slate-600">
            {pointsLine(checkout, online)}
          </span>
        </span>
      </label>
      {pointsShort ? (
        <p className="mt-2 text-sm text-amber-900" role="status">
          {pointsTexts.insufficient}
        </p>
      ) : null}
    </>
  );
}

/** The side panel of /cart: totals, notes, the points choice and "Realizar pedido". */
export function CheckoutSummary({ checkout }: { checkout: Checkout }) {
  const cart = useCart();
  return (
    <aside
      aria-labelledby="cart-summary-title"
      className="h-fit rounded-lg border border-slate-200 bg-white p-4 lg:sticky lg:top-20"
    >
      <h2 id="cart-summary-title" className="text-lg font-semibold">
        {cartPage.summaryTitle}
      </h2>
      <CartTotals />
      <DeliveryLine />
      <CreditLine orderTotal={cart.total} payWithPoints={checkout.payWithPoints} refusal={checkout.failure?.credit ?? null} />
      <NotesField checkout={checkout} />
      <PointsChoice checkout={checkout} />

      {/* On a phone the fixed bar below carries the failure and the button (decision 033). */}
      <div className="hidden lg:block">
        <OrderFailure checkout={checkout} />
        <PlaceOrderButton checkout={checkout} className="mt-4 w-full" />
      </div>
    </aside>
  );
}

function PlaceOrderButton({ checkout, className }: { checkout: Checkout; className: string }) {
  const cart = useCart();
  return (
    <Button
      className={className}
      onClick={() => void checkout.placeOrder()}
      disabled={checkout.placing || cart.blocked}
      aria-busy={checkout.placing}
    >
      {checkout.placing ? cartPage.placingOrder : cartPage.placeOrder}
    </Button>
  );
}

/** Why the last attempt did not go through, right where the person tapped, with "Reintentar". */
function OrderFailure({ checkout }: { checkout: Checkout }) {
  const { failure } = checkout;
  // A credit refusal is the credit notice's to explain, once; retrying it cannot help.
  if (!failure || failure.credit) return null;
  return (
    <div
      role="alert"
      className="mt-3 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900"
      data-testid="order-failure"
    >
      <p className="font-semibold">{failure.offline ? cartPage.offlineTitle : cartPage.failedTitle}</p>
      <p>{failure.message}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        {failure.queueAnyway ? (
          <Button size="sm" variant="secondary" onClick={() => void checkout.queueAnyway()} disabled={checkout.placing}>
            {offlineTexts.queueAnyway}
          </Button>
        ) : (
          <Button size="sm" variant="secondary" onClick={() => void checkout.placeOrder()} disabled={checkout.placing}>
            {cartPage.retryOrder}
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={checkout.dismissFailure}>
          {cartPage.dismiss}
        </Button>
      </div>
    </div>
  );
}

/**
 * Phones (below lg): a bar fixed at the bottom with the total and "Realizar pedido", so a 40-line
 * cart is ordered without scrolling to its end; the summary above keeps notes and points.
 */
export function CheckoutBar({ checkout }: { checkout: Checkout }) {
  const cart = useCart();
  const bar = useRef<HTMLDivElement>(null);
  useShellInset(bar, '--shell-bottom');
  // Portalled to the body: the page's enter animation leaves a transform on its wrapper, which
  // would make "fixed" mean "fixed to the page" instead of to the screen.
  return createPortal(
    <div
      ref={bar}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white/95 px-4 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] shadow-[0_-2px_8px_rgba(0,0,0,0.08)] backdrop-blur lg:hidden"
      data-testid="checkout-bar"
    >
      <OrderFailure checkout={checkout} />
      {cart.missingForMinimum > 0 ? (
        <p className="text-xs font-medium text-amber-900">{cartTexts.minimumOrderMissing(formatMoney(cart.missingForMinimum))}</p>
      ) : null}
      <CreditBarNote orderTotal={cart.total} payWithPoints={checkout.payWithPoints} refusal={checkout.failure?.credit ?? null} />
      <div className="mt-1 flex items-center gap-3">
        <p className="min-w-0 flex-1 leading-tight">
          <span className="block text-xs text-slate-600">
            {cartPage.total} · <span data-testid="checkout-bar-count">{navTexts.cartUnits(cart.count)}</span>
          </span>
          <span className="text-lg font-bold tabular-nums" data-testid="checkout-bar-total">
            {formatMoney(cart.total)}
          </span>
        </p>
        <PlaceOrderButton checkout={checkout} className="shrink-0" />
      </div>
    </div>,
    document.body,
  );
}
