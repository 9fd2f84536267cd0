import { memo } from 'react';
import { products as productsTexts } from '@mayorista/core/messages/products';
import { formatMoney } from '@mayorista/core/money';
import { priceLine, tierLadder } from '@mayorista/core/pricing';
import { largestQuantity, quantityProblemText, quantityRuleHints } from '@mayorista/core/quantity-rules';
import type { CatalogueProduct } from '@mayorista/core/schemas/product';
import { Link } from 'react-router';
import { productPath } from '@mayorista/core/product-slug';
import { FavoriteStar } from '../../../components/favorite-star';
import { Button } from '../../../components/ui/button';
import { QuantitySelector } from './quantity-selector';
import { StockOffer } from './stock-offer';
import { stockLevel, useQuantityDraft, wholesaleOf, type FavoriteProps, type ProductViewProps } from './product-view';

const t = productsTexts.catalog;

/** Rendered size of the image box; width/height reserve the space so cards do not jump while images load. */
const IMAGE_WIDTH = 400;
const IMAGE_HEIGHT = 300;

export type ProductCardProps = ProductViewProps & FavoriteProps;

function stockState(product: CatalogueProduct): { label: string | null; soldOut: boolean; max: number } {
  const { soldOut, lowStock } = stockLevel(product);
  return {
    label: soldOut ? t.outOfStock : lowStock ? t.lowStock(product.stock) : null,
    soldOut,
    max: soldOut ? 0 : largestQuantity(product),
  };
}

function SaleBadge({ className }: { className: string }) {
  return (
    <span className={`${className} rounded-full bg-red-700 px-2.5 py-1 text-xs font-bold tracking-wide text-white uppercase`}>
      {t.saleBadge}
    </span>
  );
}

/** One product of the catalogue. Presentational: prices come from the core pricing engine. */
export const ProductCard = memo(function ProductCard({
  product,
  kind,
  onAddToCart,
  starred = false,
  onToggleFavorite,
}: ProductCardProps) {
  const { draft, setDraft, typed, quantity, problem } = useQuantityDraft(product);
  const hints = quantityRuleHints(product);
  const problemId = `product-${product.id}-problem`;
  const wholesale = wholesaleOf(product, kind);
  const price = (units: number) => (wholesale ? priceLine(wholesale, units, 'wholesale') : priceLine(product, units, 'retail'));
  const single = price(1);
  const selected = price(quantity);
  const ladder = wholesale ? tierLadder(wholesale) : [];
  const stock = stockState(product);
  const headingId = `product-${product.id}-name`;

  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm"
    >
      {/* Without an image the card shows no empty box (the wholesale-ordering work, decision 016): a phone fits more products per screen. */}
      {product.image_url ? (
        <div className="relative">
          <img
            src={product.image_url}
            alt=""
            width={IMAGE_WIDTH}
            height={IMAGE_HEIGHT}
            loading="lazy"
            decoding="async"
            className="aspect-[4/3] w-full bg-slate-100 object-cover"
          />
          {single.applied === 'sale' ? <SaleBadge className="absolute top-2 left-2" /> : null}
        </div>
      ) : null}

      <div className="flex flex-1 flex-col gap-2 p-3">
        {!product.image_url && single.applied === 'sale' ? <SaleBadge className="self-start" /> : null}
        {product.category ? (
          <p className="text-xs font-medium tracking-wide text-slate-600 uppercase">{product.category}</p>
        ) : null}
        <div className="flex items-start justify-between gap-1">
          <h2 id={headingId} className="text-base leading-snug font-semibold text-slate-900">
            {/* 44 px to a finger, not to the card: the padding is taken back by the negative margin. */}
            <Link to={productPath(product)} className="-my-3.5 block py-3.5 hover:underline focus-visible:underline">
              {product.name}
            </Link>
          </h2>
          {onToggleFavorite ? (
            <FavoriteStar
              productName={product.name}
              starred={starred}
              onToggle={(next) => onToggleFavorite(product.id, next)}
              className="-mt-2.5 -mr-2"
            />
          ) : null}
        </div>

        <p className="flex flex-wrap items-baseline gap-x-2">
          {single.applied === 'sale' ? (
            <s className="text-sm text-slate-600">
              <span className="sr-only">{t.previousPrice} </span>
              {formatMoney(single.basePrice)}
            </s>
          ) : null}
          <span className="text-xl font-bold text-slate-900" data-testid="unit-price">
            <span className="sr-only">{t.currentPrice} </span>
            {formatMoney(single.unitPrice)}
          </span>
          <span className="text-sm text-slate-600">{t.perUnit}</span>
        </p>

        {ladder.length > 0 ? (
          <ul aria-label={t.tiersLabel} className="space-y-0.5 text-sm text-brand-900">
            {ladder.map((step) => (
              <li key={step.minQuantity}>{t.tierStep(step.minQuantity, formatMoney(step.unitPrice))}</li>
            ))}
          </ul>
        ) : null}

        {hints.length > 0 ? (
          <p className="flex flex-wrap gap-1 text-xs font-semibold text-slate-800" data-testid="quantity-rules">
            {hints.map((hint) => (
              <span key={hint} className="rounded bg-slate-100 px-1.5 py-0.5">
                {hint}
              </span>
            ))}
          </p>
        ) : null}

        {stock.label ? (
          <p className={stock.soldOut ? 'text-sm font-semibold text-red-700' : 'text-sm font-medium text-amber-800'}>
            {stock.label}
          </p>
        ) : null}

        {onAddToCart && wholesale && !stock.soldOut ? (
          <div className="mt-auto space-y-2 pt-2">
            <QuantitySelector
              value={draft}
              onChange={setDraft}
              rules={product}
              max={stock.max}
              onSubmit={() => onAddToCart(wholesale, typed)}
              productName={product.name}
              describedBy={problem ? problemId : undefined}
            />
            <p
              id={problemId}
              aria-live="polite"
              className="text-sm font-medium text-red-800 empty:hidden"
              data-testid="quantity-problem"
            >
              {problem ? quantityProblemText(problem, product.name) : null}
            </p>
            <StockOffer
              product={product}
              problem={problem}
              onAccept={(offer) => {
                setDraft(String(offer));
                onAddToCart(wholesale, offer);
              }}
            />
            {selected.nextTier ? (
              <p className="text-sm text-slate-700" aria-live="polite">
                {t.nextTierHint(selected.nextTier.missing, formatMoney(selected.nextTier.unitPrice))}
              </p>
            ) : null}
            <Button className="w-full" onClick={() => onAddToCart(wholesale, typed)}>
              {t.addToCart}
            </Button>
          </div>
        ) : null}
      </div>
    </article>
  );
});
