import { describe, expect, it } from 'vitest';
import { toSnapshotProduct, type CatalogueSnapshot } from '@mayorista/core/offline-snapshot';
import { makeProduct } from '../../test/test-products';
import { searchable, searchSnapshot, snapshotCategories } from './snapshot-search';

const snapshot: CatalogueSnapshot = {
  generated_at: '2026-11-25T14:32:00.000Z',
  prices_include_iva: true,
  min_order_amount: 0,
  products: [
    makeProduct({ id: 'a', name: 'Azúcar Ledesma 1 kg', category: 'Almacén', sku: 'ALM-1', stock: 0 }),
    makeProduct({ id: 'b', name: 'Té verde Taragüí', category: 'Infusiones', sku: 'INF-2', on_sale: true, sale_price: 100 }),
    makeProduct({ id: 'c', name: 'Aceite Natura', category: 'Almacén', sku: 'TE', has_unlimited_stock: true, stock: 0 }),
    makeProduct({ id: 'd', name: 'Yerba azucarada', category: 'Infusiones', sku: 'INF-3' }),
  ].map(toSnapshotProduct),
};
const data = searchable(snapshot);
const ids = (q: Parameters<typeof searchSnapshot>[1]) => searchSnapshot(data, q).items.map((p) => p.id);

describe('searching the snapshot offline, with the server rules', () => {
  it('ignores accents and case; every word must appear', () => {
    expect(ids({ search: 'AZUCAR', page: 1, pageSize: 10 })).toEqual(['a', 'd']);
    expect(ids({ search: 'azucar kg', page: 1, pageSize: 10 })).toEqual(['a']);
  });

  it('a short word matches the start of a word only, and an exact SKU comes first', () => {
    // "te" finds "Té verde", not "Aceite"; SKU "TE" is exact for Aceite, so it leads.
    expect(ids({ search: 'te', page: 1, pageSize: 10 })).toEqual(['c', 'b']);
  });

  it('names starting with the search come before the rest', () => {
    expect(ids({ search: 'yerba', page: 1, pageSize: 10 })).toEqual(['d']);
    expect(ids({ search: 'azu', page: 1, pageSize: 10 })).toEqual(['a', 'd']);
  });

  it('filters by category, sale and stock, and pages', () => {
    expect(ids({ category: 'Almacén', page: 1, pageSize: 10 })).toEqual(['a', 'c']);
    expect(ids({ onSale: true, page: 1, pageSize: 10 })).toEqual(['b']);
    expect(ids({ inStock: true, page: 1, pageSize: 10 })).toEqual(['b', 'c', 'd']);
    const page2 = searchSnapshot(data, { page: 2, pageSize: 3 });
    expect(page2).toMatchObject({ total: 4, page: 2, page_size: 3 });
    expect(page2.items.map((p) => p.id)).toEqual(['d']);
  });

  it('lists the categories in Spanish order', () => {
    expect(snapshotCategories(data)).toEqual(['Almacén', 'Infusiones']);
  });
});
