import type { Product } from '@mayorista/core/schemas/product';

/** A catalogue product for the cart's tests; the pure rule tests use it without the React fixtures. */
export const YERBA_ID = 'aaaaaaaa-0000-4000-8000-000000000001';
export const AZUCAR_ID = 'aaaaaaaa-0000-4000-8000-000000000002';

export function makeProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: YERBA_ID,
    name: 'Yerba Mate Playadito 1 kg',
    price: 4200_00,
    retail_price: 5300_00,
    on_sale: false,
    sale_price: null,
    on_sale_retail: false,
    sale_price_retail: null,
    discounts: [],
    stock: 10,
    has_unlimited_stock: false,
    is_enabled: true,
    min_quantity: 1,
    pack_size: 1,
    max_quantity: null,
    barcode: null,
    sku: null,
    category: null,
    description: null,
    iva_rate: 21,
    weight_grams: null,
    image_url: null,
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}
