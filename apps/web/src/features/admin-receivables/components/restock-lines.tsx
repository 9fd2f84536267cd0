import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '@mayorista/core/money';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { receivables } from '../../../lib/receivables/texts';
import { creditNoteOrderQueryOptions } from '../api/receivables-api';

const t = receivables.creditNote;

/**
 * The order's products with a box each for what comes back to the shelf (the stock ledger records
 * it with the credit note). "Usar el importe…" fills the amount with what those units cost.
 */
export function RestockLines({
  orderId,
  restock,
  onChange,
  onUseAmount,
  error,
}: {
  orderId: string;
  restock: Record<string, string>;
  onChange: (restock: Record<string, string>) => void;
  onUseAmount: (pesos: string) => void;
  error?: string;
}) {
  const order = useQuery(creditNoteOrderQueryOptions(orderId));
  const hintId = useId();
  if (order.isPending) return <Spinner label={t.restockLoading} className="p-3" />;
  if (order.isError) return <p className="text-sm text-red-800">{t.restockLoadError}</p>;
  const items = order.data.items;
  const returned = items.reduce((sum, item) => sum + item.price * Number(restock[item.product_id] || '0'), 0);
  return (
    <fieldset aria-describedby={hintId} className="space-y-2 rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-800">{t.restockLegend}</legend>
      <p id={hintId} className="text-sm text-slate-600">
        {t.restockHint}
      </p>
      {items.map((item) => (
        <RestockBox key={item.product_id} label={t.restockQuantity(item.name, item.quantity)} value={restock[item.product_id] ?? ''} invalid={!!error} onChange={(typed) => onChange({ ...restock, [item.product_id]: typed })} />
      ))}
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      {returned > 0 ? (
        <Button size="sm" variant="secondary" onClick={() => onUseAmount((returned / 100).toFixed(2).replace('.', ','))}>
          {t.useReturnedAmount(formatMoney(returned))}
        </Button>
      ) : null}
    </fieldset>
  );
}

function RestockBox({ label, value, invalid, onChange }: { label: string; value: string; invalid: boolean; onChange: (typed: string) => void }) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-3">
      <label htmlFor={id} className="min-w-0 text-sm break-words text-slate-800">
        {label}
      </label>
      <input
        id={id}
        inputMode="numeric"
        autoComplete="off"
        value={value}
        aria-invalid={invalid || undefined}
        onChange={(e) => onChange(e.target.value.replace(/\D+/g, ''))}
        className="min-h-11 w-20 shrink-0 rounded-md border border-slate-400 px-3 text-right text-base aria-[invalid=true]:border-red-700"
      />
    </div>
  );
}
