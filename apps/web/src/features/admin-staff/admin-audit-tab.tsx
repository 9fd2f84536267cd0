import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { formatDateTime } from '@mayorista/core/money';
import { adminPage } from '@mayorista/core/messages/adminPage';
import { staff as text } from '@mayorista/core/messages/staff';
import { STAFF_ROLE_LABELS, type StaffRole } from '@mayorista/core/roles';
import type { AuditEntry } from '@mayorista/core/schemas/staff';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { LoadError } from '../../components/ui/load-error';
import { Spinner } from '../../components/ui/spinner';
import { auditQueryOptions, type AuditFilters } from './staff-api';

const roleLabel = (role: string | null) => (role && role in STAFF_ROLE_LABELS ? STAFF_ROLE_LABELS[role as StaffRole] : '');

/** A before/after summary as one short line: "status: Pendiente → Confirmado". */
function describe(summary: Record<string, unknown>): string {
  const before = (summary.before ?? {}) as Record<string, unknown>;
  const after = (summary.after ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  if (keys.length === 0) return JSON.stringify(summary);
  return keys.map((k) => (k in before ? `${k}: ${String(before[k])} → ${String(after[k] ?? '—')}` : `${k}: ${String(after[k])}`)).join(' · ');
}

function EntryRow({ entry }: { entry: AuditEntry }) {
  return (
    <li className="border-b border-slate-200 py-2 text-sm">
      <p className="font-medium text-slate-900">
        {entry.actor_name} <span className="font-normal text-slate-600">({roleLabel(entry.actor_role)})</span> · {text.actionLabels[entry.action] ?? entry.action}
      </p>
      <p className="text-slate-700">{describe(entry.summary)}</p>
      <p className="text-xs text-slate-500">
        {formatDateTime(entry.at)} · {text.entityLabels[entry.entity] ?? entry.entity} {entry.entity_id.slice(0, 8)}
        {entry.ip ? ` · IP ${entry.ip}` : ''}
      </p>
    </li>
  );
}

/** /admin?tab=actividad: the owner's activity log, by entity and day (decision 048). */
export default function AdminAuditTab() {
  const [filters, setFilters] = useState<AuditFilters>({ page: 1 });
  const query = useQuery({ ...auditQueryOptions(filters), placeholderData: keepPreviousData });
  const set = (patch: Partial<AuditFilters>) => setFilters((current) => ({ ...current, ...patch, page: patch.page ?? 1 }));
  return (
    <div className="space-y-3">
      <div className="grid grid-cols-2 gap-2 md:grid-cols-4">
        <label className="space-y-1 text-sm font-medium text-slate-900">
          {text.auditEntity}
          <select
            className="block min-h-11 w-full rounded-md border border-slate-300 bg-white px-2"
            value={filters.entity ?? ''}
            onChange={(event) => set({ entity: event.target.value || undefined })}
          >
            <option value="">{text.auditAll}</option>
            {Object.entries(text.entityLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <Field label={text.auditFrom} type="date" value={filters.from ?? ''} onChange={(event) => set({ from: event.target.value || undefined })} />
        <Field label={text.auditTo} type="date" value={filters.to ?? ''} onChange={(event) => set({ to: event.target.value || undefined })} />
      </div>
      {query.isPending ? <Spinner label={adminPage.loadingTab} /> : null}
      {query.isError ? <LoadError title={text.auditLoadError} detail={query.error.message} retryLabel={text.retry} onRetry={() => void query.refetch()} /> : null}
      {query.data ? (
        query.data.items.length === 0 ? (
          <p className="text-slate-600">{text.auditEmpty}</p>
        ) : (
          <>
            <ul aria-label={text.activity}>
              {query.data.items.map((entry) => (
                <EntryRow key={entry.id} entry={entry} />
              ))}
            </ul>
            <div className="flex gap-2">
              <Button variant="secondary" size="sm" disabled={filters.page <= 1} onClick={() => set({ page: filters.page - 1 })}>
                ←
              </Button>
              <Button variant="secondary" size="sm" disabled={filters.page * 50 >= query.data.total} onClick={() => set({ page: filters.page + 1 })}>
                →
              </Button>
            </div>
          </>
        )
      ) : null}
    </div>
  );
}
