import { useId, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '@mayorista/core/date-time';
import { staff as text } from '@mayorista/core/messages/staff';
import { profileCan } from '@mayorista/core/roles';
import type { AuditEntry, AuditPage } from '@mayorista/core/schemas/staff';
import { apiRequest } from '../lib/api-client';
import { useOptionalAuth } from '../lib/auth';
import { auditActionLabel, describeAuditSummary, staffRoleLabel } from './audit-summary';
import { Button } from './ui/button';
import { LoadError } from './ui/load-error';
import { Spinner } from './ui/spinner';

export type HistoryEntity = 'order' | 'customer' | 'product';

/** How many rows the panel shows; the owner's Actividad tab has the rest. */
const HISTORY_PAGE_SIZE = 20;

export const entityHistoryQueryOptions = (entity: HistoryEntity, entityId: string) => ({
  queryKey: ['admin-audit', { entity, entity_id: entityId, page: 1, page_size: HISTORY_PAGE_SIZE }] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiRequest<AuditPage>('/api/admin/audit', { signal, query: { entity, entity_id: entityId, page: 1, page_size: HISTORY_PAGE_SIZE } }),
});

/** One activity-log row: what, the before → after, when and who with their role. */
export function HistoryRow({ entry }: { entry: AuditEntry }) {
  const role = staffRoleLabel(entry.actor_role);
  const detail = describeAuditSummary(entry.summary, entry.names);
  return (
    <li className="py-2 text-sm">
      <p className="font-medium break-words text-slate-900">{auditActionLabel(entry.action)}</p>
      {detail ? <p className="break-words text-slate-700">{detail}</p> : null}
      <p className="text-xs text-slate-600">
        <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> · {entry.actor_name}
        {role ? ` (${role})` : ''}
      </p>
    </li>
  );
}

function HistoryBody({ entity, entityId }: { entity: HistoryEntity; entityId: string }) {
  const query = useQuery(entityHistoryQueryOptions(entity, entityId));
  if (query.isPending) return <Spinner label={text.historyLoading} />;
  if (query.isError) {
    return <LoadError title={text.historyLoadError} detail={query.error.message} retryLabel={text.retry} onRetry={() => void query.refetch()} />;
  }
  const { items, total } = query.data;
  if (items.length === 0) return <p className="text-sm text-slate-600">{text.historyEmpty}</p>;
  return (
    <>
      <ul aria-label={text.historyTitle} className="divide-y divide-slate-200">
        {items.map((entry) => (
          <HistoryRow key={entry.id} entry={entry} />
        ))}
      </ul>
      {total > items.length ? <p className="text-xs text-slate-600">{text.historyShown(items.length, total)}</p> : null}
    </>
  );
}

/**
 * The "Historial" section of an entity page: its title and "Ver historial", the body rendered (and
 * so read) only once opened. The order dialog fills it with its own list (order edits and the log)
 * and decides when it starts open (`open`, `onToggle`).
 */
export function HistoryPanel({ children, open: shown, onToggle }: { children: () => ReactNode; open?: boolean; onToggle?: () => void }) {
  const [openHere, setOpen] = useState(false);
  const open = shown ?? openHere;
  const toggle = onToggle ?? (() => setOpen((was) => !was));
  const panelId = useId();
  return (
    <section aria-labelledby={`${panelId}-title`} className="space-y-2 rounded-lg border border-slate-200 bg-white p-3 sm:p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${panelId}-title`} className="font-semibold text-slate-900">
          {text.historyTitle}
        </h3>
        <Button variant="secondary" size="sm" aria-expanded={open} aria-controls={panelId} onClick={toggle}>
          {open ? text.historyHide : text.historyShow}
        </Button>
      </div>
      <div id={panelId} hidden={!open}>
        {open ? children() : null}
      </div>
    </section>
  );
}

/**
 * An entity page's own history from the activity log (decision 048): who did what to this order,
 * customer or product, with their role, when, and a short before → after — newest first. Closed
 * until asked for (the log is read only then); shown only to those who may read the log.
 */
export function EntityHistory({ entity, entityId }: { entity: HistoryEntity; entityId: string }) {
  const auth = useOptionalAuth();
  if (!profileCan(auth?.profile, 'audit.read')) return null;
  return <HistoryPanel>{() => <HistoryBody entity={entity} entityId={entityId} />}</HistoryPanel>;
}
