import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { orderNumber } from '@mayorista/core/constants';
import { rep as t } from '@mayorista/core/messages/rep';
import { formatMoney } from '@mayorista/core/money';
import { formatReceiptNumber } from '@mayorista/core/receivables';
import { DownloadButton } from '../../../components/receivables/download-button';
import { Button } from '../../../components/ui/button';
import { confirmRep, discardRep, sendRepQueue, useRepQueue, watchRepQueue } from '../../../lib/offline/rep-queue';
import { isSendable, type RepQueued } from '../../../lib/offline/rep-queue-model';
import { receivables } from '../../../lib/receivables/texts';
import { takeOrderPath } from '../components/customer-parts';
import { repKeys, repReceiptPath } from '../rep-api';
import type { TakeOrderDraft } from '../take-order/use-take-order';

const PROBE_MS = 5_000;

/** Sends the rep's queue when the network may be back: at once, on `online`, on focus, and every few seconds while something waits. */
function useRepQueueSender(repId: string, waiting: boolean) {
  useEffect(() => {
    watchRepQueue(repId);
    const send = () => void sendRepQueue();
    send();
    window.addEventListener('online', send);
    window.addEventListener('focus', send);
    document.addEventListener('visibilitychange', send);
    return () => {
      window.removeEventListener('online', send);
      window.removeEventListener('focus', send);
      document.removeEventListener('visibilitychange', send);
    };
  }, [repId]);
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => void sendRepQueue(), PROBE_MS);
    return () => window.clearInterval(timer);
  }, [waiting]);
}

function entryText(entry: RepQueued): string {
  if (entry.kind === 'payment') return t.entryPayment(entry.customerName, formatMoney(entry.amount));
  return t.entryOrder(entry.customerName, t.lines(entry.lines), formatMoney(entry.amount));
}

function doneText(entry: RepQueued): string | null {
  if (entry.kind === 'order') return entry.done ? t.doneOrder(orderNumber(entry.done.orderId), formatMoney(entry.done.total)) : null;
  return entry.done ? t.doneReceipt(formatReceiptNumber(entry.done.receiptNumber)) : null;
}

/** "Descartar" asks once more, in place (a dialog the browser draws would block the page). */
function DiscardButton({ id }: { id: string }) {
  const [asking, setAsking] = useState(false);
  if (!asking) return <Button variant="ghostDanger" size="sm" onClick={() => setAsking(true)}>{t.discard}</Button>;
  return (
    <span className="flex items-center gap-2 text-sm text-red-900">
      {t.discardConfirm}
      <Button variant="destructive" size="sm" onClick={() => void discardRep(id)}>
        {t.discard}
      </Button>
    </span>
  );
}

/**
 * "Editar pedido": the refused or changed order goes back into "Tomar pedido" with its lines and
 * notes, and leaves the queue (the server wrote nothing with its key: the edited order is a new one).
 */
function EditButton({ entry }: { entry: RepQueued & { kind: 'order' } }) {
  const navigate = useNavigate();
  const edit = async () => {
    const draft: TakeOrderDraft = {
      quantities: Object.fromEntries(entry.body.items.map((line) => [line.product_id, line.quantity])),
      notes: entry.body.observaciones,
    };
    await discardRep(entry.id);
    void navigate(takeOrderPath(entry.customerId), { state: { draft } });
  };
  return (
    <Button variant="secondary" size="sm" onClick={() => void edit()}>
      {t.editOrder}
    </Button>
  );
}

/** A payment sent from the queue: its numbered receipt, as "Descargar recibo" gives it right after recording (decision 060). */
function ReceiptButton({ paymentId, receiptNumber }: { paymentId: number; receiptNumber: number }) {
  return <DownloadButton path={repReceiptPath(paymentId)} fileName={`recibo-${formatReceiptNumber(receiptNumber)}.pdf`} label={receivables.payment.downloadReceipt} />;
}

function QueuedItem({ entry }: { entry: RepQueued }) {
  const done = doneText(entry);
  return (
    <li className="space-y-1 px-3 py-2 text-sm" data-testid="rep-queued" data-status={entry.status} data-kind={entry.kind}>
      <p className="font-medium text-slate-900">{entryText(entry)}</p>
      <p className={entry.status === 'done' ? 'text-green-800' : entry.status === 'refused' || entry.status === 'changed' ? 'text-red-800' : 'text-amber-900'}>
        {t.statuses[entry.status]}
        {done ? ` · ${done}` : ''}
      </p>
      {entry.message ? <p className="text-slate-700">{entry.message}</p> : null}
      {entry.kind === 'order' && entry.status === 'changed' && entry.newTotal !== undefined ? <p className="font-medium text-slate-900">{t.totalNow(formatMoney(entry.amount), formatMoney(entry.newTotal))}</p> : null}
      <div className="flex flex-wrap gap-2">
        {entry.kind === 'order' && entry.status === 'changed' && entry.newTotal !== undefined ? (
          <Button size="sm" onClick={() => void confirmRep(entry.id)}>
            {t.confirmSend}
          </Button>
        ) : null}
        {entry.kind === 'order' && (entry.status === 'changed' || entry.status === 'refused') ? <EditButton entry={entry} /> : null}
        {entry.status === 'changed' || entry.status === 'refused' ? <DiscardButton id={entry.id} /> : null}
        {entry.kind === 'payment' && entry.done ? <ReceiptButton paymentId={entry.done.paymentId} receiptNumber={entry.done.receiptNumber} /> : null}
        {entry.status === 'done' ? (
          <Button variant="ghost" size="sm" onClick={() => void discardRep(entry.id)}>
            {t.dismiss}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/** The rep's orders and payments waiting for signal, on every rep screen (decision 053). Loaded lazily. */
export default function RepQueuePanel({ repId }: { repId: string }) {
  const { entries } = useRepQueue();
  const queryClient = useQueryClient();
  const waiting = entries.some(isSendable);
  useRepQueueSender(repId, waiting);
  // An entry just sent changes the rep's figures and the customer's balance.
  const doneCount = entries.filter((e) => e.status === 'done').length;
  const seen = useRef(doneCount);
  useEffect(() => {
    if (doneCount > seen.current) {
      void queryClient.invalidateQueries({ queryKey: repKeys.all });
      void queryClient.invalidateQueries({ queryKey: repKeys.customers });
    }
    seen.current = doneCount;
  }, [doneCount, queryClient]);
  if (entries.length === 0) return null;
  return (
    <section aria-labelledby="rep-queue-title" className="mb-3 rounded-lg border border-amber-300 bg-amber-50" data-testid="rep-queue">
      <h2 id="rep-queue-title" className="px-3 pt-2 font-semibold text-amber-950">
        {t.queueTitle}
      </h2>
      <ul className="divide-y divide-amber-200">
        {entries.map((entry) => (
          <QueuedItem key={entry.id} entry={entry} />
        ))}
      </ul>
    </section>
  );
}
