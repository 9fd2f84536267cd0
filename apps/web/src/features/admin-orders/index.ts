/**
 * Public surface of the admin orders feature. The "Pedidos" tab itself is the default export of
 * admin-orders-tab.tsx, loaded lazily by /admin; only the query keys are here, for the realtime
 * feature to refresh the list when a new order arrives.
 */
export { adminOrdersKeys } from './api/admin-orders-api';
