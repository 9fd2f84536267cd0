import type { FastifyRequest } from 'fastify';
import { applyPriceListToAll } from '@mayorista/core/price-lists';
import type { PricedProduct } from '@mayorista/core/pricing';
import type { Queryable } from '../../db/transaction';
import { authOf } from '../../plugins/auth';
import { loadPriceListRule } from './price-lists.repository';

/**
 * An answer's products at the caller's price list (decision 018): the cart, the quick order's
 * preview and a past order put back into the cart show the prices the order will charge. The
 * list is read now, for these products only; callers on the base list cost nothing.
 */
export async function atCustomerPrices<P extends PricedProduct & { id: string }, T extends { products: P[] }>(
  db: Queryable,
  request: FastifyRequest,
  answer: T,
): Promise<T> {
  const listId = authOf(request).priceListId;
  if (!listId || answer.products.length === 0) return answer;
  const rule = await loadPriceListRule(db, listId, answer.products.map((p) => p.id));
  return { ...answer, products: applyPriceListToAll(answer.products, rule) };
}
