import { useEffect, useId, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatShortDateTime, formatTime } from '@mayorista/core/date-time';
import { receivables as documentTexts } from '@mayorista/core/messages/receivables';
import { formatMoney } from '@mayorista/core/money';
import { formatReceiptNumber } from '@mayorista/core/receivables';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { formatDueDate } from '../../../lib/receivables/format';
import { collectionsKey, confirmCollections, unconfirmCollection, type Collection } from './rendicion-api';
import type { RepDay } from './rendicion-model';
import { receivables } from '../../../lib/receivables/texts';

const t = receivables.rendicion;

const methods = documentTexts.methods;

function Totals({ day }: { day: RepDay }) {
  const row = (label: string, amount: number, note?: string) => (
    <div key={label} className="flex items-baseline justify-between gap-3 sm:block">
      <dt className="text-sm text-slate-700">
        {label}
        {note ? <span className="text-slate-600"> ({note})</span> : null}
      </dt>
      <dd className="font-semibold text-slate-900 tabular-nums">{formatMoney(amount)}</dd>
    </div>
  );
  return (
    <dl aria-label={t.totalsLabel(day.repName)} className="grid gap-1 rounded-md bg-slate-50 p-3 sm:grid-cols-4 sm:gap-4">
      {row(t.cash, day.cash)}
      {row(t.cheques, day.cheques.total, day.cheques.count > 0 ? t.chequesCount(day.cheques.count) : undefined)}
      {row(
        t.others,
        day.others.reduce((sum, o) => sum + o.total, 0),
        day.others.map((o) => methods[o.method]).join(', ') || undefined,
      )}
      {row(t.total, day.total)}
    </dl>
  );
}

/** What was collected: the customer, the method (a cheque's number, bank and payment day), the amount and the hour. */
function ReceiptText({ item }: { item: Collection }) {
  const cheque =
    item.method === 'cheque'
      ? t.chequeDetail({
          bank: item.bank,
          number: item.cheque_number,
          date: item.cheque_date ? formatDueDate(item.cheque_date) : null,
        })
      : '';
  return (
    <span className="min-w-0 flex-1">
      <span className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="font-medium break-words text-slate-900">{item.customer_name}</span>
        <span className={`font-semibold tabular-nums ${item.reversed ? 'text-slate-500 line-through' : 'text-slate-900'}`}>
          {formatMoney(item.amount)}
        </span>
      </span>
      <span className="block text-sm text-slate-700">
        {t.receipt(formatReceiptNumber(item.receipt_number))} · {methods[item.method as keyof typeof methods] ?? item.method}
        {cheque ? ` · ${cheque}` : ''} · {t.recordedAt(formatTime(item.created_at))}
      </span>
    </span>
  );
}

/** "Deshacer" on a confirmed receipt: ticked by mistake (the rep kept that cheque), it goes back to the ones to confirm, unticked. */
function UndoConfirmation({ item, date, onUndone }: { item: Collection; date: string; onUndone: (id: number) => void }) {
  const queryClient = useQueryClient();
  const receipt = formatReceiptNumber(item.receipt_number);
  const undo = useMutation({
    mutationFn: () => unconfirmCollection(item.payment_id),
    onSuccess: () => {
      onUndone(item.payment_id);
      toast({ title: t.undoneTitle(receipt) });
    },
    onError: () => toast({ title: t.undoError, variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: collectionsKey(date) }),
  });
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-label={undo.isPending ? undefined : t.undoFor(receipt)}
      onClick={() => undo.mutate()}
      disabled={undo.isPending}
    >
      {undo.isPending ? t.undoing : t.undo}
    </Button>
  );
}

function ReceiptState({ item, date, onUndone }: { item: Collection; date: string; onUndone: (id: number) => void }) {
  if (item.reversed)
    return (
      <span className="text-sm text-slate-700">
        <strong className="font-semibold text-red-800">{t.reversedBadge}</strong>. {t.reversedHint}
      </span>
    );
  if (item.confirmed_at) {
    return (
      <span className="flex flex-wrap items-center gap-x-2">
        <span className="text-sm font-medium text-green-800">
          {t.confirmedBy(item.confirmed_by_name, formatShortDateTime(item.confirmed_at))}
        </span>
        <UndoConfirmation item={item} date={date} onUndone={onUndone} />
      </span>
    );
  }
  return null;
}

