import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { checkQuantity, quantityProblemText } from '@mayorista/core/quantity-rules';
import type { CartData, CartLinesResponse } from '@mayorista/core/schemas/cart';
import type { Product } from '@mayorista/core/schemas/product';
import type { Database } from '../../db/client';
import { cart, products } from '../../db/schema';
import { toProduct } from '../products/products.repository';

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
async function findBySku(tx: Parameters<Parameters<Database['transaction']>[0]>[0], codes: string[]): Promise<Map<string, Product>> {
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

/**
 * POST /api/cart/lines (quick order): adds the valid lines to the saved cart in ONE transaction,
 * with the cart row locked so a concurrent save cannot interleave. Each line is checked on the
 * quantity the cart would then hold, by the same core rules as the card and the order. Unknown
 * codes and refused lines are reported and change nothing; `preview` changes nothing at all.
 */
export async function addCartLines(db: Database, userId: string, lines: WantedLine[], preview: boolean): Promise<CartLinesResponse> {
  return db.transaction(async (tx) => {
    await tx.insert(cart).values({ userId, cartData: {} }).onConflictDoNothing();
    const [row] = await tx.select({ cartData: cart.cartData }).from(cart).where(eq(cart.userId, userId)).for('update');
    const current: CartData = { ...(row?.cartData ?? {}) };
    const wanted = mergeByCode(lines);
    const found = await findBySku(tx, wanted.map((l) => l.sku));

    const answer: CartLinesResponse = { added: [], unknown: [], problems: [], products: [] };
    for (const line of wanted) {
      const product = found.get(line.sku.toLowerCase());
      if (!product) {
        answer.unknown.push(line.sku);
        continue;
      }
      answer.products.push(product);
      const next = Number.isInteger(line.quantity) ? (current[product.id] ?? 0) + line.quantity : line.quantity;
      const problem = line.quantity < 1 || !Number.isInteger(line.quantity) ? { kind: 'not_whole' as const, quantity: line.quantity } : checkQuantity(product, next);
      const full = !(product.id in current) && Object.keys(current).length >= CART_MAX_PRODUCTS;
      if (problem || full) {
        const message = problem ? quantityProblemText(problem, product.name) : 'El carrito no puede tener más de 500 productos.';
        answer.problems.push({ sku: line.sku, product_id: product.id, name: product.name, message });
        continue;
      }
      current[product.id] = next;
      answer.added.push({ sku: line.sku, product_id: product.id, name: product.name, quantity: line.quantity });
    }
    if (!preview && answer.added.length > 0) {
      await tx.update(cart).set({ cartData: current, updatedAt: sql`clock_timestamp()` }).where(eq(cart.userId, userId));
    }
    return answer;
  });
}
