/** Public surface of the admin products feature; the tab itself is lazy-loaded by /admin. */
export { adminProductKeys } from './api/admin-products-api';
