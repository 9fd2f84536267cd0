import { useState } from 'react';
import { formatMoney } from '@mayorista/core/money';
import { cartPage } from '@mayorista/core/messages/cartPage';
import { pricing } from '@mayorista/core/messages/pricing';
import { quantityRuleHints, stepDown, stepUp } from '@mayorista/core/quantity-rules';
import { Button } from '../../../components/ui/button';
import { ivaAmountView, ivaLineView, ivaRateLabel } from '@mayorista/core/iva';
import { iva as ivaTexts } from '@mayorista/core/messages/iva';
import { useCart, type PricedCartLine } from '../../../lib/cart';
import { maxQuantityOf } from '../../../lib/cart/cart-rules';
import { digitsOnly } from '../../../lib/digits-only';

interface CartLineItemProps {
  line: PricedCartLine;
  onQuantityChange(productId: string, quantity: number): void;
  onRemove(productId: string): void;
  disabled?: boolean;
}

interface LinePartProps {
  line: PricedCartLine;
  /** What an amount reads as for this customer: net for a Responsable Inscripto, final otherwise. */
  amount: (centavos: number) => number;
  itemised: boolean;
}

/** The unit price (with "+ IVA" when itemised), the price before a sale or tier, "Oferta" and the category. */
function UnitPriceLine({ line, shownUnitPrice, amount, itemised }: LinePartProps & { shownUnitPrice: number }) {
  const { product, price } = line;
  const discounted = price.unitPrice < price.basePrice;
  return (
    <p className="text-xs text-slate-700 sm:text-sm">
      <span className="sr-only">{cartPage.unitPrice}: </span>
      <span className="font-medium tabular-nums" data-testid="unit-price">
        {formatMoney(shownUnitPrice)}
      </span>{' '}
      c/u
      {itemised ? (
        <span className="ml-1 text-xs text-slate-600" data-testid="line-iva-rate">
          {ivaTexts.plusIva(ivaRateLabel(line.iva.rate))}
        </span>
      ) : null}
      {discounted ? (
        <>
          {' '}
          <s className="text-slate-500 tabular-nums">{cartPage.basePrice(formatMoney(amount(price.basePrice)))}</s>
        </>
      ) : null}
      {price.applied === 'sale' ? (
        <span className="ml-1 inline-block rounded bg-amber-100 px-1.5 text-xs font-semibold text-amber-900">
          {cartPage.sale}
        </span>
      ) : null}
      {/* The lines are ordered by category (decision 033): naming it makes the order readable. */}
      {product.category ? (
        <span className="text-slate-500" data-testid="line-category">
          {' · '}
          {product.category}
        </span>
      ) : null}
    </p>
  );
}

/** What applies to this line only: a price change since added, the tier, the rules, a broken rule (with its fix) and the next tier. */
function LineNotes({
  line,
  amount,
  onQuantityChange,
  disabled,
}: {
  line: PricedCartLine;
  amount: LinePartProps['amount'];
  onQuantityChange: CartLineItemProps['onQuantityChange'];
  disabled?: boolean | undefined;
}) {
  const { product, price, problem } = line;
  const hints = quantityRuleHints(product);
  return (
    <>
      {line.changedPercent !== 0 ? (
        <p
          className={`text-xs font-medium ${line.changedPercent > 0 ? 'text-red-800' : 'text-green-800'}`}
          data-testid="price-changed"
        >
          {pricing.changedSinceAdded(line.changedPercent)}
        </p>
      ) : null}
      {price.applied === 'tier' && price.tier ? (
        <p className="text-xs font-medium text-brand-800">{cartPage.tierApplied(price.tier.minQuantity)}</p>
      ) : null}
      {hints.length > 0 ? <p className="text-xs font-semibold text-slate-700">{hints.join(' · ')}</p> : null}
      {problem ? (
        <div
          className="mt-1 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950"
          role="status"
          data-testid="line-problem"
        >
          <p>{problem.text}</p>
          {problem.fix !== null ? (
            <Button
              className="mt-1"
              size="sm"
              variant="secondary"
              onClick={() => onQuantityChange(product.id, problem.fix!)}
              disabled={disabled}
            >
              {cartPage.fixQuantity(problem.fix)}
            </Button>
          ) : null}
        </div>
      ) : null}
      {price.nextTier ? (
        <p className="text-xs text-brand-800 sm:text-sm" data-testid="next-tier-hint">
          {cartPage.nextTierHint(price.nextTier.missing, formatMoney(amount(price.nextTier.unitPrice)))}
        </p>
      ) : null}
    </>
  );
}

