import { useState } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errors } from '@mayorista/core/messages/errors';
import { pricing } from '@mayorista/core/messages/pricing';
import { products as productsTexts } from '@mayorista/core/messages/products';
import { formatMoney } from '@mayorista/core/money';
import type { Product, ProductInput } from '@mayorista/core/schemas/product';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast-store';
import { isApiError } from '../../lib/api-client';
import { useDebouncedValue } from '../../lib/hooks/use-debounced-value';
import { useWindowRows } from '../../lib/hooks/use-window-rows';
import { categoriesQueryOptions, productKeys } from '../../lib/queries/products';
import {
  adminProductsQueryOptions,
  createProduct,
  deleteProduct,
  setProductEnabled,
  updateProduct,
  uploadProductImage,
} from './api/admin-products-api';
import { DeleteProductDialog } from './components/delete-product-dialog';
import { ProductForm } from './components/product-form';
import { StockMovements } from './components/stock-movements';
import { ImportDialog } from './components/import-dialog';
import { PriceHistory } from './components/price-history';
import { RepriceDialog } from './components/reprice-dialog';
import { UndoBanner } from './components/undo-banner';
import { exportCatalogue } from './api/pricing-api';
import { saveBlob } from '../../lib/download';
import type { FieldErrors } from './lib/product-form-values';

/** A table row's usual height (two lines of name and category): the first guess for rows not yet measured. */
const ADMIN_ROW_ESTIMATE_PX = 57;

const t = productsTexts.admin;
const p = productsTexts;

/** the error catalogue (docs/api.md): any failed product action shows title "Error" with the server's message. */
function toastError(error: unknown) {
  toast({
    title: p.errorTitle,
    description: error instanceof Error ? error.message : errors.internal,
    variant: 'destructive',
  });
}

/** validation_failed answers carry `issues: [{ path, message }]`; show them next to their fields. */
function serverFieldErrors(error: unknown): FieldErrors {
  if (!isApiError(error)) return {};
  const issues = error.body.issues;
  const found: FieldErrors = {};
  if (Array.isArray(issues)) {
    for (const issue of issues as { path?: unknown; message?: unknown }[]) {
      if (typeof issue.path === 'string' && typeof issue.message === 'string') found[issue.path] ??= issue.message;
    }
  }
  if (error.code === 'product_name_taken') found.name = error.message;
  return found;
}

type Editing = { mode: 'create' } | { mode: 'edit'; product: Product } | null;

