import { inArray } from 'drizzle-orm';
import { messages } from '@mayorista/core/messages';
import type { ShoppingList } from '@mayorista/core/schemas/lists';
import type { Product } from '@mayorista/core/schemas/product';
import type pg from 'pg';
import type { Database } from '../../db/client';
import { isForeignKeyViolation } from '../../db/pg-errors';
import { toProduct } from '../../db/product-rows';
import { products } from '../../db/schema';
import { AppError } from '../../lib/errors';

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
 * Saved lists and favourites (decision 016), each customer's own: every statement filters by the
 * customer's id, so another customer's list id is simply not found.
 */
export function createListsService(deps: { db: Database; pool: pg.Pool }) {
  const { db, pool } = deps;

  /** The products of these ids as they are today, by id (missing ones are absent). */
  async function productsById(executor: Pick<Database, 'select'>, ids: string[]): Promise<Map<string, Product>> {
    const rows = ids.length ? await executor.select().from(products).where(inArray(products.id, ids)) : [];
    return new Map(rows.map((r) => [r.id, toProduct(r)]));
  }

  return {
    productsById,

    async list(userId: string): Promise<ShoppingList[]> {
      const { rows } = await pool.query<ListRow>(
        `select ${LIST_COLUMNS} from shopping_lists where user_id = $1 order by created_at desc`,
        [userId],
      );
      return rows.map(toList);
    },

    /** One of the customer's lists, or 404. */
    async get(userId: string, listId: string): Promise<ShoppingList> {
      const { rows } = await pool.query<ListRow>(`select ${LIST_COLUMNS} from shopping_lists where id = $1 and user_id = $2`, [
        listId,
        userId,
      ]);
      if (!rows[0]) throw listNotFound();
      return toList(rows[0]);
    },

    /** The saved cart becomes the list, copied in one statement (what the buyer sees is what was last saved). */
    async createFromCart(userId: string, name: string): Promise<ShoppingList> {
      const { rows } = await pool.query<ListRow>(
        `insert into shopping_lists (user_id, name, items)
         select $1, $2, coalesce((select cart_data from cart where user_id = $1), '{}'::jsonb)
         returning ${LIST_COLUMNS}`,
        [userId, name],
      );
      if (Object.keys(rows[0]!.items).length === 0) {
        await pool.query('delete from shopping_lists where id = $1', [rows[0]!.id]);
        throw new AppError('empty_cart', messages.lists.emptyCart);
      }
      return toList(rows[0]!);
    },

    async rename(userId: string, listId: string, name: string): Promise<ShoppingList> {
      const { rows } = await pool.query<ListRow>(
        `update shopping_lists set name = $3, updated_at = now() where id = $1 and user_id = $2 returning ${LIST_COLUMNS}`,
        [listId, userId, name],
      );
      if (!rows[0]) throw listNotFound();
      return toList(rows[0]);
    },

    async remove(userId: string, listId: string): Promise<void> {
      const { rowCount } = await pool.query('delete from shopping_lists where id = $1 and user_id = $2', [listId, userId]);
      if (!rowCount) throw listNotFound();
    },

    /** The customer's favourites, newest first; a disabled product keeps its star (it may come back) but is not offered. */
    async favorites(userId: string): Promise<{ product_ids: string[]; items: Product[] }> {
      const { rows } = await pool.query<{ product_id: string }>(
        'select product_id from favorites where user_id = $1 order by created_at desc',
        [userId],
      );
      const ids = rows.map((r) => r.product_id);
      const found = await productsById(db, ids);
      const items = ids.flatMap((id) => {
        const product = found.get(id);
        return product?.is_enabled ? [product] : [];
      });
      return { product_ids: ids, items };
    },

    async addFavorite(userId: string, productId: string): Promise<void> {
      try {
        await pool.query('insert into favorites (user_id, product_id) values ($1, $2) on conflict do nothing', [
          userId,
          productId,
        ]);
      } catch (error) {
        if (isForeignKeyViolation(error)) throw new AppError('not_found', messages.lists.productNotFound);
        throw error;
      }
    },

    async removeFavorite(userId: string, productId: string): Promise<void> {
      await pool.query('delete from favorites where user_id = $1 and product_id = $2', [userId, productId]);
    },
  };
}

export type ListsService = ReturnType<typeof createListsService>;
