import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { orderNumber } from '@mayorista/core/constants';
import { adminOrders } from '@mayorista/core/messages/adminOrders';
import { orderLife } from '@mayorista/core/messages/orderLife';
import { formatMoney } from '@mayorista/core/money';
import { priceOrderEdit, type EditableProduct } from '@mayorista/core/order-edit';
import { orderItemsIva } from '@mayorista/core/iva';
import type { Product } from '@mayorista/core/schemas/product';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast-store';
import { adminOrdersKeys, editAdminOrder, searchProductsForOrder, type AdminOrder } from '../api/admin-orders-api';
import { toOrderEditBody } from '../order-edit-body';
import { digitsOnly } from '../../../lib/digits-only';
import { focusFirstInvalid } from '../../../lib/forms/focus-first-error';
import { FormSummary } from '../../../lib/forms/form-summary';

const text = orderLife.edit;
const MAX_QUANTITY = 10_000;

interface Line {
  product_id: string;
  name: string;
  quantity: number;
}

/**
 * "Modificar pedido" (the order-life work, decision 014): quantities, removals and additions, with the reason. The total
 * shown is core's preview; the server re-prices, moves stock and points, and has the last word.
 */
export function OrderEditDialog({
  order,
  open,
  onOpenChange,
}: {
  order: AdminOrder;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <DialogContent title={text.title(orderNumber(order.id))} description={text.description} size="lg">
          <EditForm order={order} onDone={() => onOpenChange(false)} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function EditForm({ order, onDone }: { order: AdminOrder; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [lines, setLines] = useState<Line[]>(
    order.items.map((i) => ({ product_id: i.product_id, name: i.name, quantity: i.quantity })),
  );
  const [added, setAdded] = useState<Map<string, Product>>(new Map());
  const [reason, setReason] = useState('');
  const [reprice, setReprice] = useState(false);
  const [reasonError, setReasonError] = useState<string>();
  const reasonId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  // What each quantity box shows while it is typed in ("" on the way to "12"); the line keeps the last valid number.
  const [drafts, setDrafts] = useState<ReadonlyMap<string, string>>(new Map());
  const [summary, setSummary] = useState<string[]>([]);
  const draftOf = (line: Line) => drafts.get(line.product_id) ?? String(line.quantity);
  const quantityWrong = (line: Line) => {
    const n = Number(draftOf(line));
    return !(Number.isInteger(n) && n >= 1 && n <= MAX_QUANTITY);
  };
  const [checked, setChecked] = useState(false);
  // Boxes the person has left (decision 033): judged from then on as they are corrected, like after a submit.
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set());
  const leave = (productId: string) => setLeft((current) => (current.has(productId) ? current : new Set(current).add(productId)));
  const showQuantityError = (line: Line) => (checked || left.has(line.product_id)) && quantityWrong(line);
  const reasonProblem = (value: string) => (value.trim().length < 3 ? text.reasonRequired : undefined);

  // Lines already ordered and not repriced are previewed exactly; new ones at the price the search showed.
  const preview = useMemo(
    () => priceOrderEdit(order.items, lines, added as ReadonlyMap<string, EditableProduct>, reprice),
    [order.items, lines, added, reprice],
  );
  // With IVA added on top of the entered prices, the total the server will answer includes it (decision 019).
  const estimatedTotal = order.iva ? orderItemsIva(preview.items, order.iva.prices_include_iva).total : preview.total;

  const save = useMutation({
    mutationFn: () => editAdminOrder(order.id, toOrderEditBody({ lines, reason, reprice, updatedAt: order.updated_at })),
    onSuccess: (updated) => {
      queryClient.setQueryData(adminOrdersKeys.detail(order.id), updated);
      void queryClient.invalidateQueries({ queryKey: adminOrdersKeys.all });
      toast({ title: text.saved, description: text.savedText(orderNumber(order.id)) });
      onDone();
    },
    onError: (error: Error) => toast({ title: text.errorTitle, description: error.message, variant: 'destructive' }),
  });

  const setQuantity = (productId: string, quantity: number) =>
    setLines((current) => current.map((l) => (l.product_id === productId ? { ...l, quantity } : l)));

  const typeQuantity = (line: Line, typed: string) => {
    const digits = digitsOnly(typed);
    setDrafts((current) => new Map(current).set(line.product_id, digits));
    const n = Number(digits);
    if (digits !== '' && n >= 1 && n <= MAX_QUANTITY) setQuantity(line.product_id, n);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    const wrongLines = lines.filter(quantityWrong);
    const reasonWrong = reasonProblem(reason) !== undefined;
    setReasonError(reasonProblem(reason));
    if (wrongLines.length > 0 || reasonWrong) {
      setSummary([...wrongLines.map((l) => text.quantityLabel(l.name)), ...(reasonWrong ? [text.reasonLabel] : [])]);
      // After React paints the messages: the first wrong box to the middle of the dialog, focused.
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      return;
    }
    setSummary([]);
    save.mutate();
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-4">
      <ul className="divide-y divide-slate-200" aria-label={adminOrders.items}>
        {lines.map((line) => (
          <li key={line.product_id} className="flex flex-wrap items-center gap-2 py-2">
            <span className="min-w-0 flex-1 break-words text-sm">{line.name}</span>
            <input
              // Digits only, with a numeric keyboard, like the catalogue's boxes (type="number" took "3e").
              type="text"
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete="off"
              value={draftOf(line)}
              aria-label={text.quantityLabel(line.name)}
              aria-invalid={showQuantityError(line) ? true : undefined}
              aria-describedby={showQuantityError(line) ? `${reasonId}-q-${line.product_id}` : undefined}
              onChange={(event) => typeQuantity(line, event.target.value)}
              onBlur={() => leave(line.product_id)}
              className="h-11 w-20 rounded-md border border-slate-300 px-2 text-right tabular-nums aria-invalid:border-red-700"
            />
            <Button
              variant="secondary"
              size="sm"
              aria-label={text.remove(line.name)}
              disabled={lines.length === 1}
              onClick={() => setLines((current) => current.filter((l) => l.product_id !== line.product_id))}
            >
              ✕
            </Button>
            {showQuantityError(line) ? (
              <p id={`${reasonId}-q-${line.product_id}`} className="w-full text-sm text-red-800">
                {text.quantityInvalid}
              </p>
            ) : null}
          </li>
        ))}
      </ul>

      <AddProduct
        exclude={new Set(lines.map((l) => l.product_id))}
        onAdd={(product) => {
          setAdded((current) => new Map(current).set(product.id, product));
          setLines((current) => [...current, { product_id: product.id, name: product.name, quantity: 1 }]);
        }}
      />

      <div>
        <label htmlFor={reasonId} className="block text-sm font-medium text-slate-900">
          {text.reasonLabel}
        </label>
        <p id={`${reasonId}-hint`} className="text-sm text-slate-600">
          {text.reasonHint}
        </p>
        <textarea
          id={reasonId}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            // Once judged, the message follows what is typed.
            if (reasonError) setReasonError(reasonProblem(event.target.value));
          }}
          // Judged as it is left, once something was typed (an untouched box waits for the submit).
          onBlur={() => {
            if (reason !== '') setReasonError(reasonProblem(reason));
          }}
          maxLength={500}
          rows={2}
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={`${reasonId}-hint${reasonError ? ` ${reasonId}-error` : ''}`}
          className="mt-1 w-full rounded-md border border-slate-300 p-2"
        />
        {reasonError ? (
          <p id={`${reasonId}-error`} role="alert" className="text-sm text-red-800">
            {reasonError}
          </p>
        ) : null}
      </div>

      <label className="flex min-h-11 items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="mt-1 h-4 w-4"
          checked={reprice}
          onChange={(event) => setReprice(event.target.checked)}
        />
        <span>
          {text.reprice}
          <span className="block text-slate-600">{text.repriceHint}</span>
        </span>
      </label>

      {preview.missing.length === 0 ? (
        <p className="text-right text-base font-semibold" aria-live="polite">
          {text.estimatedTotal}: {formatMoney(estimatedTotal)}
        </p>
      ) : null}

      <FormSummary labels={summary} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          {text.cancel}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? text.saving : text.save}
        </Button>
      </div>
    </form>
  );
}

