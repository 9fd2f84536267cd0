import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { formatDateTime } from '@mayorista/core/date-time';
import { adminPage } from '@mayorista/core/messages/adminPage';
import { staff as text } from '@mayorista/core/messages/staff';
import type { AuditEntry } from '@mayorista/core/schemas/staff';
import { auditActionLabel, describeAuditEntity, describeAuditSummary, staffRoleLabel } from '../../components/audit-summary';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { LoadError } from '../../components/ui/load-error';
import { Spinner } from '../../components/ui/spinner';
import { auditQueryOptions, type AuditFilters } from './staff-api';

function EntryRow({ entry }: { entry: AuditEntry }) {
  return (
    <li className="border-b border-slate-200 py-2 text-sm">
      <p className="font-medium text-slate-900">
        {entry.actor_name} <span className="font-normal text-slate-600">({staffRoleLabel(entry.actor_role)})</span> · {auditActionLabel(entry.action)}
      </p>
      <p className="break-words text-slate-700">{describeAuditSummary(entry.summary, entry.names)}</p>
      <p className="text-xs text-slate-500">
        {formatDateTime(entry.at)} · {describeAuditEntity(entry.entity, entry.entity_id, entry.names)}
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
