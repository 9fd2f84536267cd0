import type { CartData, CartResponse } from '@mayorista/core/schemas/cart';
import { together, type Queryable } from '../../db/transaction';
import type { Product } from '@mayorista/core/schemas/product';
import { checkQuantity, quantityProblemText, type QuantityProblem } from '@mayorista/core/quantity-rules';
import { AppError } from '../../lib/errors';
import { findCart, findProductsByIds, replaceCartIfUnchanged, todaysPrices, upsertCart, type StoredCart } from './cart.repository';

interface CleanedCart {
  cartData: CartData;
  removed: CartResponse['removed'];
  products: Product[];
}

/** Splits a cart into the lines whose product can still be bought and the ones that must drop out. */
async function dropUnavailableProducts(db: Queryable, cartData: CartData): Promise<CleanedCart> {
  const found = new Map((await findProductsByIds(db, Object.keys(cartData))).map((p) => [p.id, p]));
  const kept: CartData = {};
  const removed: CartResponse['removed'] = [];
  const products: Product[] = [];
  for (const [productId, quantity] of Object.entries(cartData)) {
    const product = found.get(productId);
    if (product?.is_enabled) {
      kept[productId] = quantity;
      products.push(product);
    } else {
      // A deleted product has no name left to show; the browser words the notice without it.
      removed.push({ product_id: productId, name: product?.name ?? null });
    }
  }
  return { cartData: kept, removed, products };
}

interface LineProblem {
  product: Product;
  problem: QuantityProblem;
}

/**
 * The wholesale-ordering work (decision 016): a saved line must keep its product's quantity rules and stock (the core function the
 * card and the cart use). The lines that break them, in the cart's order.
 */
function quantityProblems(cleaned: CleanedCart): LineProblem[] {
  const problems: LineProblem[] = [];
  for (const product of cleaned.products) {
    const problem = checkQuantity(product, cleaned.cartData[product.id]!);
    if (problem) problems.push({ product, problem });
  }
  return problems;
}

/**
 * A line already stored with the same quantity is let through: a rule or stock that changed after
 * the buyer chose it is shown to them with its fix (never silently altered), and must not stop them
 * saving their other changes. Order placement checks every line. The first changed line that breaks
 * a rule refuses the save.
 */
function assertChangedLinesKeepRules(cleaned: CleanedCart, problems: LineProblem[], stored: CartData | undefined): void {
  for (const { product, problem } of problems) {
    if (stored?.[product.id] === cleaned.cartData[product.id]) continue;
    throw new AppError('quantity_rule_violated', quantityProblemText(problem, product.name), { product_id: product.id, problem });
  }
}

function answer(stored: StoredCart, cleaned: CleanedCart): CartResponse {
  const added = Object.fromEntries(Object.entries(stored.addedPrices).filter(([id]) => id in stored.cartData));
  return { cart_data: stored.cartData, updated_at: stored.updatedAt.toISOString(), removed: cleaned.removed, products: cleaned.products, added_prices: added };
}

/** Reading the cart and storing its cleaned version race with saves from other devices; a few tries always settle it. */
const CART_CLEANUP_ATTEMPTS = 3;

export function createCartService(db: Queryable) {
  return {
    /**
     * The saved cart without disabled or deleted products; those are reported once and removed from
     * the stored cart. `besideProducts` is read with the cart's products, given their ids, both sent
     * at once (the flow reads the caller's price list there: one round-trip instead of two); what
     * the last read of it gave comes back with the cart.
     */
    async getCart<T>(userId: string, besideProducts: (ids: string[]) => Promise<T>): Promise<{ cart: CartResponse; beside: T }> {
      for (let attempt = 1; ; attempt++) {
        const stored = await findCart(db, userId);
        if (!stored) return { cart: { cart_data: {}, updated_at: null, removed: [], products: [] }, beside: await besideProducts([]) };
        const [cleaned, beside] = await together([dropUnavailableProducts(db, stored.cartData), besideProducts(Object.keys(stored.cartData))]);
        if (cleaned.removed.length === 0) {
          return { cart: { ...answer(stored, cleaned), removed: [] }, beside };
        }
        const replaced = await replaceCartIfUnchanged(db, userId, stored.cartData, cleaned.cartData);
        if (replaced) return { cart: answer(replaced, cleaned), beside };
        // Another device saved meanwhile: its cart is newer than the one we cleaned, so read again.
        if (attempt >= CART_CLEANUP_ATTEMPTS) {
          return { cart: { ...answer(stored, cleaned), cart_data: cleaned.cartData }, beside };
        }
      }
    },

    /** Replaces the whole cart (last write wins). Unknown or disabled products are not stored. */
    async saveCart(userId: string, cartData: CartData): Promise<CartResponse> {
      const cleaned = await dropUnavailableProducts(db, cartData);
      // The stored cart only matters for a line that breaks a rule (was it already there, unchanged?):
      // a save whose lines all keep their rules, the usual one, does not read it.
      const problems = quantityProblems(cleaned);
      if (problems.length > 0) assertChangedLinesKeepRules(cleaned, problems, (await findCart(db, userId))?.cartData);
      const saved = await upsertCart(db, userId, cleaned.cartData, todaysPrices(cleaned.products));
      return answer(saved, cleaned);
    },

    /** Today's data of enabled products by id, for putting a past order back into the cart. Unknown and disabled ids are left out. */
    async findAvailableProducts(ids: string[]): Promise<Product[]> {
      return (await findProductsByIds(db, ids)).filter((p) => p.is_enabled);
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
