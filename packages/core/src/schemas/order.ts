import { z } from 'zod';
import type { DiscountTier } from './product';
import type { OrderStatus } from '../constants';
import { quantitySchema } from './cart';

export const placeOrderSchema = z.strictObject({
  items: z
    .array(z.strictObject({ product_id: z.uuid({ message: 'Producto inválido.' }), quantity: quantitySchema }))
    .max(500, { message: 'El pedido no puede tener más de 500 productos.' }),
  observaciones: z.string().trim().max(2000, { message: 'Las observaciones no pueden superar 2000 caracteres.' }).default(''),
  canjeado_con_puntos: z.boolean().default(false),
  idempotency_key: z.string().min(8).max(100).optional(),
});
export type PlaceOrderInput = z.input<typeof placeOrderSchema>;

/** The customer as the order recorded them (SPEC §3 user_info). */
export interface OrderUserInfo {
  nombre: string;
  apellido: string;
  email: string;
  dni: string;
}

/** An order line as stored and returned: a snapshot of the product and the price actually charged. Amounts in centavos. */
export interface OrderItem {
  product_id: string;
  name: string;
  quantity: number;
  /** Unit price charged. */
  price: number;
  /** Line total. */
  total: number;
  discounts: {
    base_price: number;
    savings: number;
    applied: 'none' | 'sale' | 'tier';
    tier: DiscountTier | null;
  };
}

/** SPEC §3 Order as the API returns it. */
export interface Order {
  id: string;
  user_id: string;
  user_info: OrderUserInfo;
  items: OrderItem[];
  total: number;
  total_savings: number;
  status: OrderStatus;
  observaciones: string;
  canjeado_con_puntos: boolean;
  created_at: string;
  updated_at: string;
}

/** POST /api/orders answer. */
export interface PlaceOrderResult {
  order: Order;
  whatsapp_url: string;
  saldo_puntos: number;
}
