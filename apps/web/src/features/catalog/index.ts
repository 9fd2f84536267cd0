/** Public surface of the catalogue feature (the page itself is lazy-loaded by the router). */
export { productKeys, fetchProductsPage, categoriesQueryOptions } from './api/products-api';
export { ProductCard, type ProductCardProps } from './components/product-card';
export { useDebouncedValue } from './hooks/use-debounced-value';
