import { memo, type ReactNode } from 'react';
import { products } from '@mayorista/core/messages/products';
import { formatMoney } from '@mayorista/core/money';
import { priceLine } from '@mayorista/core/pricing';
import { quantityRuleHints } from '@mayorista/core/quantity-rules';
import type { CatalogueProduct } from '@mayorista/core/schemas/product';
import { Link } from 'react-router';
import { productPath } from '@mayorista/core/product-slug';
import { FavoriteStar } from '../../../components/favorite-star';
import { Button } from '../../../components/ui/button';
import { OrderQuantity, OrderStockOffer, QuantityProblemLine } from './order-quantity';
import { stockLevel, useProductOrder, type FavoriteProps, type ProductOrder, type ProductViewProps } from './product-view';

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

/** SKU and rules, then sold out, the next tier at a glance ("−8 % desde 12") and low stock, joined by " · ". */
function RowDetails({ product, nextShort }: { product: CatalogueProduct; nextShort: string | null }) {
  const { soldOut, lowStock } = stockLevel(product);
  const details = [product.sku ? t.skuLabel(product.sku) : null, ...quantityRuleHints(product)].filter(Boolean).join(' · ');
  const sep = details ? ' · ' : '';
  return (
    <p className="text-xs text-slate-700">
      {details}
      {soldOut ? (
        <span className="font-semibold text-red-700">
          {sep}
          {t.outOfStock}
        </span>
      ) : null}
      {nextShort ? (
        <span className="font-semibold text-brand-800" data-testid="next-tier-short">
          {sep}
          {nextShort}
        </span>
      ) : null}
      {lowStock ? (
        <span className="font-medium text-amber-800">
          {sep}
          {t.lowStock(product.stock)}
        </span>
      ) : null}
    </p>
  );
}

/** The star (when offered), the quantity (Enter adds and moves on to the next row) and "Agregar". */
function RowOrder({ product, order, star }: { product: CatalogueProduct; order: ProductOrder; star: ReactNode }) {
  return (
    <div className="mt-1 flex items-center justify-end gap-2 md:mt-0" data-order-quantity>
      {star}
      <OrderQuantity
        order={order}
        product={product}
        onSubmit={(input) => {
          if (order.add()) focusNextQuantity(input);
        }}
      />
      <Button size="sm" className="min-h-11" onClick={() => order.add()}>
        {t.addShort}
      </Button>
    </div>
  );
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
  const order = useProductOrder(product, kind, onAddToCart, 'row');
  const { wholesale } = order;
  const price = wholesale ? priceLine(wholesale, order.quantity, 'wholesale') : priceLine(product, 1, 'retail');
  // The next tier at a glance ("−8 % desde 12"), so the discount is seen before the cart.
  const next = wholesale ? price.nextTier : null;
  const nextPercent = next && price.unitPrice > 0 ? Math.round((1 - next.unitPrice / price.unitPrice) * 100) : 0;
  const nextShort = next && nextPercent > 0 ? t.nextTierShort(nextPercent, order.quantity + next.missing) : null;
  const headingId = `row-${product.id}-name`;
  const star = (className: string) =>
    onToggleFavorite ? (
      <FavoriteStar
        productName={product.name}
        starred={starred}
        onToggle={(on) => onToggleFavorite(product.id, on)}
        className={className}
      />
    ) : null;

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
          <RowDetails product={product} nextShort={nextShort} />
        </div>
        {order.canOrder && !stockLevel(product).soldOut ? (
          <RowOrder product={product} order={order} star={star('mr-auto -ml-2 md:mr-0')} />
        ) : (
          // Sold out: no quantity, but the product can still be starred for later.
          star('-ml-2')
        )}
      </div>
      <QuantityProblemLine order={order} product={product} className="text-xs" />
      {order.canOrder ? <OrderStockOffer order={order} product={product} /> : null}
    </article>
  );
});