function AddProduct({ exclude, onAdd }: { exclude: Set<string>; onAdd: (product: Product) => void }) {
  const [search, setSearch] = useState('');
  const inputId = useId();
  const query = useQuery({
    queryKey: ['admin-order-edit-search', search.trim()],
    queryFn: ({ signal }) => searchProductsForOrder(search, signal),
    enabled: search.trim().length >= 2,
    staleTime: 30_000,
  });
  const results = (query.data?.items ?? []).filter((p) => p.is_enabled && !exclude.has(p.id));

  return (
    <div>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-900">
        {text.addLabel}
      </label>
      <input
        id={inputId}
        type="search"
        value={search}
        placeholder={text.addPlaceholder}
        onChange={(event) => setSearch(event.target.value)}
        className="mt-1 h-11 w-full rounded-md border border-slate-300 px-3"
        autoComplete="off"
      />
      {search.trim().length >= 2 && query.isSuccess ? (
        results.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600">{text.noResults}</p>
        ) : (
          <ul className="mt-1 divide-y divide-slate-100 rounded-md border border-slate-200">
            {results.map((product) => (
              <li key={product.id} className="flex items-center justify-between gap-2 px-2 py-1 text-sm">
                <span className="min-w-0 break-words">
                  {product.name} · {formatMoney(product.price)}
                </span>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => {
                    onAdd(product);
                    setSearch('');
                  }}
                >
                  {text.addButton}
                </Button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}
