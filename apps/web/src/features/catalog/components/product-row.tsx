import { memo } from 'react';
import { products } from '@mayorista/core/messages/products';
import { formatMoney } from '@mayorista/core/money';
import { priceLine } from '@mayorista/core/pricing';
import { largestQuantity, quantityProblemText, quantityRuleHints } from '@mayorista/core/quantity-rules';
import { Link } from 'react-router';
import { productPath } from '@mayorista/core/product-slug';
import { FavoriteStar } from '../../../components/favorite-star';
import { Button } from '../../../components/ui/button';
import { QuantitySelector } from './quantity-selector';
import { StockOffer } from './stock-offer';
import { stockLevel, useQuantityDraft, wholesaleOf, type FavoriteProps, type ProductViewProps } from './product-view';

const t = products.catalog;

export type ProductRowProps = ProductViewProps & FavoriteProps;

/** Moves the keyboard to the next row's quantity field (type, Enter adds, on to the next product). */
function focusNextQuantity(from: HTMLInputElement) {
  const fields = [...document.querySelectorAll<HTMLInputElement>('[data-order-quantity] input[inputmode="numeric"]')];
  const next = fields[fields.indexOf(from) + 1];
  if (next) {
    next.focus();
    next.select();
  }
}

/**
 * One product of the order-form view (the wholesale-ordering work, decision 016): a compact row with name, SKU, the unit
 * price for the quantity typed (tiers applied live), rule and stock hints, the quantity and "Agregar".
 */
export const ProductRow = memo(function ProductRow({
  product,
  kind,
  onAddToCart,
  starred = false,
  onToggleFavorite,
}: ProductRowProps) {
  const { draft, setDraft, typed, quantity, problem } = useQuantityDraft(product);
  const wholesale = wholesaleOf(product, kind);
  const price = wholesale ? priceLine(wholesale, quantity, 'wholesale') : priceLine(product, 1, 'retail');
  const { soldOut, lowStock } = stockLevel(product);
  const details = [product.sku ? t.skuLabel(product.sku) : null, ...quantityRuleHints(product)].filter(Boolean).join(' · ');
  // The next tier at a glance ("−8 % desde 12"), so the discount is seen before the cart.
  const next = wholesale ? price.nextTier : null;
  const nextPercent = next && price.unitPrice > 0 ? Math.round((1 - next.unitPrice / price.unitPrice) * 100) : 0;
  const headingId = `row-${product.id}-name`;
  const problemId = `row-${product.id}-problem`;

  const add = (): boolean => (onAddToCart && wholesale ? onAddToCart(wholesale, typed) !== false : false);

  return (
    <article aria-labelledby={headingId} className="border-b border-slate-200 bg-white px-3 py-2" data-testid="product-row">
      {/* One line on wide screens (details left, quantity right); stacked on a phone. */}
      <div className="md:flex md:items-center md:gap-4">
        <div className="min-w-0 md:flex-1">
          <div className="flex items-baseline justify-between gap-2">
            <h2 id={headingId} className="text-sm leading-snug font-semibold text-slate-900">
              {/* 44 px to a finger, not to the row: the padding is taken back by the negative margin. */}
              <Link to={productPath(product)} className="-my-3.5 block py-3.5 hover:underline focus-visible:underline">
                <span className="line-clamp-2">{product.name}</span>
              </Link>
            </h2>
            <p className="shrink-0 text-right text-sm font-bold text-slate-900 tabular-nums" data-testid="unit-price">
              <span className="sr-only">{t.currentPrice} </span>
              {formatMoney(price.unitPrice)}
              <span className="text-xs font-normal text-slate-600"> {t.perUnit}</span>
            </p>
          </div>
          <p className="text-xs text-slate-700">
            {details}
            {soldOut ? (
              <span className="font-semibold text-red-700">
                {details ? ' · ' : ''}
                {t.outOfStock}
              </span>
            ) : null}
            {next && nextPercent > 0 ? (
              <span className="font-semibold text-brand-800" data-testid="next-tier-short">
                {details ? ' · ' : ''}
                {t.nextTierShort(nextPercent, quantity + next.missing)}
              </span>
            ) : null}
            {lowStock ? (
              <span className="font-medium text-amber-800">
                {details ? ' · ' : ''}
                {t.lowStock(product.stock)}
              </span>
            ) : null}
          </p>
        </div>
        {onAddToCart && wholesale && !soldOut ? (
          <div className="mt-1 flex items-center justify-end gap-2 md:mt-0" data-order-quantity>
            {onToggleFavorite ? (
              <FavoriteStar
                productName={product.name}
                starred={starred}
                onToggle={(next) => onToggleFavorite(product.id, next)}
                className="mr-auto -ml-2 md:mr-0"
              />
            ) : null}
            <QuantitySelector
              value={draft}
              onChange={setDraft}
              rules={product}
              max={largestQuantity(product)}
              onSubmit={(input) => {
                if (add()) focusNextQuantity(input);
              }}
              productName={product.name}
              describedBy={problem ? problemId : undefined}
            />
            <Button size="sm" className="min-h-11" onClick={() => add()}>
              {t.addShort}
            </Button>
          </div>
        ) : onToggleFavorite ? (
          // Sold out: no quantity, but the product can still be starred for later.
          <FavoriteStar
            productName={product.name}
            starred={starred}
            onToggle={(next) => onToggleFavorite(product.id, next)}
            className="-ml-2"
          />
        ) : null}
      </div>
      <p
        id={problemId}
        aria-live="polite"
        className="text-xs font-medium text-red-800 empty:hidden"
        data-testid="quantity-problem"
      >
        {problem && wholesale ? quantityProblemText(problem, product.name) : null}
      </p>
      {onAddToCart && wholesale ? (
        <StockOffer
          product={product}
          problem={problem}
          onAccept={(offer) => {
            setDraft(String(offer));
            onAddToCart(wholesale, offer);
          }}
        />
      ) : null}
    </article>
  );
});
