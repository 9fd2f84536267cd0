import { quantityProblemText, largestQuantity } from '@mayorista/core/quantity-rules';
import type { CatalogueProduct } from '@mayorista/core/schemas/product';
import { cn } from '../../../lib/cn';
import { QuantitySelector } from './quantity-selector';
import { StockOffer } from './stock-offer';
import type { ProductOrder } from './product-view';

/**
 * The quantity field of a product (− [n] +), wired to its order: up to what can be ordered, Enter
 * adds (or does `onSubmit`, e.g. the order form moving on), described by the problem line.
 */
export function OrderQuantity({
  order,
  product,
  onSubmit,
}: {
  order: ProductOrder;
  product: CatalogueProduct;
  onSubmit?: (input: HTMLInputElement) => void;
}) {
  return (
    <QuantitySelector
      value={order.draft}
      onChange={order.setDraft}
      rules={product}
      max={largestQuantity(product)}
      onSubmit={onSubmit ?? (() => order.add())}
      productName={product.name}
      describedBy={order.problem ? order.problemId : undefined}
    />
  );
}

/** Why the typed quantity is refused, read out as it changes; empty (and hidden) when it is fine. */
export function QuantityProblemLine({
  order,
  product,
  className = 'text-sm',
}: {
  order: ProductOrder;
  product: CatalogueProduct;
  className?: string;
}) {
  return (
    <p
      id={order.problemId}
      aria-live="polite"
      className={cn(className, 'font-medium text-red-800 empty:hidden')}
      data-testid="quantity-problem"
    >
      {order.problem && order.wholesale ? quantityProblemText(order.problem, product.name) : null}
    </p>
  );
}

/** "Solo quedan 3 — ¿Agregás 3?" for this order, when the stock is short and something can be offered. */
export function OrderStockOffer({ order, product }: { order: ProductOrder; product: CatalogueProduct }) {
  return <StockOffer product={product} problem={order.problem} onAccept={order.acceptOffer} />;
}
