import { z } from 'zod';
import { MAX_ITEM_QUANTITY } from '../constants';
import type { Product } from './product';

export const quantitySchema = z
  .number({ message: 'La cantidad debe ser un número.' })
  .int({ message: 'La cantidad debe ser un número entero.' })
  .min(1, { message: 'La cantidad debe ser al menos 1.' })
  .max(MAX_ITEM_QUANTITY, { message: `La cantidad no puede superar ${MAX_ITEM_QUANTITY}.` });

/** SPEC §3 cart_data: product id → quantity. */
export const cartDataSchema = z
  .record(z.uuid({ message: 'Producto inválido.' }), quantitySchema)
  .refine((d) => Object.keys(d).length <= 500, { message: 'El carrito no puede tener más de 500 productos.' });
export type CartData = z.infer<typeof cartDataSchema>;

export const saveCartSchema = z.strictObject({ cart_data: cartDataSchema });

/**
 * GET/PUT /api/cart answer. `removed` lists products dropped because they were disabled or deleted;
 * `products` are today's data (prices, tiers, stock) of every product left in the cart.
 */
export interface CartResponse {
  cart_data: CartData;
  updated_at: string | null;
  removed: { product_id: string; name: string | null }[];
  products: Product[];
}

/** GET /api/cart/products?ids=…: at most this many ids per call. */
export const CART_PRODUCTS_MAX_IDS = 100;

/** Comma-separated product ids, as the query string carries them. */
export const cartProductsQuerySchema = z.strictObject({
  ids: z
    .string()
    .max(CART_PRODUCTS_MAX_IDS * 37)
    .transform((v) => [...new Set(v.split(',').map((id) => id.trim()).filter(Boolean))])
    .pipe(z.array(z.uuid({ message: 'Producto inválido.' })).max(CART_PRODUCTS_MAX_IDS)),
});