interface ReceiptItemProps {
  item: Collection;
  date: string;
  checked: boolean;
  onToggle: () => void;
  onUndone: (id: number) => void;
  /** Just undone: its "Deshacer" is gone, so the focus goes to its checkbox. */
  focus: boolean;
}

function ReceiptItem({ item, date, checked, onToggle, onUndone, focus }: ReceiptItemProps) {
  const pending = !item.reversed && item.confirmed_at === null;
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focus && pending) box.current?.focus();
  }, [focus, pending]);
  return (
    <li className="rounded-md border border-slate-200 p-2">
      {pending ? (
        <label className="flex min-h-11 items-start gap-3">
          <input
            ref={box}
            type="checkbox"
            className="mt-1 size-5 shrink-0 accent-brand-700"
            checked={checked}
            onChange={onToggle}
          />
          <ReceiptText item={item} />
        </label>
      ) : (
        <div className="flex items-start gap-3 pl-8">
          <ReceiptText item={item} />
        </div>
      )}
      <div className="pl-8">
        <ReceiptState item={item} date={date} onUndone={onUndone} />
      </div>
    </li>
  );
}

/**
 * Which receipts are ticked (all at first), the one whose confirmation was just undone (back
 * unticked: ticked, the next "Confirmar rendición" would repeat the mistake it undid) and the
 * message under the button.
 */
function useReceiptSelection() {
  const [unchecked, setUnchecked] = useState<ReadonlySet<number>>(new Set());
  const [justUndone, setJustUndone] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const undone = (id: number) => {
    setUnchecked((current) => new Set(current).add(id));
    setJustUndone(id);
  };
  const toggle = (id: number) => {
    setProblem(null);
    setUnchecked((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  };
  return { unchecked, justUndone, problem, setProblem, undone, toggle };
}

/** One rep's day: the totals by method, each receipt, and "Confirmar rendición" for the receipts marked as handed in. */
export function RepRendicion({ day, date }: { day: RepDay; date: string }) {
  const headingId = useId();
  const { unchecked, justUndone, problem, setProblem, undone, toggle } = useReceiptSelection();
  const queryClient = useQueryClient();
  const selected = day.pending.filter((c) => !unchecked.has(c.payment_id));
  const confirm = useMutation({
    mutationFn: (ids: number[]) => confirmCollections(ids),
    onSuccess: () => toast({ title: t.confirmedTitle(day.repName) }),
    onError: () => setProblem(t.confirmError),
    onSettled: () => queryClient.invalidateQueries({ queryKey: collectionsKey(date) }),
  });
  const submit = () => {
    if (selected.length === 0) return setProblem(t.nothingSelected);
    setProblem(null);
    confirm.mutate(selected.map((c) => c.payment_id));
  };
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-3 sm:p-4"
      data-testid="rep-rendicion"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h3 id={headingId} className="text-lg font-semibold break-words text-slate-900">
          {day.repName}
        </h3>
        <p className={`text-sm font-medium ${day.pending.length === 0 ? 'text-green-800' : 'text-amber-800'}`}>
          {t.receiptsCount(day.items.length)} ·{' '}
          {day.pending.length === 0 ? t.allConfirmed : t.partlyConfirmed(day.pending.length)}
        </p>
      </div>
      <Totals day={day} />
      <ul aria-label={t.receiptsLabel(day.repName)} className="space-y-2">
        {day.items.map((item) => (
          <ReceiptItem
            key={item.payment_id}
            item={item}
            date={date}
            checked={!unchecked.has(item.payment_id)}
            onToggle={() => toggle(item.payment_id)}
            onUndone={undone}
            focus={item.payment_id === justUndone}
          />
        ))}
      </ul>
      {day.pending.length > 0 ? (
        <div className="flex flex-col gap-2 border-t border-slate-200 pt-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm font-medium text-slate-800">
            {t.toHandIn(formatMoney(selected.reduce((sum, c) => sum + c.amount, 0)), selected.length)}
          </p>
          <Button
            aria-label={confirm.isPending ? undefined : t.confirmFor(day.repName)}
            onClick={submit}
            disabled={confirm.isPending}
          >
            {confirm.isPending ? t.confirming : t.confirm}
          </Button>
        </div>
      ) : null}
      {problem ? (
        <p role="alert" className="text-sm font-medium text-red-800">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
