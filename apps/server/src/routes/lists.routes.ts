import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { inArray } from 'drizzle-orm';
import { messages } from '@mayorista/core/messages';
import {
  createListSchema,
  favoriteParams,
  favoritesResponseSchema,
  listIdParams,
  listToCartResponseSchema,
  renameListSchema,
  shoppingListSchema,
  shoppingListsResponseSchema,
  type ShoppingList,
} from '@mayorista/core/schemas/lists';
import type { Database } from '../db/client';
import { isForeignKeyViolation } from '../db/pg-errors';
import { products } from '../db/schema';
import { AppError } from '../lib/errors';
import { authOf } from '../plugins/auth';
import { addToSavedCart } from '../modules/cart';
import { toProduct } from '../db/product-rows';
import { routesPlugin } from './plugin';

interface ListRow {
  id: string;
  name: string;
  items: Record<string, number>;
  created_at: Date;
  updated_at: Date;
}

const toList = (r: ListRow): ShoppingList => ({
  id: r.id,
  name: r.name,
  items: r.items,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

const LIST_COLUMNS = 'id, name, items, created_at, updated_at';
/** Another customer's list answers exactly like a missing one: its existence is not disclosed. */
const listNotFound = () => new AppError('list_not_found', messages.lists.notFound);

/**
 * Saved lists and favourites (the wholesale-ordering work, decision 016), approved customers only, each their own: every
 * statement filters by the caller's id, so another customer's list id is simply not found.
 */
export function registerListsRoutes(app: FastifyInstance, deps: { db: Database; pool: pg.Pool }): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { pool } = deps;
  const approved = { access: 'approved' } as const;

  routes.get('/api/lists', { config: approved, schema: { response: { 200: shoppingListsResponseSchema } } }, async (request) => {
    const { rows } = await pool.query<ListRow>(`select ${LIST_COLUMNS} from shopping_lists where user_id = $1 order by created_at desc`, [
      authOf(request).userId,
    ]);
    return { items: rows.map(toList) };
  });

  // The saved cart becomes the list, copied in one statement (what the buyer sees is what was last saved).
  routes.post('/api/lists', { config: approved, schema: { body: createListSchema, response: { 201: shoppingListSchema } } }, async (request, reply) => {
    const { rows } = await pool.query<ListRow>(
      `insert into shopping_lists (user_id, name, items)
       select $1, $2, coalesce((select cart_data from cart where user_id = $1), '{}'::jsonb)
       returning ${LIST_COLUMNS}`,
      [authOf(request).userId, request.body.name],
    );
    if (Object.keys(rows[0]!.items).length === 0) {
      await pool.query('delete from shopping_lists where id = $1', [rows[0]!.id]);
      throw new AppError('empty_cart', messages.lists.emptyCart);
    }
    return reply.status(201).send(toList(rows[0]!));
  });

  routes.put('/api/lists/:id', { config: approved, schema: { params: listIdParams, body: renameListSchema, response: { 200: shoppingListSchema } } }, async (request) => {
    const { rows } = await pool.query<ListRow>(
      `update shopping_lists set name = $3, updated_at = now() where id = $1 and user_id = $2 returning ${LIST_COLUMNS}`,
      [request.params.id, authOf(request).userId, request.body.name],
    );
    if (!rows[0]) throw listNotFound();
    return toList(rows[0]);
  });

  routes.delete('/api/lists/:id', { config: approved, schema: { params: listIdParams } }, async (request, reply) => {
    const { rowCount } = await pool.query('delete from shopping_lists where id = $1 and user_id = $2', [request.params.id, authOf(request).userId]);
    if (!rowCount) throw listNotFound();
    return reply.status(204).send();
  });

  // Today's products and prices: the list holds quantities only; each line is checked like a quick order line.
  routes.post('/api/lists/:id/to-cart', { config: approved, schema: { params: listIdParams, response: { 200: listToCartResponseSchema } } }, async (request) => {
    const userId = authOf(request).userId;
    const { rows } = await pool.query<ListRow>(`select ${LIST_COLUMNS} from shopping_lists where id = $1 and user_id = $2`, [request.params.id, userId]);
    const list = rows[0];
    if (!list) throw listNotFound();
    const answer = await addToSavedCart(
      deps.db,
      userId,
      async (tx) => {
        const ids = Object.keys(list.items);
        const found = new Map((ids.length ? await tx.select().from(products).where(inArray(products.id, ids)) : []).map((r) => [r.id, toProduct(r)]));
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
  });

  routes.get('/api/favorites', { config: approved, schema: { response: { 200: favoritesResponseSchema } } }, async (request) => {
    const { rows } = await pool.query<{ product_id: string }>('select product_id from favorites where user_id = $1 order by created_at desc', [
      authOf(request).userId,
    ]);
    const ids = rows.map((r) => r.product_id);
    const found = new Map((ids.length ? await deps.db.select().from(products).where(inArray(products.id, ids)) : []).map((r) => [r.id, toProduct(r)]));
    // A disabled product keeps its star (it may come back) but is not offered.
    const items = ids.flatMap((id) => {
      const product = found.get(id);
      return product?.is_enabled ? [product] : [];
    });
    return { product_ids: ids, items };
  });

  routes.put('/api/favorites/:productId', { config: approved, schema: { params: favoriteParams } }, async (request, reply) => {
    try {
      await pool.query('insert into favorites (user_id, product_id) values ($1, $2) on conflict do nothing', [authOf(request).userId, request.params.productId]);
    } catch (error) {
      if (isForeignKeyViolation(error)) throw new AppError('not_found', messages.lists.productNotFound);
      throw error;
    }
    return reply.status(204).send();
  });

  routes.delete('/api/favorites/:productId', { config: approved, schema: { params: favoriteParams } }, async (request, reply) => {
    await pool.query('delete from favorites where user_id = $1 and product_id = $2', [authOf(request).userId, request.params.productId]);
    return reply.status(204).send();
  });
}

/** registerListsRoutes as a plugin that declares what it needs (routes/plugin.ts). */
export const listsRoutes = routesPlugin('lists-routes', registerListsRoutes);
