import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listsPage } from '@mayorista/core/messages/lists';
import type { ListToCartResponse, ShoppingList } from '@mayorista/core/schemas/lists';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast-store';
import { apiRequest } from '../../lib/api-client';
import { useCart } from '../../lib/cart';
import { toListNameBody } from './list-body';

const t = listsPage;
const LISTS_KEY = ['lists'] as const;

const errorText = (e: unknown) => (e instanceof Error ? e.message : t.loadError);

/** "Guardar el carrito como lista": the name and the button. */
function SaveCartForm({
  name,
  onName,
  onSubmit,
  disabled,
}: {
  name: string;
  onName: (name: string) => void;
  onSubmit: (event: FormEvent) => void;
  disabled: boolean;
}) {
  const nameId = useId();
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <div className="min-w-0 flex-1">
        <label htmlFor={nameId} className="block text-sm font-medium text-slate-900">
          {t.saveCartLabel}
        </label>
        <input
          id={nameId}
          value={name}
          maxLength={80}
          onChange={(e) => onName(e.target.value)}
          className="mt-1 min-h-11 w-full rounded-md border border-slate-400 px-2 text-base"
        />
      </div>
      <Button type="submit" disabled={disabled}>
        {t.saveCart}
      </Button>
    </form>
  );
}

/** /mis-listas (the wholesale-ordering work, decision 016): save the cart as a named list, put a list back at today's prices, rename, delete. */
export default function MyListsPage() {
  const cart = useCart();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const lists = useQuery({
    queryKey: LISTS_KEY,
    queryFn: ({ signal }) => apiRequest<{ items: ShoppingList[] }>('/api/lists', { signal }),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: LISTS_KEY });
  const onError = (e: unknown) => toast({ title: errorText(e), variant: 'destructive' });

  const save = useMutation({
    mutationFn: async (listName: string) => {
      // The list is copied from the saved cart: a change still waiting for the debounce goes first.
      await cart.flushSave();
      return apiRequest<ShoppingList>('/api/lists', { method: 'POST', body: toListNameBody(listName) });
    },
    onSuccess: (list) => {
      toast({ title: t.saved(list.name) });
      setName('');
      refresh();
    },
    onError,
  });

  const toCart = useMutation({
    mutationFn: async (id: string) => {
      await cart.flushSave();
      return apiRequest<ListToCartResponse>(`/api/lists/${id}/to-cart`, { method: 'POST' });
    },
    onSuccess: (answer) => {
      cart.reload();
      toast({ title: t.addedTitle, description: t.addedText(answer.added.length) });
      if (answer.problems.length > 0) {
        toast({ title: t.problemsTitle, description: answer.problems.map((p) => p.message).join(' '), variant: 'destructive' });
      }
    },
    onError,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(name);
  };

  return (
    <section aria-labelledby="lists-title" className="mx-auto w-full max-w-3xl space-y-4 px-4 py-6">
      <h1 id="lists-title" className="text-2xl font-bold text-slate-900">
        {t.title}
      </h1>
      <SaveCartForm name={name} onName={setName} onSubmit={submit} disabled={save.isPending || cart.items.length === 0} />

      {lists.isPending ? (
        <Spinner label={t.loading} paused={lists.fetchStatus === 'paused'} />
      ) : lists.isError ? (
        <p role="alert" className="text-red-800">
          {t.loadError}
        </p>
      ) : lists.data.items.length === 0 ? (
        <p className="text-slate-700">{t.empty}</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {lists.data.items.map((list) => (
            <ListRow
              key={list.id}
              list={list}
              onToCart={() => toCart.mutate(list.id)}
              busy={toCart.isPending}
              onChanged={refresh}
              onError={onError}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function ListRow(props: { list: ShoppingList; onToCart(): void; busy: boolean; onChanged(): void; onError(e: unknown): void }) {
  const { list, onToCart, busy, onChanged, onError } = props;
  const [renaming, setRenaming] = useState(false);
  const [draft, setDraft] = useState(list.name);
  const inputId = useId();
  const rename = useMutation({
    mutationFn: (name: string) =>
      apiRequest<ShoppingList>(`/api/lists/${list.id}`, { method: 'PUT', body: toListNameBody(name) }),
    onSuccess: () => {
      setRenaming(false);
      onChanged();
    },
    onError,
  });
  const remove = useMutation({
    mutationFn: () => apiRequest<void>(`/api/lists/${list.id}`, { method: 'DELETE' }),
    onSuccess: onChanged,
    onError,
  });

  return (
    <li className="space-y-2 px-3 py-3" data-testid="shopping-list">
      <div className="flex items-baseline justify-between gap-2">
        <h2 className="font-semibold text-slate-900">{list.name}</h2>
        <span className="text-sm text-slate-600">{t.products(Object.keys(list.items).length)}</span>
      </div>
      {renaming ? (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            rename.mutate(draft);
          }}
        >
          <label htmlFor={inputId} className="sr-only">
            {t.renameLabel(list.name)}
          </label>
          <input
            id={inputId}
            value={draft}
            maxLength={80}
            onChange={(e) => setDraft(e.target.value)}
            className="min-h-11 flex-1 rounded-md border border-slate-400 px-2"
          />
          <Button type="submit" size="sm" disabled={rename.isPending}>
            {t.saveName}
          </Button>
        </form>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={onToCart} disabled={busy} aria-label={t.toCart(list.name)}>
          {t.toCartShort}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => setRenaming((r) => !r)} aria-label={t.rename(list.name)}>
          {t.renameShort}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => remove.mutate()}
          disabled={remove.isPending}
          aria-label={t.remove(list.name)}
        >
          {t.removeShort}
        </Button>
      </div>
    </li>
  );
}
