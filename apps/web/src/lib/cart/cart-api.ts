import type { CartProductsResponse, CartResponse } from '@mayorista/core/schemas/cart';
import type { Product } from '@mayorista/core/schemas/product';
import { apiRequest } from '../api-client';

/** GET /api/cart: the saved cart, today's data of its products, and what dropped out. */
export function fetchCart(signal?: AbortSignal): Promise<CartResponse> {
  return apiRequest<CartResponse>('/api/cart', { signal });
}

/** PUT /api/cart: replaces the whole saved cart (last write wins on the server). */
export function saveCart(cartData: Record<string, number>): Promise<CartResponse> {
  return apiRequest<CartResponse>('/api/cart', { method: 'PUT', body: { cart_data: cartData } });
}

/** GET /api/cart/products: today's data of enabled products by id (unknown or disabled ones are left out). */
export async function fetchCartProducts(ids: string[]): Promise<Product[]> {
  if (ids.length === 0) return [];
  const { items } = await apiRequest<CartProductsResponse>('/api/cart/products', { query: { ids: ids.join(',') } });
  return items;
}
