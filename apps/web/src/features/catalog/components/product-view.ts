import { useState } from 'react';
import type { CustomerKind } from '@mayorista/core/pricing';
import { checkQuantity, smallestQuantity } from '@mayorista/core/quantity-rules';
import { isWholesaleProduct } from '@mayorista/core/catalogue-product';
import type { CatalogueProduct, Product } from '@mayorista/core/schemas/product';

/**
 * What the product card, the order-form row and the product page share: their props, the
 * wholesale view they price and order from, and the quantity being typed (same rules everywhere:
 * core/quantity-rules.ts). Each keeps its own markup.
 */
export interface ProductViewProps {
  /** The retail view for visitors and unapproved customers, the wholesale one for approved customers. */
  product: CatalogueProduct;
  /** Which prices to show: wholesale for approved customers, retail for everyone else. */
  kind: CustomerKind;
  /** Present only for approved customers; without it no cart button is offered. */
  onAddToCart?: (product: Product, quantity: number) => boolean | void;
}

export interface FavoriteProps {
  /** Approved customers only: whether the product is starred, and the toggle. */
  starred?: boolean;
  onToggleFavorite?: (productId: string, starred: boolean) => void;
}

/** At or below this many units the card and the row warn "Quedan N". */
export const LOW_STOCK_THRESHOLD = 10;

/** Sold out, or running low (at or below LOW_STOCK_THRESHOLD units); unlimited stock is neither. */
export function stockLevel(product: CatalogueProduct): { soldOut: boolean; lowStock: boolean } {
  if (product.has_unlimited_stock) return { soldOut: false, lowStock: false };
  return { soldOut: product.stock <= 0, lowStock: product.stock > 0 && product.stock <= LOW_STOCK_THRESHOLD };
}

/** Wholesale prices only when the server sent them: a retail view is always priced (and never ordered) as retail. */
export const wholesaleOf = (product: CatalogueProduct, kind: CustomerKind): Product | null =>
  kind === 'wholesale' && isWholesaleProduct(product) ? product : null;

/**
 * The quantity field's text as typed, never rewritten: a refused quantity stays in the field with
 * its reason (the wholesale-ordering work, decision 016). `typed` is what "Agregar" sends (the cart refuses what the rules refuse),
 * `quantity` the whole number ≥ 1 the prices are shown for, `problem` why `typed` is refused.
 */
export function useQuantityDraft(product: CatalogueProduct) {
  const [draft, setDraft] = useState(() => String(smallestQuantity(product)));
  const typed = Number(draft);
  const quantity = Number.isInteger(typed) && typed >= 1 ? typed : 1;
  const problem = draft === '' ? null : checkQuantity(product, typed);
  return { draft, setDraft, typed, quantity, problem };
}

/**
 * Ordering one product, the same in the card, the order-form row and the product page: the
 * quantity being typed, the wholesale view it is ordered from (null: not orderable by this
 * viewer), "Agregar" with what was typed, and the stock offer taken. `problemId` names the line
 * that explains a refused quantity (aria-describedby); `idPrefix` keeps each view's ids apart.
 */
export function useProductOrder(
  product: CatalogueProduct,
  kind: CustomerKind,
  onAddToCart: ProductViewProps['onAddToCart'],
  idPrefix: string,
) {
  const draft = useQuantityDraft(product);
  const wholesale = wholesaleOf(product, kind);
  /** "Agregar": whether the cart took the units (false when this viewer cannot order). */
  const add = (): boolean => (onAddToCart && wholesale ? onAddToCart(wholesale, draft.typed) !== false : false);
  /** "¿Agregás 3?" taken: the field shows the offer, and the offer is added. */
  const acceptOffer = (offer: number) => {
    draft.setDraft(String(offer));
    if (onAddToCart && wholesale) onAddToCart(wholesale, offer);
  };
  return {
    ...draft,
    wholesale,
    canOrder: Boolean(onAddToCart && wholesale),
    add,
    acceptOffer,
    problemId: `${idPrefix}-${product.id}-problem`,
  };
}

export type ProductOrder = ReturnType<typeof useProductOrder>;
