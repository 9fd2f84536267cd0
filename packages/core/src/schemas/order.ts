import { z } from 'zod';
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
