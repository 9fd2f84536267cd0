import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { centavosToInput, parsePesos } from '@mayorista/core/money';
import { priceLists as text } from '@mayorista/core/messages/priceLists';
import { Button } from '../../../components/ui/button';
import { DialogClose } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { priceListsKey } from '../../../lib/queries/price-lists';
import { priceListQueryOptions, savePriceList, type PriceList } from '../api/price-lists-api';
import { ExplicitPrices, type ExplicitPriceRow } from './explicit-prices';
import { parsePercentage, toPriceListBody } from '../price-list-body';

/** "−5", "-5", "12,5", "+3" → a number; NaN when it is not one. The server checks the range. */
export { parsePercentage };

const percentageInput = (percent: number) => String(percent).replace('.', ',');

/** The prices as typed, checked: rows with their error, or the items to send. */
function checkedRows(rows: ExplicitPriceRow[]): { rows: ExplicitPriceRow[]; items: { product_id: string; price: number }[] | null } {
  const checked = rows.map((row) => {
    const price = parsePesos(row.priceText);
    return price === null || !Number.isFinite(price) || price <= 0 ? { ...row, error: text.invalidPrice } : { ...row, error: undefined };
  });
  if (checked.some((r) => r.error)) return { rows: checked, items: null };
  return { rows: checked, items: checked.map((r) => ({ product_id: r.product_id, price: parsePesos(r.priceText)! })) };
}

/** Create (list null) or edit a price list: name, percentage, explicit prices. */
function PriceListFields({ list, onDone }: { list: PriceList | null; onDone: () => void }) {
  const [name, setName] = useState(list?.name ?? '');
  const [percentage, setPercentage] = useState(list ? percentageInput(list.percentage) : '');
  const [rows, setRows] = useState<ExplicitPriceRow[]>(
    list?.items.map((i) => ({ product_id: i.product_id, name: i.name, sku: i.sku, base_price: i.base_price, priceText: centavosToInput(i.price) })) ?? [],
  );
  const [errors, setErrors] = useState<{ name?: string; percentage?: string; server?: string }>({});
  const queryClient = useQueryClient();

  const mutation = useMutation({
    mutationFn: (input: Parameters<typeof savePriceList>[1]) => savePriceList(list?.id ?? null, input),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: priceListsKey });
      toast({ title: text.saved(saved.name) });
      onDone();
    },
    onError: (error: Error) => setErrors({ server: error.message }),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const percent = parsePercentage(percentage);
    const next: typeof errors = {};
    if (!name.trim()) next.name = text.nameRequired;
    if (!Number.isFinite(percent)) next.percentage = text.percentageNumber;
    const checked = checkedRows(rows);
    setRows(checked.rows);
    setErrors(next);
    if (next.name || next.percentage || !checked.items) return;
    mutation.mutate(toPriceListBody({ name, percentage, rows: checked.rows }));
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <Field label={text.nameLabel} required maxLength={80} value={name} onChange={(e) => setName(e.target.value)} error={errors.name} />
      <Field
        label={text.percentageLabel}
        inputMode="decimal"
        required
        placeholder="−5"
        value={percentage}
        onChange={(e) => setPercentage(e.target.value)}
        hint={text.percentageHint}
        error={errors.percentage}
      />
      <ExplicitPrices rows={rows} onChange={setRows} />
      {errors.server ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-800">
          {errors.server}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <DialogClose asChild>
          <Button variant="secondary">{text.cancel}</Button>
        </DialogClose>
        <Button type="submit" disabled={mutation.isPending}>
          {text.save}
        </Button>
      </div>
    </form>
  );
}

/** The form for a new list, or for an existing one once it is loaded. */
export function PriceListForm({ listId, onDone }: { listId: string | null; onDone: () => void }) {
  const existing = useQuery({ ...priceListQueryOptions(listId ?? ''), enabled: listId !== null });
  if (listId === null) return <PriceListFields list={null} onDone={onDone} />;
  if (!existing.data) return <Spinner label={text.loading} />;
  return <PriceListFields key={existing.data.id} list={existing.data} onDone={onDone} />;
}
