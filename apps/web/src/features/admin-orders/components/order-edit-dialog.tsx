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
import { focusFirstInvalid } from '../../../lib/forms/focus-first-error';
import { FormSummary } from '../../../lib/forms/form-summary';
import { EditLineItem, ReasonField, RepriceToggle, reasonProblem } from './order-edit-parts';
import { useEditLines } from './use-edit-lines';

const text = orderLife.edit;

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
  const edit = useEditLines(order);
  const { lines, added } = edit;
  const [reason, setReason] = useState('');
  const [reprice, setReprice] = useState(false);
  const [reasonError, setReasonError] = useState<string>();
  const reasonId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [summary, setSummary] = useState<string[]>([]);

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

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    edit.check();
    const wrongLines = lines.filter(edit.quantityWrong);
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
          <EditLineItem key={line.product_id} line={line} edit={edit} errorId={`${reasonId}-q-${line.product_id}`} />
        ))}
      </ul>
      <AddProduct exclude={new Set(lines.map((l) => l.product_id))} onAdd={edit.add} />
      <ReasonField id={reasonId} value={reason} onChange={setReason} error={reasonError} onError={setReasonError} />
      <RepriceToggle checked={reprice} onChange={setReprice} />
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
