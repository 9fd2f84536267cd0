import { priceLists as text } from '@mayorista/core/messages/priceLists';
import type { PriceList, PriceListData, PriceListSummary } from '@mayorista/core/schemas/price-lists';
import type pg from 'pg';
import type { AuditWriter } from '../../db/audit-hook';
import type { Database } from '../../db/client';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/pg-errors';
import { inTransaction, type Queryable } from '../../db/transaction';
import { AppError } from '../../lib/errors';
import * as repository from './price-lists.repository';

export const listNotFound = () => new AppError('price_list_not_found', text.notFound);
const unknownProduct = () => new AppError('price_list_unknown_product', text.unknownProduct);

/** The database's last line (two admins saving "Lista 2" at once) still answers a clear 4xx. */
function translateWriteError(error: unknown, name: string): never {
  if (isUniqueViolation(error, 'price_lists_name_key')) throw new AppError('price_list_name_taken', text.nameTaken(name));
  // A product deleted between our check and the insert.
  if (isForeignKeyViolation(error, 'price_list_items_product_id_fkey')) throw unknownProduct();
  throw error;
}

/** Every explicit price must name an existing product; nothing is written otherwise. */
async function assertProductsExist(db: Queryable, data: PriceListData): Promise<void> {
  const ids = data.items.map((i) => i.product_id);
  if ((await repository.countExistingProducts(db, ids)) !== ids.length) throw unknownProduct();
}

/** What the audit log keeps of a list: its name, percentage and how many explicit prices. */
const summaryOf = (list: Pick<PriceListData, 'name' | 'percentage' | 'items'>) => ({ name: list.name, percentage: list.percentage, explicit_prices: list.items.length });

/**
 * Price lists (the business-identity work, decision 018). Each write is one transaction; the triggers of
 * migration 0016 make every process's catalogue cache forget that list's answers, and `changed`
 * forgets them in this process at once so the admin's next read (and their customers') already has
 * the new prices.
 */
export function createPriceListsService(deps: { db: Database; pool: pg.Pool; changed: (listId: string) => void }) {
  const { pool, changed } = deps;

  async function reload(id: string): Promise<PriceList> {
    const list = await repository.findPriceList(pool, id);
    if (!list) throw listNotFound();
    return list;
  }

  return {
    list: (): Promise<PriceListSummary[]> => repository.listPriceLists(pool),

    get: reload,

    async create(data: PriceListData, actorId: string, audit: AuditWriter): Promise<PriceList> {
      const id = await inTransaction(pool, async (tx) => {
        await assertProductsExist(tx, data);
        const created = await repository.insertPriceList(tx, data, actorId);
        await repository.replaceItems(tx, created, data.items);
        await audit(tx, { action: 'price_list.create', entity: 'price_list', entityId: created, summary: { after: summaryOf(data) } });
        return created;
      }).catch((error: unknown) => translateWriteError(error, data.name));
      changed(id);
      return reload(id);
    },

    async update(id: string, data: PriceListData, audit: AuditWriter): Promise<PriceList> {
      await inTransaction(pool, async (tx) => {
        const before = await repository.findPriceList(tx, id);
        if (!before || !(await repository.updatePriceList(tx, id, data))) throw listNotFound();
        await assertProductsExist(tx, data);
        await repository.replaceItems(tx, id, data.items);
        await audit(tx, { action: 'price_list.update', entity: 'price_list', entityId: id, summary: { before: summaryOf(before), after: summaryOf(data) } });
      }).catch((error: unknown) => translateWriteError(error, data.name));
      changed(id);
      return reload(id);
    },

    async remove(id: string, audit: AuditWriter): Promise<void> {
      const result = await inTransaction(pool, async (tx) => {
        const before = await repository.findPriceList(tx, id);
        const outcome = await repository.deletePriceListIfUnused(tx, id);
        if (before && outcome.deleted) await audit(tx, { action: 'price_list.delete', entity: 'price_list', entityId: id, summary: { before: summaryOf(before) } });
        return outcome;
      }).catch((error: unknown) => {
        // An assignment committed between our check and the delete.
        if (isForeignKeyViolation(error)) throw new AppError('price_list_in_use', text.inUse(1));
        throw error;
      });
      if (result.customers > 0) throw new AppError('price_list_in_use', text.inUse(result.customers), { customers: result.customers });
      if (!result.deleted) throw listNotFound();
      changed(id);
    },
  };
}

export type PriceListsService = ReturnType<typeof createPriceListsService>;
