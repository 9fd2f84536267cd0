import { formatCuit, IVA_CONDITION_LABELS } from '@mayorista/core/business';
import { formatDateTime } from '@mayorista/core/date-time';
import { formatMoney } from '@mayorista/core/money';
import { deliveries } from '@mayorista/core/messages/deliveries';
import { receivables } from '@mayorista/core/messages/receivables';
import { formatReceiptNumber } from '@mayorista/core/receivables';
import { staff as text } from '@mayorista/core/messages/staff';
import { STAFF_ROLE_LABELS, type StaffRole } from '@mayorista/core/roles';

// How the activity log's rows read (decision 048), shared by the owner's Actividad tab and each
// entity page's Historial.

export const staffRoleLabel = (role: string | null | undefined): string =>
  role && role in STAFF_ROLE_LABELS ? STAFF_ROLE_LABELS[role as StaffRole] : '';

export const auditActionLabel = (action: string): string => text.actionLabels[action] ?? action;

const MONEY_KEYS = new Set(['amount', 'total', 'price', 'credit_limit', 'collected', 'min_order', 'min_order_amount']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Kept in the log for whoever reads it raw, left out of the one-line summary (the counts beside them say it). */
const DETAIL_ONLY = new Set(['reps', 'zone_id']);
/** At most this many fields per line: the row stays short on a phone. */
const MAX_FIELDS = 4;
/** Days of the week: a zone's as JavaScript counts them (0 = domingo … 6 = sábado), a rep's visit days as ISO (1 = lunes … 7 = domingo). */
const weekdayName = (key: string, day: number): string | null =>
  key === 'weekdays' || key === 'visit_days' ? (deliveries.weekdays[key === 'visit_days' ? day % 7 : day] ?? String(day)) : null;
const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z$/;
const REASONS: Record<string, string> = deliveries.reasons;
/** Fields whose values are codes, in the words the screens use for them. */
const CODES: Record<string, Record<string, string>> = {
  credit_hold: receivables.creditHoldStates,
  credit_exceeded_action: text.creditActions,
  business_iva_condition: IVA_CONDITION_LABELS,
};

/** People's names by id, as the log's read joins them (GET /api/admin/audit `names`). */
export type AuditNames = Readonly<Record<string, string>>;

/** A value that is a code, a day, a CUIT or a number with a format of its own, in the words the screens use; null when it is none. */
function showCoded(key: string, value: string | number): string | null {
  if (typeof value === 'number' && MONEY_KEYS.has(key)) return formatMoney(value);
  if (typeof value === 'number' && key === 'commission_bp') return `${(value / 100).toLocaleString('es-AR')} %`;
  if (typeof value === 'number' && key === 'receipt_number') return formatReceiptNumber(value);
  if (typeof value === 'number') return weekdayName(key, value);
  if (key === 'role') return staffRoleLabel(value) || value;
  if (key === 'method') return (receivables.methods as Record<string, string>)[value] ?? value;
  if (key === 'reason' && value in REASONS) return REASONS[value]!;
  // A customer's `cuit`, the business's `business_cuit`: 30-71234567-1, as every screen shows it.
  if (key.endsWith('cuit')) return formatCuit(value);
  const code = CODES[key]?.[value];
  if (code) return code;
  const day = CALENDAR_DAY.exec(value);
  if (day) return `${day[3]}/${day[2]}/${day[1]}`;
  // A moment (an ISO time): as the row's own time reads, beside it.
  return INSTANT.test(value) ? formatDateTime(value) : null;
}

function showValue(key: string, value: unknown, names: AuditNames): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? text.yes : text.no;
  if (typeof value === 'number' || typeof value === 'string') {
    const coded = showCoded(key, value);
    if (coded !== null) return coded;
  }
  if (typeof value === 'string') {
    if (UUID.test(value)) return names[value.toLowerCase()] ?? `${key === 'order_id' ? '#' : ''}${value.slice(0, 8)}`;
    return value.length > 60 ? `${value.slice(0, 59)}…` : value;
  }
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    const items = value.map((item) =>
      item !== null && typeof item === 'object' ? Object.values(item).map((v) => showValue('', v, names)).join(' ') : showValue(key, item, names),
    );
    return items.length > 5 ? `${items.slice(0, 5).join(', ')}… (${items.length})` : items.join(', ');
  }
  const json = JSON.stringify(value);
  return json.length > 60 ? `${json.slice(0, 59)}…` : json;
}

/**
 * A before/after summary as one short line: "Estado: Pendiente → Confirmado · Total: $ 1.200,00".
 * Every field by its Spanish label, days as dd/mm/aaaa, weekdays by name, receipts numbered, and
 * people by name when the log's read could give it (`names`), else the id's first characters.
 */
export function describeAuditSummary(summary: Record<string, unknown>, names: AuditNames = {}): string {
  const before = (summary.before ?? {}) as Record<string, unknown>;
  const after = (summary.after ?? {}) as Record<string, unknown>;
  const rest = Object.fromEntries(Object.entries(summary).filter(([key]) => key !== 'before' && key !== 'after'));
  // A field that did not change says nothing (an edit that kept the name).
  const same = (key: string) => key in before && key in after && JSON.stringify(before[key]) === JSON.stringify(after[key]);
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after), ...Object.keys(rest)])].filter((key) => !same(key) && !DETAIL_ONLY.has(key));
  if (keys.length === 0) return '';
  const label = (key: string) => text.summaryLabels[key] ?? key.replace(/_/g, ' ');
  const parts = keys.slice(0, MAX_FIELDS).map((key) => {
    if (key in rest) return `${label(key)}: ${showValue(key, rest[key], names)}`;
    if (!(key in after)) return `${label(key)}: ${showValue(key, before[key], names)} → —`;
    if (!(key in before)) return `${label(key)}: ${showValue(key, after[key], names)}`;
    return `${label(key)}: ${showValue(key, before[key], names)} → ${showValue(key, after[key], names)}`;
  });
  return keys.length > MAX_FIELDS ? `${parts.join(' · ')} · …` : parts.join(' · ');
}

/**
 * What a row changed, by name when the log's read could give it ("Cliente: Almacén La Esquina SRL",
 * "Zona: Norte"), an order by its number, anything else by its short id (the log keeps ids).
 */
export function describeAuditEntity(entity: string, entityId: string, names: AuditNames = {}): string {
  const label = text.entityLabelsOne[entity] ?? entity;
  const name = names[entityId.toLowerCase()];
  if (name) return `${label}: ${name}`;
  if (entity === 'settings') return label;
  if (entity === 'order') return `${label} #${entityId.slice(0, 8)}`;
  return `${label} ${UUID.test(entityId) ? entityId.slice(0, 8) : entityId}`;
}
