import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { messages } from '@mayorista/core/messages';
import { checkQuantity, quantityProblemText } from '@mayorista/core/quantity-rules';
import type { CartData, CartLinesResponse } from '@mayorista/core/schemas/cart';
import type { Product } from '@mayorista/core/schemas/product';
import type { Database } from '../../db/client';
import { cart, products } from '../../db/schema';
import { toProduct } from '../../db/product-rows';
import { keepAddedPrices, todaysPrices } from './cart.repository';

/** The cart's product limit (cartDataSchema). */
const CART_MAX_PRODUCTS = 500;

interface WantedLine {
  sku: string;
  quantity: number;
}

/** Lines of the same code are one line: their quantities add up. Codes compare without case. */
function mergeByCode(lines: WantedLine[]): WantedLine[] {
  const byCode = new Map<string, WantedLine>();
  for (const line of lines) {
    const key = line.sku.toLowerCase();
    const seen = byCode.get(key);
    byCode.set(key, seen ? { sku: seen.sku, quantity: seen.quantity + line.quantity } : { ...line });
  }
  return [...byCode.values()];
}

/** Enabled products whose SKU (any case) or barcode is one of `codes`, by the code that found them. */
async function findBySku(tx: Tx, codes: string[]): Promise<Map<string, Product>> {
  const rows = await tx
    .select()
    .from(products)
    .where(
      and(
        eq(products.isEnabled, true),
        or(inArray(sql`lower(${products.sku})`, codes.map((c) => c.toLowerCase())), inArray(products.barcode, codes)),
      ),
    );
  const byCode = new Map<string, Product>();
  for (const row of rows) {
    const product = toProduct(row);
    if (row.barcode) byCode.set(row.barcode.toLowerCase(), product);
    if (row.sku) byCode.set(row.sku.toLowerCase(), product);
  }
  return byCode;
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A line to add: the code the buyer used (SKU, barcode or product id) and the product it found, if any. */
export interface ResolvedLine {
  code: string;
  product: Product | null;
  quantity: number;
}

/**
 * Adds lines to the saved cart in ONE transaction, with the cart row locked so a concurrent save
 * cannot interleave. Each line is checked on the quantity the cart would then hold, by the same
 * core rules as the card and the order. Lines without a product and refused lines are reported
 * and change nothing; `preview` changes nothing at all. Used by the quick order and by lists.
 */
export async function addToSavedCart(
  db: Database,
  userId: string,
  resolve: (tx: Tx) => Promise<ResolvedLine[]>,
  preview: boolean,
): Promise<CartLinesResponse> {
  return db.transaction(async (tx) => {
    await tx.insert(cart).values({ userId, cartData: {} }).onConflictDoNothing();
    const [row] = await tx.select({ cartData: cart.cartData }).from(cart).where(eq(cart.userId, userId)).for('update');
    const current: CartData = { ...(row?.cartData ?? {}) };
    const answer: CartLinesResponse = { added: [], unknown: [], problems: [], products: [] };
    for (const line of await resolve(tx)) {
      const { product } = line;
      if (!product) {
        answer.unknown.push(line.code);
        continue;
      }
      answer.products.push(product);
      const whole = Number.isInteger(line.quantity) && line.quantity >= 1;
      const next = whole ? (current[product.id] ?? 0) + line.quantity : line.quantity;
      const problem = whole ? checkQuantity(product, next) : { kind: 'not_whole' as const, quantity: line.quantity };
      const full = !(product.id in current) && Object.keys(current).length >= CART_MAX_PRODUCTS;
      if (problem || full) {
        const message = problem ? quantityProblemText(problem, product.name) : messages.cartPage.cartFull(CART_MAX_PRODUCTS);
        answer.problems.push({ sku: line.code, product_id: product.id, name: product.name, message });
        continue;
      }
      current[product.id] = next;
      answer.added.push({ sku: line.code, product_id: product.id, name: product.name, quantity: line.quantity });
    }
    if (!preview && answer.added.length > 0) {
      // Lines new to the cart remember today's unit price; lines already there keep theirs.
      await tx
        .update(cart)
        .set({ cartData: current, addedPrices: keepAddedPrices(todaysPrices(answer.products)), updatedAt: sql`clock_timestamp()` })
        .where(eq(cart.userId, userId));
    }
    return answer;
  });
}

/** POST /api/cart/lines (quick order): codes are SKUs (any case) or barcodes; repeated codes add up. */
export function addCartLines(db: Database, userId: string, lines: WantedLine[], preview: boolean): Promise<CartLinesResponse> {
  const wanted = mergeByCode(lines);
  return addToSavedCart(
    db,
    userId,
    async (tx) => {
      const found = await findBySku(tx, wanted.map((l) => l.sku));
      return wanted.map((l) => ({ code: l.sku, product: found.get(l.sku.toLowerCase()) ?? null, quantity: l.quantity }));
    },
    preview,
  );
}
