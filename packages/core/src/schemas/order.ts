import { z } from 'zod';
import { DISCOUNT_TYPES, ivaRateSchema } from './product';
import { ORDER_STATUSES } from '../constants';
import { quantitySchema } from './cart';
import { lowerCaseUuid } from './common';
import { CREDIT_HOLD_STATES } from './receivables';
import { optionalText } from './text';

/** The order's optional note for the distributor, several lines; empty (absent, "", null, blank) is stored as "". */
export const observacionesSchema = optionalText({
  max: 2000,
  tooLong: 'Las observaciones no pueden superar 2000 caracteres.',
  invalid: 'Las observaciones no son válidas: tienen que ser texto.',
  multiline: true,
});

export const placeOrderSchema = z.strictObject({
  items: z
    .array(z.strictObject({ product_id: lowerCaseUuid('Producto inválido.'), quantity: quantitySchema }))
    .max(500, { message: 'El pedido no puede tener más de 500 productos.' }),
  observaciones: observacionesSchema.transform((v) => v ?? ''),
  canjeado_con_puntos: z.boolean().default(false),
  idempotency_key: z.string().min(8).max(100).optional(),
  /**
   * The total (centavos) the person saw and agreed to. When present and the server's total is
   * another, nothing is placed: 409 order_total_changed with the server's `total` (queued orders).
   */
  expected_total: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});
export type PlaceOrderInput = z.input<typeof placeOrderSchema>;

// Response contracts (the ledgers-and-contracts work, decisions 009, 011, 012): Fastify serializes every orders route with these, and the
// web takes its types from them. Output schemas check shape only: the server wrote the values.

/** A business field of the snapshot: absent on orders from before the business-identity work (decisions 017–019), null when the customer had not filled it in. */
const snapshotField = z.string().nullable().optional();

/**
 * The customer as the order recorded them (the data model user_info). The business-identity work (decisions 017–019) adds the business
 * data as it was when the order was placed (core/order-customer.ts renders it); a later change in
 * Mi cuenta does not rewrite past orders.
 */
export const orderUserInfoSchema = z.object({
  nombre: z.string(),
  apellido: z.string(),
  email: z.string(),
  dni: z.string(),
  razon_social: snapshotField,
  cuit: snapshotField,
  iva_condition: snapshotField,
  whatsapp: snapshotField,
  address_street: snapshotField,
  address_city: snapshotField,
  address_province: snapshotField,
  address_postal_code: snapshotField,
  delivery_notes: snapshotField,
});
export type OrderUserInfo = z.infer<typeof orderUserInfoSchema>;

/** An order line as stored and returned: a snapshot of the product and the price actually charged. Amounts in centavos. */
export const orderItemSchema = z.object({
  product_id: z.string(),
  name: z.string(),
  quantity: z.number(),
  /** Unit price charged. */
  price: z.number(),
  /** Line total. */
  total: z.number(),
  discounts: z.object({
    base_price: z.number(),
    savings: z.number(),
    applied: z.enum(['none', 'sale', 'tier']),
    tier: z.object({ minQuantity: z.number(), discountType: z.enum(DISCOUNT_TYPES), discountValue: z.number() }).nullable(),
  }),
  /** The product's IVA rate when ordered (the business-identity work, decisions 017–019); absent on orders placed before it. */
  iva_rate: ivaRateSchema.optional(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

/**
 * The IVA breakdown the server computed when the order was placed or last edited (core/iva.ts,
 * decision 019). `total` is what the customer pays: the order's `total` equals it.
 */
export const orderIvaSchema = z.object({
  prices_include_iva: z.boolean(),
  net: z.number(),
  iva: z.number(),
  total: z.number(),
  groups: z.array(z.object({ rate: ivaRateSchema, net: z.number(), iva: z.number() })),
});
export type OrderIva = z.infer<typeof orderIvaSchema>;

/** The data model — Order as the API returns it, to its customer and to admins alike. */
export const orderSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  user_info: orderUserInfoSchema,
  items: z.array(orderItemSchema),
  total: z.number(),
  total_savings: z.number(),
  /** null on orders placed before IVA existed: they still render, without a breakdown. */
  iva: orderIvaSchema.nullable(),
  status: z.enum(ORDER_STATUSES),
  observaciones: z.string(),
  canjeado_con_puntos: z.boolean(),
  /**
   * The cuenta corriente's credit check (decision 038): 'pending' = "Retenido por crédito", waiting for an
   * admin; 'released' / 'rejected' once decided; null (or absent) = never held. The status stays the spec's.
   */
  credit_hold: z.enum(CREDIT_HOLD_STATES).nullable().optional(),
  /** The admin's reason when releasing or rejecting. */
  credit_hold_reason: z.string().nullable().optional(),
  /** Repartos (decision 049): the promised delivery date, `AAAA-MM-DD`; null (or absent) for a customer without a zone. */
  delivery_date: z.string().nullable().optional(),
  /** ISO 8601 */
  created_at: z.string(),
  /** ISO 8601 */
  updated_at: z.string(),
});
export type Order = z.infer<typeof orderSchema>;

/** POST /api/orders answer. */
export const placeOrderResultSchema = z.object({ order: orderSchema, whatsapp_url: z.string(), saldo_puntos: z.number() });
export type PlaceOrderResult = z.infer<typeof placeOrderResultSchema>;

/** GET /api/orders answer (Mis Pedidos). */
export const ownOrdersSchema = z.object({ items: z.array(orderSchema) });
export type OwnOrders = z.infer<typeof ownOrdersSchema>;

/** GET /api/admin/orders answer: one page of orders and how many match the filters. */
export const adminOrdersPageSchema = z.object({ items: z.array(orderSchema), total: z.number() });
export type AdminOrdersPage = z.infer<typeof adminOrdersPageSchema>;
