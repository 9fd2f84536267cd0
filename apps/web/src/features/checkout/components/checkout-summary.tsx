import { useId } from 'react';
import { formatMoney } from '@mayorista/core/money';
import { cart as cartTexts } from '@mayorista/core/messages/cart';
import { cartPage } from '@mayorista/core/messages/cartPage';
import { points as pointsTexts } from '@mayorista/core/messages/points';
import { ivaSummaryRows } from '@mayorista/core/iva';
import { iva as ivaTexts } from '@mayorista/core/messages/iva';
import { Button } from '../../../components/ui/button';
import { useCart } from '../../../lib/cart';
import type { Checkout } from '../use-checkout';

/** The side panel of /cart: totals, notes, the points choice and "Realizar pedido". */
export function CheckoutSummary({ checkout }: { checkout: Checkout }) {
  const cart = useCart();
  const notesId = useId();
  const pointsId = useId();
  const { placing, payWithPoints, saldoPuntos, pointsError } = checkout;
  const pointsShort = payWithPoints && saldoPuntos !== null && saldoPuntos < cart.total;

  return (
    <aside aria-labelledby="cart-summary-title" className="h-fit rounded-lg border border-slate-200 bg-white p-4 lg:sticky lg:top-20">
      <h2 id="cart-summary-title" className="text-lg font-semibold">
        {cartPage.summaryTitle}
      </h2>
      <dl className="mt-3 space-y-1">
        {cart.totalSavings > 0 ? (
          <div className="flex justify-between text-green-800">
            <dt>{cartPage.totalSavings}</dt>
            <dd className="tabular-nums" data-testid="cart-savings">
              {formatMoney(cart.totalSavings)}
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
        <p className="mt-2 rounded-md bg-amber-50 p-2 text-sm font-medium text-amber-950" role="status" data-testid="minimum-order">
          {cartTexts.minimumOrderMissing(formatMoney(cart.missingForMinimum))}
        </p>
      ) : null}

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

      <div className="mt-3 flex items-start gap-2">
        <input
          id={pointsId}
          type="checkbox"
          checked={payWithPoints}
          onChange={(event) => checkout.setPayWithPoints(event.target.checked)}
          aria-describedby={`${pointsId}-balance`}
          className="mt-1 size-5 accent-brand-700"
        />
        <label htmlFor={pointsId} className="text-sm">
          <span className="font-medium">{cartPage.payWithPoints}</span>
          <span id={`${pointsId}-balance`} className="block text-slate-600">
            {saldoPuntos !== null
              ? cartPage.pointsBalance(formatMoney(saldoPuntos))
              : pointsError
                ? pointsTexts.errorText
                : pointsTexts.loading}
          </span>
        </label>
      </div>
      {pointsShort ? (
        <p className="mt-2 text-sm text-amber-900" role="status">
          {pointsTexts.insufficient}
        </p>
      ) : null}

      <Button className="mt-4 w-full" onClick={() => void checkout.placeOrder()} disabled={placing || cart.blocked} aria-busy={placing}>
        {placing ? cartPage.placingOrder : cartPage.placeOrder}
      </Button>
    </aside>
  );
}
