/**
 * The catalogue's products, as the order-form list or as cards. Their own chunk (decision 024):
 * the catalogue's first paint shows the spinner until the products arrive, so this code (with the
 * virtualizer) downloads beside that request instead of before the first paint.
 */
import { memo } from 'react';
import type { CustomerKind } from '@mayorista/core/pricing';
import type { CatalogueProduct, Product } from '@mayorista/core/schemas/product';
import { useColumns, useWindowRows } from '../../../lib/hooks/use-window-rows';
import { ProductCard } from './product-card';
import { ProductRow } from './product-row';

/**
 * A row's usual height on a phone (with the quantity controls for buyers, without for visitors):
 * the first guess for rows not yet measured. A close guess renders the right rows at once instead
 * of rendering, measuring and rendering again (the catalogue's first paint is Lighthouse's page;
 * measured at 412 px, Lighthouse's phone: 102 and 53 px).
 */
const LIST_ROW_ESTIMATE_PX = { ordering: 102, browsing: 53 } as const;
const LIST_OVERSCAN_ROWS = 2;

/** What the catalogue page passes to either view. */
export interface RowsProps {
  kind: CustomerKind;
  onAddToCart?: (product: Product, quantity: number) => boolean | void;
  items: CatalogueProduct[];
  starredIds?: Set<string>;
  onToggleFavorite?: (productId: string, starred: boolean) => void;
}

/** The order-form view (the wholesale-ordering work, decision 016): one compact row per product, only those near the screen in the DOM. */
export const ProductList = memo(function ProductList({ items, kind, onAddToCart, starredIds, onToggleFavorite }: RowsProps) {
  const estimate = onAddToCart ? LIST_ROW_ESTIMATE_PX.ordering : LIST_ROW_ESTIMATE_PX.browsing;
  const { listRef, rows, before, after, measure } = useWindowRows<HTMLDivElement>(items.length, estimate, LIST_OVERSCAN_ROWS);
  return (
    <div
      ref={listRef}
      role="list"
      className="-mx-3 rounded-none border-t border-slate-200 md:mx-0 md:rounded-lg md:border"
      style={{ paddingTop: before, paddingBottom: after }}
    >
      {rows.map((row) => {
        const product = items[row.index]!;
        return (
          <div
            key={product.id}
            data-index={row.index}
            ref={measure}
            role="listitem"
            aria-posinset={row.index + 1}
            aria-setsize={items.length}
          >
            <ProductRow
              product={product}
              kind={kind}
              onAddToCart={onAddToCart}
              starred={starredIds?.has(product.id) ?? false}
              onToggleFavorite={onToggleFavorite}
            />
          </div>
        );
      })}
    </div>
  );
});

/** The grid's breakpoints, as in its classes below: 2 columns from 480 px, 3 from lg, 4 from xl. */
const GRID_COLUMNS = [
  [480, 2],
  [1024, 3],
  [1280, 4],
] as const;
/** A card's usual height plus the gap: the first guess for rows not yet measured. */
const CARD_ROW_ESTIMATE_PX = 500;

/**
 * The cards, as rows of the grid's width, only those near the screen in the DOM: with 50,000
 * products and many "Cargar más", the page never holds more than a few screenfuls of cards.
 */
export const ProductGrid = memo(function ProductGrid({ items, kind, onAddToCart, starredIds, onToggleFavorite }: RowsProps) {
  const columns = useColumns(GRID_COLUMNS);
  const { listRef, rows, before, after, measure } = useWindowRows<HTMLDivElement>(
    Math.ceil(items.length / columns),
    CARD_ROW_ESTIMATE_PX,
  );
  return (
    <div ref={listRef} role="list" style={{ paddingTop: before, paddingBottom: after }}>
      {rows.map((row) => (
        <div
          key={row.key}
          data-index={row.index}
          ref={measure}
          role="none"
          className="grid grid-cols-1 gap-4 pb-4 min-[480px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
        >
          {items.slice(row.index * columns, (row.index + 1) * columns).map((product, i) => (
            <div
              key={product.id}
              role="listitem"
              aria-posinset={row.index * columns + i + 1}
              aria-setsize={items.length}
              className="flex"
            >
              <div className="w-full">
                <ProductCard
                  product={product}
                  kind={kind}
                  onAddToCart={onAddToCart}
                  starred={starredIds?.has(product.id) ?? false}
                  onToggleFavorite={onToggleFavorite}
                />
              </div>
            </div>
          ))}
        </div>
      ))}
    </div>
  );
});
