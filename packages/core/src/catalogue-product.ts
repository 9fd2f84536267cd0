import type { CatalogueProduct, Product } from './schemas/product';

/**
 * Either catalogue view: `'price' in product` tells them apart (the retail view has no wholesale
 * field at all). Kept out of `schemas/product` on purpose: importing a function from there brings
 * zod with it (≈ 30 kB gzip), and the catalogue's rows need only this test to paint (decision 024).
 */
export const isWholesaleProduct = (product: CatalogueProduct): product is Product => 'price' in product;