/** /admin → Productos: every product (disabled too), with add, edit, enable/disable and delete. */
export default function AdminProductsTab() {
  const queryClient = useQueryClient();
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), 300);
  const [editing, setEditing] = useState<Editing>(null);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [deleting, setDeleting] = useState<Product | null>(null);
  const [repricing, setRepricing] = useState(false);
  const [importing, setImporting] = useState(false);
  const [lastChange, setLastChange] = useState<{ id: string; product_count: number } | null>(null);
  // Hand-picked products for a bulk price change (the repricing work, decision 015).
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const toggleSelected = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const list = useInfiniteQuery(adminProductsQueryOptions(search));
  const categories = useQuery(categoriesQueryOptions(true));
  const invalidate = () => queryClient.invalidateQueries({ queryKey: productKeys.all });

  const save = useMutation({
    mutationFn: async ({ input, image, target }: { input: ProductInput; image: File | null; target: Product | null }) => {
      const saved = target ? await updateProduct(target.id, input) : await createProduct(input);
      if (!image) return { saved, imageError: null };
      try {
        return { saved: await uploadProductImage(saved.id, image), imageError: null };
      } catch (imageError) {
        // The product itself is saved; keep the dialog open on it so the image can be retried.
        return { saved, imageError };
      }
    },
    onSuccess: ({ saved, imageError }, { target }) => {
      void invalidate();
      if (imageError) {
        setEditing({ mode: 'edit', product: saved });
        toastError(imageError);
        return;
      }
      setEditing(null);
      toast({ title: target ? p.updated : p.added });
    },
    onError: (error) => {
      setServerErrors(serverFieldErrors(error));
      toastError(error);
    },
  });

  const toggle = useMutation({
    mutationFn: ({ product, enabled }: { product: Product; enabled: boolean }) => setProductEnabled(product.id, enabled),
    onSuccess: (updated) => {
      void invalidate();
      toast(
        updated.is_enabled
          ? { title: p.enabled, description: p.enabledText }
          : { title: p.disabled, description: p.disabledText },
      );
    },
    onError: toastError,
  });

  const remove = useMutation({
    mutationFn: (product: Product) => deleteProduct(product.id),
    onSuccess: () => {
      setDeleting(null);
      void invalidate();
      toast({ title: p.deleted });
    },
    onError: toastError,
  });

  const download = useMutation({
    mutationFn: async (format: 'csv' | 'xlsx') => {
      saveBlob(await exportCatalogue(format, search), `catalogo-${new Date().toISOString().slice(0, 10)}.${format}`);
    },
    onError: toastError,
  });

  const openEditor = (next: Editing) => {
    setServerErrors({});
    setEditing(next);
  };

  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const table = useWindowRows<HTMLTableSectionElement>(items.length, ADMIN_ROW_ESTIMATE_PX);
  const editingProduct = editing?.mode === 'edit' ? editing.product : null;

  return (
    <section aria-labelledby="admin-products-title" className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h2 id="admin-products-title" className="text-xl font-semibold text-slate-900">
          {t.tabTitle}
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setRepricing(true)}>
            {pricing.admin.repriceButton}
          </Button>
          <Button variant="secondary" onClick={() => setImporting(true)}>
            {pricing.admin.importButton}
          </Button>
          <Button variant="secondary" disabled={download.isPending} onClick={() => download.mutate('xlsx')}>
            {pricing.admin.exportXlsx}
          </Button>
          <Button variant="secondary" disabled={download.isPending} onClick={() => download.mutate('csv')}>
            {pricing.admin.exportCsv}
          </Button>
          <Button onClick={() => openEditor({ mode: 'create' })}>{t.newProduct}</Button>
        </div>
      </div>
      <div className="max-w-md space-y-1">
        <Label htmlFor="admin-products-search">{t.searchLabel}</Label>
        <Input
          id="admin-products-search"
          type="search"
          value={searchText}
          placeholder={t.searchPlaceholder}
          onChange={(e) => setSearchText(e.target.value)}
        />
      </div>

      {lastChange ? <UndoBanner change={lastChange} onDone={() => setLastChange(null)} /> : null}

      {list.isPending ? (
        <Spinner label={t.loading} />
      ) : list.isError ? (
        <div role="alert" className="space-y-3 rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
          <p className="font-semibold">{p.loadErrorTitle}</p>
          <p>{p.loadErrorText}</p>
          <Button variant="secondary" onClick={() => void list.refetch()}>
            {p.catalog.retry}
          </Button>
        </div>
      ) : items.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-center text-slate-700">{t.empty}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table aria-rowcount={items.length + 1} className="w-full min-w-[640px] text-left text-sm">
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="w-10 px-3 py-2 font-semibold">
                  <span className="sr-only">{pricing.admin.selectColumn}</span>
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t.columnName}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  {t.columnPrice}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  {t.columnRetailPrice}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  {t.columnStock}
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t.columnVisible}
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t.columnActions}
                </th>
              </tr>
            </thead>
            <tbody ref={table.listRef} className="divide-y divide-slate-200">
              {/* Only the rows near the screen are in the DOM (the catalogue-at-scale work, decision 008): spacers keep the rest's height. */}
              {table.before > 0 ? (
                <tr aria-hidden="true">
                  <td colSpan={7} style={{ height: table.before, padding: 0 }} />
                </tr>
              ) : null}
              {table.rows.map(({ index, key }) => {
                const product = items[index]!;
                return (
                  <tr
                    key={key}
                    data-index={index}
                    ref={table.measure}
                    aria-rowindex={index + 2}
                    className={product.is_enabled ? undefined : 'bg-slate-50 text-slate-600'}
                  >
                    <td className="px-1 py-0">
                      {/* A 44 px square around the box: what a finger hits. */}
                      <label className="flex size-11 cursor-pointer items-center justify-center">
                        <input
                          type="checkbox"
                          className="size-5 accent-brand-700"
                          aria-label={pricing.admin.selectProduct(product.name)}
                          checked={selected.has(product.id)}
                          onChange={(e) => toggleSelected(product.id, e.target.checked)}
                        />
                      </label>
                    </td>
                    <th scope="row" className="px-3 py-2 font-medium text-slate-900">
                      {product.name}
                      {product.on_sale ? (
                        <span className="ml-2 rounded-full bg-red-700 px-2 py-0.5 text-xs font-bold text-white">
                          {t.saleBadge}
                        </span>
                      ) : null}
                      {product.category ? (
                        <span className="block text-xs font-normal text-slate-600">{product.category}</span>
                      ) : null}
                    </th>
                    <td className="px-3 py-2 text-right whitespace-nowrap">
                      {formatMoney(product.on_sale && product.sale_price !== null ? product.sale_price : product.price)}
                    </td>
                    <td className="px-3 py-2 text-right whitespace-nowrap">{formatMoney(product.retail_price)}</td>
                    <td className="px-3 py-2 text-right">{product.has_unlimited_stock ? t.unlimitedStock : product.stock}</td>
                    <td className="px-3 py-2">
                      <button
                        type="button"
                        role="switch"
                        aria-checked={product.is_enabled}
                        aria-label={t.visibleToggle(product.name)}
                        disabled={toggle.isPending && toggle.variables?.product.id === product.id}
                        onClick={() => toggle.mutate({ product, enabled: !product.is_enabled })}
                        // The track stays 28 px; the button around it is the 44 px a finger hits.
                        className="group inline-flex min-h-11 min-w-12 shrink-0 items-center rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-60"
                      >
                        <span
                          aria-hidden="true"
                          className="inline-flex h-7 w-12 items-center rounded-full bg-slate-300 transition-colors group-aria-checked:bg-brand-700"
                        >
                          <span
                            className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${product.is_enabled ? 'translate-x-6' : 'translate-x-1'}`}
                          />
                        </span>
                      </button>
                    </td>
                    <td className="px-3 py-2">
                      <div className="flex gap-1">
                        <Button
                          variant="secondary"
                          size="sm"
                          aria-label={t.editNamed(product.name)}
                          onClick={() => openEditor({ mode: 'edit', product })}
                        >
                          {t.edit}
                        </Button>
                        <Button
                          variant="ghostDanger"
                          size="sm"
                          aria-label={t.deleteNamed(product.name)}
                          onClick={() => setDeleting(product)}
                        >
                          {t.delete}
                        </Button>
                      </div>
                    </td>
                  </tr>
                );
              })}
              {table.after > 0 ? (
                <tr aria-hidden="true">
                  <td colSpan={7} style={{ height: table.after, padding: 0 }} />
                </tr>
              ) : null}
            </tbody>
          </table>
        </div>
      )}
      {list.hasNextPage ? (
        <div className="flex justify-center">
          <Button variant="secondary" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {list.isFetchingNextPage ? p.catalog.loadingMore : p.catalog.loadMore}
          </Button>
        </div>
      ) : null}

      <Dialog open={editing !== null} onOpenChange={(open) => (open ? undefined : setEditing(null))}>
        {editing ? (
          <DialogContent title={editingProduct ? t.editProduct : t.newProduct} size="lg">
            <ProductForm
              key={editingProduct?.id ?? 'new'}
              product={editingProduct}
              categories={categories.data?.items ?? []}
              serverErrors={serverErrors}
              submitting={save.isPending}
              onCancel={() => setEditing(null)}
              onSubmit={(input, image) => save.mutate({ input, image, target: editingProduct })}
            />
            {editingProduct ? <PriceHistory productId={editingProduct.id} /> : null}
            {editingProduct ? <StockMovements productId={editingProduct.id} /> : null}
          </DialogContent>
        ) : null}
      </Dialog>

      {repricing ? (
        <RepriceDialog
          open={repricing}
          onOpenChange={setRepricing}
          onApplied={setLastChange}
          selectedIds={[...selected]}
          categories={categories.data?.items ?? []}
          search={search}
        />
      ) : null}
      {importing ? <ImportDialog open={importing} onOpenChange={setImporting} onApplied={setLastChange} /> : null}

      <DeleteProductDialog
        productName={deleting?.name ?? null}
        deleting={remove.isPending}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </section>
  );
}
