import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { priceLists as text } from '@mayorista/core/messages/priceLists';
import type { PriceListSummary } from '@mayorista/core/schemas/price-lists';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { LoadError } from '../../components/ui/load-error';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast-store';
import { formatListPercentage, priceListsKey, priceListsQueryOptions } from '../../lib/queries/price-lists';
import { deletePriceList } from './api/price-lists-api';
import { PriceListForm } from './components/price-list-form';

/** Which list the editor shows: a new one, an existing one, or none (closed). */
type Editing = { id: string | null; name: string } | null;

/** The "Listas de precios" tab of /admin (the business-identity work, decisions 017–019): lists, their percentage and explicit prices. */
export default function AdminPriceListsTab() {
  const lists = useQuery(priceListsQueryOptions());
  const [editing, setEditing] = useState<Editing>(null);

  return (
    <section aria-labelledby="price-lists-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="price-lists-heading" className="text-xl font-semibold text-slate-900">
          {text.heading}
        </h2>
        <Button onClick={() => setEditing({ id: null, name: '' })}>{text.create}</Button>
      </div>
      <p className="max-w-3xl text-sm text-slate-700">{text.intro}</p>
      {lists.isPending ? <Spinner label={text.loading} /> : null}
      {lists.isError ? <LoadError title={text.loadError} detail={lists.error.message} retryLabel={text.retry} onRetry={() => void lists.refetch()} /> : null}
      {lists.data && lists.data.items.length === 0 ? <p className="text-slate-700">{text.empty}</p> : null}
      {lists.data && lists.data.items.length > 0 ? (
        <ul className="grid gap-3 md:grid-cols-2">
          {lists.data.items.map((list) => (
            <PriceListCard key={list.id} list={list} onEdit={() => setEditing({ id: list.id, name: list.name })} />
          ))}
        </ul>
      ) : null}
      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        {editing ? (
          <DialogContent size="lg" title={editing.id ? text.edit(editing.name) : text.create}>
            <PriceListForm listId={editing.id} onDone={() => setEditing(null)} />
          </DialogContent>
        ) : null}
      </Dialog>
    </section>
  );
}

function PriceListCard({ list, onEdit }: { list: PriceListSummary; onEdit: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deletePriceList(list.id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: priceListsKey });
      toast({ title: text.removed(list.name) });
    },
    onError: (error: Error) => {
      setConfirming(false);
      toast({ title: text.errorTitle, description: error.message, variant: 'destructive' });
    },
  });

  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold break-words text-slate-900">{list.name}</p>
        <p className="text-lg font-bold text-brand-900">{formatListPercentage(list.percentage)}</p>
      </div>
      <p className="text-sm text-slate-700">
        {text.customers(list.customer_count)} · {text.explicitCount(list.item_count)}
      </p>
      {confirming ? (
        <div role="group" aria-label={text.remove(list.name)} className="mt-3 space-y-2 rounded-md bg-amber-50 p-3">
          <p className="text-sm text-amber-950">{text.confirmRemove(list.name)}</p>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="destructive" disabled={remove.isPending} onClick={() => remove.mutate()}>
              {text.removeShort}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setConfirming(false)}>
              {text.cancel}
            </Button>
          </div>
        </div>
      ) : (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" aria-label={text.edit(list.name)} onClick={onEdit}>
            {text.editShort}
          </Button>
          <Button size="sm" variant="secondary" aria-label={text.remove(list.name)} onClick={() => setConfirming(true)}>
            {text.removeShort}
          </Button>
        </div>
      )}
    </li>
  );
}
