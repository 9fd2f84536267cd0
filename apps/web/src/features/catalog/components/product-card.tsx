import { memo } from 'react';
import { products as productsTexts } from '@mayorista/core/messages/products';
import { formatMoney } from '@mayorista/core/money';
import { priceLine, tierLadder, type LinePrice } from '@mayorista/core/pricing';
import { quantityRuleHints } from '@mayorista/core/quantity-rules';
import type { CatalogueProduct, Product } from '@mayorista/core/schemas/product';
import { Link } from 'react-router';
import { productPath } from '@mayorista/core/product-slug';
import { FavoriteStar } from '../../../components/favorite-star';
import { Button } from '../../../components/ui/button';
import { OrderQuantity, OrderStockOffer, QuantityProblemLine } from './order-quantity';
import { NextTierHint, RuleHints, SaleBadge, TierLadder } from './price-parts';
import { stockLevel, useProductOrder, type FavoriteProps, type ProductOrder, type ProductViewProps } from './product-view';

const t = productsTexts.catalog;

/** Rendered size of the image box; width/height reserve the space so cards do not jump while images load. */
const IMAGE_WIDTH = 400;
const IMAGE_HEIGHT = 300;

export type ProductCardProps = ProductViewProps & FavoriteProps;

function stockState(product: CatalogueProduct): { label: string | null; soldOut: boolean } {
  const { soldOut, lowStock } = stockLevel(product);
  return { label: soldOut ? t.outOfStock : lowStock ? t.lowStock(product.stock) : null, soldOut };
}

/** The wholesale price for the quantity typed when the viewer orders, else the retail price. */
const priceOf = (product: CatalogueProduct, wholesale: Product | null, units: number): LinePrice =>
  wholesale ? priceLine(wholesale, units, 'wholesale') : priceLine(product, units, 'retail');

/** The product's image with the sale badge in its corner; nothing without an image. */
function CardImage({ product, onSale }: { product: CatalogueProduct; onSale: boolean }) {
  // Without an image the card shows no empty box (the wholesale-ordering work, decision 016): a phone fits more products per screen.
  if (!product.image_url) return null;
  return (
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
      {onSale ? <SaleBadge className="absolute top-2 left-2" /> : null}
    </div>
  );
}

/** The name (a link to the product page) and the favourite star. */
function CardTitle({
  product,
  headingId,
  starred,
  onToggleFavorite,
}: { product: CatalogueProduct; headingId: string } & FavoriteProps) {
  return (
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
          starred={starred ?? false}
          onToggle={(next) => onToggleFavorite(product.id, next)}
          className="-mt-2.5 -mr-2"
        />
      ) : null}
    </div>
  );
}

/** The unit price, with the previous one struck through when on sale. */
function UnitPrice({ single }: { single: LinePrice }) {
  return (
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
  );
}

/** Quantity, why it is refused, the stock offer, the next tier and "Agregar al carrito". */
function CardOrder({ order, product, selected }: { order: ProductOrder; product: CatalogueProduct; selected: LinePrice }) {
  return (
    <div className="mt-auto space-y-2 pt-2">
      <OrderQuantity order={order} product={product} />
      <QuantityProblemLine order={order} product={product} />
      <OrderStockOffer order={order} product={product} />
      <NextTierHint price={selected} />
      <Button className="w-full" onClick={() => order.add()}>
        {t.addToCart}
      </Button>
    </div>
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
  const order = useProductOrder(product, kind, onAddToCart, 'product');
  const { wholesale } = order;
  const hints = quantityRuleHints(product);
  const single = priceOf(product, wholesale, 1);
  const stock = stockState(product);
  const headingId = `product-${product.id}-name`;

  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm"
    >
      <CardImage product={product} onSale={single.applied === 'sale'} />
      <div className="flex flex-1 flex-col gap-2 p-3">
        {!product.image_url && single.applied === 'sale' ? <SaleBadge className="self-start" /> : null}
        {product.category ? (
          <p className="text-xs font-medium tracking-wide text-slate-600 uppercase">{product.category}</p>
        ) : null}
        <CardTitle product={product} headingId={headingId} starred={starred} onToggleFavorite={onToggleFavorite} />
        <UnitPrice single={single} />
        <TierLadder ladder={wholesale ? tierLadder(wholesale) : []} className="text-sm" />
        {hints.length > 0 ? <RuleHints hints={hints} /> : null}
        {stock.label ? (
          <p className={stock.soldOut ? 'text-sm font-semibold text-red-700' : 'text-sm font-medium text-amber-800'}>
            {stock.label}
          </p>
        ) : null}
        {order.canOrder && !stock.soldOut ? (
          <CardOrder order={order} product={product} selected={priceOf(product, wholesale, order.quantity)} />
        ) : null}
      </div>
    </article>
  );
});
