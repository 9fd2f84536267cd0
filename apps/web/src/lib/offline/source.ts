// What the app reaches without network (decision 043), loaded only when a request fails
// (main.tsx → setOfflineSource): the device's catalogue snapshot and the cart built from it.
// One entry for both, so neither of the two modules needs to import the other back.
export * from './snapshot';
export { offlineCart } from './offline-cart';
