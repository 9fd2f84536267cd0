import { formatMoney } from '@mayorista/core/money';
import { receivables } from '@mayorista/core/messages/receivables';
import { staff as text } from '@mayorista/core/messages/staff';
import { STAFF_ROLE_LABELS, type StaffRole } from '@mayorista/core/roles';

// How the activity log's rows read (decision 048), shared by the owner's Actividad tab and each
// entity page's Historial.

export const staffRoleLabel = (role: string | null | undefined): string =>
  role && role in STAFF_ROLE_LABELS ? STAFF_ROLE_LABELS[role as StaffRole] : '';

export const auditActionLabel = (action: string): string => text.actionLabels[action] ?? action;

const MONEY_KEYS = new Set(['amount', 'total', 'price', 'credit_limit', 'collected', 'min_order']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Kept in the log for whoever reads it raw, left out of the one-line summary (the counts beside them say it). */
const DETAIL_ONLY = new Set(['reps']);
/** At most this many fields per line: the row stays short on a phone. */
const MAX_FIELDS = 4;

function showValue(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? text.yes : text.no;
  if (typeof value === 'number' && MONEY_KEYS.has(key)) return formatMoney(value);
  if (typeof value === 'number' && key === 'commission_bp') return `${(value / 100).toLocaleString('es-AR')} %`;
  if (key === 'role' && typeof value === 'string') return staffRoleLabel(value) || value;
  if (key === 'method' && typeof value === 'string') return (receivables.methods as Record<string, string>)[value] ?? value;
  if (typeof value === 'string') return UUID.test(value) ? value.slice(0, 8) : value.length > 60 ? `${value.slice(0, 59)}…` : value;
  if (Array.isArray(value)) {
    const items = value.map((item) => (item !== null && typeof item === 'object' ? Object.values(item).map((v) => showValue('', v)).join(' ') : showValue(key, item)));
    return items.length > 5 ? `${items.slice(0, 5).join(', ')}… (${items.length})` : items.join(', ');
  }
  const json = JSON.stringify(value);
  return json.length > 60 ? `${json.slice(0, 59)}…` : json;
}

/** A before/after summary as one short line: "Estado: Pendiente → Confirmado · Total: $ 1.200,00". */
export function describeAuditSummary(summary: Record<string, unknown>): string {
  const before = (summary.before ?? {}) as Record<string, unknown>;
  const after = (summary.after ?? {}) as Record<string, unknown>;
  const rest = Object.fromEntries(Object.entries(summary).filter(([key]) => key !== 'before' && key !== 'after'));
  // A field that did not change says nothing (an edit that kept the name).
  const same = (key: string) => key in before && key in after && JSON.stringify(before[key]) === JSON.stringify(after[key]);
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after), ...Object.keys(rest)])].filter((key) => !same(key) && !DETAIL_ONLY.has(key));
  if (keys.length === 0) return '';
  const label = (key: string) => text.summaryLabels[key] ?? key.replace(/_/g, ' ');
  const parts = keys.slice(0, MAX_FIELDS).map((key) => {
    if (key in rest) return `${label(key)}: ${showValue(key, rest[key])}`;
    if (!(key in after)) return `${label(key)}: ${showValue(key, before[key])} → —`;
    if (!(key in before)) return `${label(key)}: ${showValue(key, after[key])}`;
    return `${label(key)}: ${showValue(key, before[key])} → ${showValue(key, after[key])}`;
  });
  return keys.length > MAX_FIELDS ? `${parts.join(' · ')} · …` : parts.join(' · ');
}
