import { z } from 'zod';
import { MAX_ITEM_QUANTITY } from '../constants';

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