/** − [n] + : the typed value is a draft until the field is left or Enter is pressed, so typing "12" does not pass through "1". */
function LineQuantity({
  line,
  onQuantityChange,
  disabled,
}: {
  line: PricedCartLine;
  onQuantityChange: CartLineItemProps['onQuantityChange'];
  disabled?: boolean | undefined;
}) {
  const { product, quantity } = line;
  const [draft, setDraft] = useState<string | null>(null);
  const inputId = `cantidad-${product.id}`;
  const commitDraft = () => {
    if (draft === null) return;
    setDraft(null);
    const typed = Number.parseInt(draft, 10);
    onQuantityChange(product.id, Number.isNaN(typed) ? 0 : typed);
  };
  return (
    <div className="flex items-center gap-1">
      <Button
        variant="secondary"
        size="icon"
        aria-label={cartPage.decrease(product.name)}
        onClick={() => onQuantityChange(product.id, stepDown(product, quantity))}
        disabled={disabled}
      >
        <span aria-hidden="true">−</span>
      </Button>
      <label htmlFor={inputId} className="sr-only">
        {cartPage.quantityLabel(product.name)}
      </label>
      <input
        id={inputId}
        type="text"
        role="spinbutton"
        aria-valuenow={quantity}
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="off"
        aria-valuemin={0}
        aria-valuemax={maxQuantityOf(product)}
        value={draft ?? String(quantity)}
        // Digits only, as they are typed: a letter never reaches the field (issue: "3e").
        onChange={(event) => setDraft(digitsOnly(event.target.value))}
        onBlur={commitDraft}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commitDraft();
        }}
        disabled={disabled}
        className="h-11 w-16 rounded-md border border-slate-300 bg-white px-2 text-center tabular-nums"
      />
      <Button
        variant="secondary"
        size="icon"
        aria-label={cartPage.increase(product.name)}
        onClick={() => onQuantityChange(product.id, stepUp(product, quantity))}
        disabled={disabled}
      >
        <span aria-hidden="true">+</span>
      </Button>
    </div>
  );
}

/** One cart line: unit price after sale or tier, quantity controls, line total, savings and the next-tier hint. */
export function CartLineItem({ line, onQuantityChange, onRemove, disabled }: CartLineItemProps) {
  const { product, price } = line;
  // Decision 019: a Responsable Inscripto reads net amounts (IVA at the foot), everyone else final prices.
  const { pricesIncludeIva, itemised } = useCart().iva;
  const shown = ivaLineView(price.unitPrice, line.iva, pricesIncludeIva, itemised);
  // The tier's price, the saving and the price before read in the same basis as the unit price.
  const amount = (centavos: number) => ivaAmountView(centavos, line.iva.rate, pricesIncludeIva, itemised);

  // Decision 033: compact on a phone — name and price, then one row of quantity, line total and
  // "Quitar" — so a 40-line order stays scannable; the notes below the price only when they apply.
  return (
    <li
      className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1 border-b border-slate-200 py-2 sm:grid-cols-[1fr_auto_11rem] sm:py-3"
      data-testid="cart-line"
    >
      <div className="col-span-2 min-w-0 sm:col-span-1">
        <h2 className="text-sm leading-snug font-semibold text-slate-900 sm:text-base">{product.name}</h2>
        <UnitPriceLine line={line} shownUnitPrice={shown.unitPrice} amount={amount} itemised={itemised} />
        <LineNotes line={line} amount={amount} onQuantityChange={onQuantityChange} disabled={disabled} />
      </div>
      <LineQuantity line={line} onQuantityChange={onQuantityChange} disabled={disabled} />
      <div className="flex items-center justify-end gap-1">
        <p className="text-right">
          <span className="sr-only">{cartPage.lineTotal}: </span>
          <span className="font-semibold tabular-nums" data-testid="line-total">
            {formatMoney(shown.total)}
          </span>
          {price.savings > 0 ? (
            <span className="block text-xs text-green-800" data-testid="line-savings">
              {cartPage.lineSavings(formatMoney(amount(price.savings)))}
            </span>
          ) : null}
        </p>
        <Button
          variant="ghost"
          size="icon"
          className="px-2 text-xs"
          aria-label={cartPage.remove(product.name)}
          onClick={() => onRemove(product.id)}
          disabled={disabled}
        >
          {cartPage.removeShort}
        </Button>
      </div>
    </li>
  );
}
