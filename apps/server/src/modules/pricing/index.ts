// The pricing module's public surface: a product's prices (written only here), the price_changes
// record behind the history and undo, repricing, the catalogue spreadsheet (read, plan, write)
// and the exports. Work that also moves stock or removes products' files is in src/flows.
export {
  deleteProducts,
  findChange,
  findImportItems,
  findItems,
  insertChange,
  lockProductData,
  lockProducts,
  markUndone,
  orderedSince,
  snapshotOfRow,
  updateProducts,
  writeEditedPrices,
  writePrices,
  type ChangeItem,
  type ImportItem,
  type PricedRow,
} from './pricing.repository';
export {
  forEachStockChunk,
  lockImports,
  planImport,
  recordImport,
  refuse,
  reportOf,
  sameField,
  writeImportedProducts,
} from './pricing.import';
export { parseCatalogueFile } from './pricing.import-parse';
export { createPricingService, type PricingService } from './pricing.service';
export { exportCsv, exportXlsx } from './pricing.export';
export { renderPriceList } from './price-list.pdf';
