import { z } from 'zod';
import { nextDeliverySchema } from './deliveries';
import { MAX_ITEM_QUANTITY } from '../constants';
import type { Product } from './product';
import { requiredText } from './text';

export const quantitySchema = z
  .number({ message: 'La cantidad debe ser un número.' })
  .int({ message: 'La cantidad debe ser un número entero.' })
  .min(1, { message: 'La cantidad debe ser al menos 1.' })
  .max(MAX_ITEM_QUANTITY, { message: `La cantidad no puede superar ${MAX_ITEM_QUANTITY}.` });

/** The data model's cart_data: product id → quantity. */
export const cartDataSchema = z
  .record(z.uuid({ message: 'Producto inválido.' }), quantitySchema)
  .refine((d) => Object.keys(d).length <= 500, { message: 'El carrito no puede tener más de 500 productos.' });
export type CartData = z.infer<typeof cartDataSchema>;

export const saveCartSchema = z.strictObject({ cart_data: cartDataSchema });

/**
 * The products inside cart answers. Their contract belongs to the products module; until it is a
 * schema in core this passes each product through unchanged (an object, typed as Product).
 */
const cartProductSchema = z.custom<Product>((value) => typeof value === 'object' && value !== null);

/**
 * GET/PUT /api/cart answer. `removed` lists products dropped because they were disabled or deleted;
 * `products` are today's data (prices, tiers, stock) of every product left in the cart.
 */
export const cartResponseSchema = z.object({
  // Output, not input: the quantities were checked when the cart was saved.
  cart_data: z.record(z.string(), z.number().int()),
  updated_at: z.iso.datetime().nullable(),
  removed: z.array(z.object({ product_id: z.string(), name: z.string().nullable() })),
  products: z.array(cartProductSchema),
  /** The business's minimum order amount in centavos (0 = none), so the cart can say what is missing. */
  min_order_amount: z.number().int().optional(),
  /** Whether product prices include IVA (the settings' prices_include_iva), for the cart's IVA preview. */
  prices_include_iva: z.boolean().optional(),
  /** The customer is a Responsable Inscripto: the cart shows net prices and IVA per rate (decision 019). */
  iva_itemised: z.boolean().optional(),
  /**
   * The repricing work (decision 022): the unit price each line had when it entered the cart, by product
   * id, kept by the server until the line leaves the cart (removed, or the order placed).
   */
  added_prices: z.record(z.string(), z.number().int()).optional(),
  /** Repartos (decision 049): when an order placed now arrives; null without a zone (or a possible date). */
  delivery: nextDeliverySchema.optional(),
});
export type CartResponse = z.infer<typeof cartResponseSchema>;

/** GET /api/cart/products answer. */
export const cartProductsResponseSchema = z.object({ items: z.array(cartProductSchema) });
export type CartProductsResponse = z.infer<typeof cartProductsResponseSchema>;

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

// ---- quick order (the wholesale-ordering work, decision 016): POST /api/cart/lines -------------------------------------

/** Lines per quick order: a wholesale order is 20–60 lines; the cart holds at most 500 products. */
export const QUICK_ORDER_MAX_LINES = 500;

/** A product code of the quick order, one line. */
export const quickOrderSkuSchema = requiredText({
  max: 64,
  required: 'Falta el código.',
  tooLong: 'El código no puede superar 64 caracteres.',
  invalid: 'El código no es válido: escribilo en una sola línea de texto.',
});

export const cartLinesSchema = z.strictObject({
  lines: z
    .array(
      z.strictObject({
        sku: quickOrderSkuSchema,
        // Any number: a fractional or negative one is reported on its line, naming the product.
        quantity: z.number({ message: 'La cantidad debe ser un número.' }),
      }),
    )
    .min(1, { message: 'Pegá al menos una línea.' })
    .max(QUICK_ORDER_MAX_LINES, { message: `Como máximo ${QUICK_ORDER_MAX_LINES} líneas por pedido rápido.` }),
  /** true: answer what would happen without changing the cart (the preview). */
  preview: z.boolean().default(false),
});
export type CartLinesInput = z.input<typeof cartLinesSchema>;

export const cartLinesResponseSchema = z.object({
  added: z.array(z.object({ sku: z.string(), product_id: z.string(), name: z.string(), quantity: z.number().int() })),
  unknown: z.array(z.string()),
  problems: z.array(z.object({ sku: z.string(), product_id: z.string(), name: z.string(), message: z.string() })),
  /** Today's data of the matched products, for the preview's prices. */
  products: z.array(cartProductSchema),
});
export type CartLinesResponse = z.infer<typeof cartLinesResponseSchema>;
