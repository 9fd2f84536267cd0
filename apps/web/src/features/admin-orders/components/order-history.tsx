import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '@mayorista/core/money';
import { formatDateTime } from '@mayorista/core/date-time';
import { orderLife } from '@mayorista/core/messages/orderLife';
import { staff as staffTexts } from '@mayorista/core/messages/staff';
import { profileCan } from '@mayorista/core/roles';
import { auditActionLabel, describeAuditSummary, staffRoleLabel } from '../../../components/audit-summary';
import { entityHistoryQueryOptions, HistoryPanel, HistoryRow } from '../../../components/entity-history';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { useOptionalAuth } from '../../../lib/auth';
import { adminOrderEditsQueryOptions } from '../api/admin-orders-api';
import { mergeOrderHistory, type OrderHistoryEvent } from '../order-history';

const life = orderLife.edit;

/** An edit: its log row's action and who (with the role) when there is one, the reason, the totals and the lines after. */
function EditRow({ event }: { event: OrderHistoryEvent & { edit: NonNullable<OrderHistoryEvent['edit']> } }) {
  const { edit, audit } = event;
  const role = staffRoleLabel(audit?.actor_role);
  // An edit's own row says "Total … · lines …": the edit below says it better. A delivery's says what was collected.
  const detail = audit && audit.action !== 'order.edit' ? describeAuditSummary(audit.summary, audit.names) : '';
  return (
    <li className="py-2 text-sm">
      <p className="font-medium break-words text-slate-900">{auditActionLabel(audit?.action ?? 'order.edit')}</p>
      {detail ? <p className="break-words text-slate-700">{detail}</p> : null}
      <p className="break-words">{edit.reason}</p>
      <p className="text-slate-700">
        {life.historyTotals(formatMoney(edit.before_total), formatMoney(edit.after_total))}
        {edit.reprice ? ` · ${life.historyRepriced}` : ''}
      </p>
      <p className="break-words text-slate-600">{edit.after_items.map((i) => `${i.quantity} × ${i.name}`).join(', ')}</p>
      <p className="text-xs text-slate-600">
        <time dateTime={event.at}>{formatDateTime(event.at)}</time> · {audit?.actor_name ?? edit.actor_name ?? life.someone}
        {role ? ` (${role})` : ''}
      </p>
    </li>
  );
}

function OrderHistoryBody({ orderId, canReadLog }: { orderId: string; canReadLog: boolean }) {
  const edits = useQuery(adminOrderEditsQueryOptions(orderId));
  const log = useQuery({ ...entityHistoryQueryOptions('order', orderId), enabled: canReadLog });
  if (edits.isPending || (canReadLog && log.isPending)) return <Spinner label={staffTexts.historyLoading} />;
  const failed = edits.error ?? (canReadLog ? log.error : null);
  if (failed) {
    const retry = () => void Promise.all([edits.refetch(), canReadLog ? log.refetch() : null]);
    return <LoadError title={staffTexts.historyLoadError} detail={failed.message} retryLabel={staffTexts.retry} onRetry={retry} />;
  }
  const rows = log.data?.items ?? [];
  const events = mergeOrderHistory(edits.data?.items ?? [], canReadLog ? rows : []);
  if (events.length === 0) return <p className="text-sm text-slate-600">{life.historyEmpty}</p>;
  const total = log.data?.total ?? 0;
  return (
    <>
      <ul aria-label={staffTexts.historyTitle} className="divide-y divide-slate-200">
        {events.map((event) =>
          event.edit ? <EditRow key={`e${event.edit.id}`} event={{ ...event, edit: event.edit }} /> : <HistoryRow key={`a${event.audit!.id}`} entry={event.audit!} />,
        )}
      </ul>
      {canReadLog && total > rows.length ? <p className="text-xs text-slate-600">{staffTexts.historyShown(rows.length, total)}</p> : null}
    </>
  );
}

/**
 * The order's one "Historial" (decision 061): its edits with their lines, reason and totals, and —
 * for whoever may read the activity log — every other change (status, credit hold, delivery date,
 * the driver's visits), with who, their role and when. Open at once when the order has edits;
 * otherwise closed until opened, and the log read only then.
 */
export function OrderHistory({ orderId }: { orderId: string }) {
  const auth = useOptionalAuth();
  const canReadLog = profileCan(auth?.profile, 'audit.read');
  // The edits are read at once, as "Historial de cambios" always was: an order that has them opens
  // its history showing them (also right after an edit is saved), until the person closes it.
  const edits = useQuery(adminOrderEditsQueryOptions(orderId));
  const [chosen, setChosen] = useState<boolean | null>(null);
  const open = chosen ?? (edits.data?.items.length ?? 0) > 0;
  return (
    <HistoryPanel open={open} onToggle={() => setChosen(!open)}>
      {() => <OrderHistoryBody orderId={orderId} canReadLog={canReadLog} />}
    </HistoryPanel>
  );
}
