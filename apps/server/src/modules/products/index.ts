// The products module's public surface: the products and product_images tables (everything but
// prices, which the pricing module writes, and stock, which the stock ledger writes), the
// catalogue and its per-process cache, and the gallery's files.
export { findProductById, insertProduct, updateProductDetails, type Executor, type ProductFilters } from './products.repository';
export {
  createProductsService,
  productNotFound,
  translateWriteError,
  viewerClassOf,
  type ProductsService,
  type ViewerClass,
} from './products.service';
export { CatalogueCache, priceListPayload } from './products.cache';
export { imageFilesOf, removeImageFiles, type StoredImageFiles } from './products.gallery';
export { STORED_IMAGE_NAME } from './products.images';
export { readProductWeights } from './products.weights';
