// What the app reaches without network (decision 043), loaded only when a request fails
// (main.tsx → setOfflineSource): the device's catalogue snapshot and the cart built from it.
// One entry for both, so neither of the two modules needs to import the other back.
import { forgetSnapshot as forgetCustomerSnapshot } from './snapshot';

export * from './snapshot';
export { offlineCart } from './offline-cart';

/** Signing out: the customer's snapshot and, on a sales rep's phone, their day's customers and prices (decision 053). */
export async function forgetSnapshot(userId: string): Promise<void> {
  // The rep's module only at sign-out: a customer's catalogue fallback never downloads it.
  const forgetRepDay = (id: string) => import('./rep-day').then((day) => day.forgetRepDay(id));
  await Promise.all([forgetCustomerSnapshot(userId), forgetRepDay(userId)]);
}
