import { z } from 'zod';
import '../zod-locale';
import { lowerCaseUuid } from './common';
import { requiredText } from './text';
import { wholesaleProductSchema } from './product';

/** Saved lists and favourites (the wholesale-ordering work, decision 016). */
export const listNameSchema = requiredText({
  max: 80,
  required: 'Poné un nombre a la lista.',
  tooLong: 'El nombre no puede superar 80 caracteres.',
  invalid: 'El nombre de la lista no es válido: escribilo en una sola línea de texto.',
});

/** POST /api/lists: the current saved cart becomes a list with this name. */
export const createListSchema = z.strictObject({ name: listNameSchema });
/** PUT /api/lists/:id: rename. */
export const renameListSchema = z.strictObject({ name: listNameSchema });
export const listIdParams = z.object({ id: lowerCaseUuid('Lista inválida.') });
export const favoriteParams = z.object({ productId: lowerCaseUuid('Producto inválido.') });

export const shoppingListSchema = z.object({
  id: z.string(),
  name: z.string(),
  items: z.record(z.string(), z.number().int()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ShoppingList = z.infer<typeof shoppingListSchema>;
export const shoppingListsResponseSchema = z.object({ items: z.array(shoppingListSchema) });

/** POST /api/lists/:id/to-cart answer: what went in at today's prices, and what could not. */
export const listToCartResponseSchema = z.object({
  added: z.array(z.object({ product_id: z.string(), name: z.string(), quantity: z.number().int() })),
  problems: z.array(z.object({ product_id: z.string(), name: z.string().nullable(), message: z.string() })),
});
export type ListToCartResponse = z.infer<typeof listToCartResponseSchema>;

/**
 * GET /api/favorites: the starred ids (the stars on every card), newest first, and those products
 * still visible in the catalogue, for the "Favoritos" view. Approved callers only, so the
 * wholesale view.
 */
export const favoritesResponseSchema = z.object({ product_ids: z.array(z.string()), items: z.array(wholesaleProductSchema) });
export type FavoritesResponse = z.infer<typeof favoritesResponseSchema>;
