import { messages } from '@mayorista/core/messages';
import type { ListToCartResponse } from '@mayorista/core/schemas/lists';
import type { Database } from '../db/client';
import { addToSavedCart } from '../modules/cart';
import type { ListsService } from '../modules/lists';

/**
 * A customer puts a saved list in the cart, at today's products and prices: the list holds
 * quantities only.
 * 1. the list, the customer's own (404 otherwise);
 * 2. in the cart's transaction, each of its products as it is today (a disabled or deleted one is
 *    not offered), checked like a quick order line and added (the cart module);
 * 3. the answer: what was added, and each line that was not, with why.
 */
export async function putListInCart(
  deps: { db: Database; lists: ListsService },
  userId: string,
  listId: string,
): Promise<ListToCartResponse> {
  const list = await deps.lists.get(userId, listId);
  const answer = await addToSavedCart(
    deps.db,
    userId,
    async (tx) => {
      const ids = Object.keys(list.items);
      const found = await deps.lists.productsById(tx, ids);
      return ids.map((id) => {
        const product = found.get(id);
        return { code: id, product: product?.is_enabled ? product : null, quantity: list.items[id]! };
      });
    },
    false,
  );
  return {
    added: answer.added.map(({ product_id, name, quantity }) => ({ product_id, name, quantity })),
    problems: [
      ...answer.problems.map(({ product_id, name, message }) => ({ product_id, name, message })),
      ...answer.unknown.map((id) => ({ product_id: id, name: null, message: messages.lists.productGone })),
    ],
  };
}
