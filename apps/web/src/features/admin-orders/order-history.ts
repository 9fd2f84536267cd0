import type { OrderEditEntry } from '@mayorista/core/schemas/order-life';
import type { AuditEntry } from '@mayorista/core/schemas/staff';

/**
 * One event of an order's history (decision 061): an activity-log row, an edit with its lines, or
 * both when they are the same change — an edit and its log row are written in one transaction,
 * so they carry the same time (`order.edit`, or `order.delivered` when the driver delivered fewer units).
 */
export interface OrderHistoryEvent {
  at: string;
  audit: AuditEntry | null;
  edit: OrderEditEntry | null;
}

/**
 * The order's edits and its log rows as one list, newest first. Whoever may not read the log sees
 * the edits alone (`audit` empty), as before the two lists became one.
 */
export function mergeOrderHistory(edits: readonly OrderEditEntry[], audit: readonly AuditEntry[]): OrderHistoryEvent[] {
  const unpaired = new Map<string, OrderEditEntry[]>();
  for (const edit of edits) unpaired.set(timeKey(edit.created_at), [...(unpaired.get(timeKey(edit.created_at)) ?? []), edit]);
  const events: OrderHistoryEvent[] = audit.map((row) => {
    const edit = EDITING_ACTIONS.has(row.action) ? (unpaired.get(timeKey(row.at))?.shift() ?? null) : null;
    return { at: row.at, audit: row, edit };
  });
  for (const left of unpaired.values()) for (const edit of left) events.push({ at: edit.created_at, audit: null, edit });
  return events.sort((a, b) => Date.parse(b.at) - Date.parse(a.at) || (b.audit?.id ?? 0) - (a.audit?.id ?? 0));
}

const timeKey = (iso: string) => String(Date.parse(iso));
/** The log's actions whose transaction writes an order edit too. */
const EDITING_ACTIONS = new Set(['order.edit', 'order.delivered']);
