/**
 * Ordering without signal (decisions 042–044): the worker's registration and update prompt, the
 * offline banner and queue sender, and the queue's list on /cart. Loaded after the first screen.
 */
export { AppUpdates } from './app-updates';
export { OfflineShell } from './offline-shell';
export { OrderQueue } from './order-queue';
