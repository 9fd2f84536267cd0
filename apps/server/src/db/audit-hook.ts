import type { Queryable } from './transaction';

/** One staff change as the audit log records it (decision 048). */
export interface AuditedChange {
  /** What was done, e.g. 'order.status', 'price_list.update', 'product.delete'. */
  action: string;
  /** What it was done to: 'order', 'customer', 'product', 'price_list', 'zone', 'settings'… */
  entity: string;
  entityId: string;
  /** A short before/after summary: `{ before: {…}, after: {…} }` or what was recorded. */
  summary?: Record<string, unknown>;
}

/**
 * Writes a change's audit row inside the change's own transaction. A module that opens its own
 * transaction takes one from its caller (a route gives the audit module's `auditBy(actor)`), so
 * the row exists if and only if the change committed, and no module imports the audit module.
 */
export type AuditWriter = (tx: Queryable, change: AuditedChange) => Promise<void>;
