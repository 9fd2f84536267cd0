import { useState } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { pricing } from '@mayorista/core/messages/pricing';
import { products as productsTexts } from '@mayorista/core/messages/products';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Spinner } from '../../components/ui/spinner';
import { useDebouncedValue } from '../../lib/hooks/use-debounced-value';
import { categoriesQueryOptions } from '../../lib/queries/products';
import { adminProductsQueryOptions } from './api/admin-products-api';
import { AdminProductsTable } from './components/admin-products-table';
import { DeleteProductDialog } from './components/delete-product-dialog';
import { ProductForm } from './components/product-form';
import { StockMovements } from './components/stock-movements';
import { EntityHistory } from '../../components/entity-history';
import { ImportDialog } from './components/import-dialog';
import { PriceHistory } from './components/price-history';
import { RepriceDialog } from './components/reprice-dialog';
import { UndoBanner } from './components/undo-banner';
import {
  useDeleteProduct,
  useExportCatalogue,
  useProductEditor,
  useSelection,
  useToggleProduct,
} from './hooks/use-product-actions';

const t = productsTexts.admin;
const p = productsTexts;

/** The tab's title and its buttons: reprice, import, export (Excel, CSV) and new product. */
function Toolbar({
  onReprice,
  onImport,
  onExport,
  exporting,
  onNew,
}: {
  onReprice: () => void;
  onImport: () => void;
  onExport: (format: 'csv' | 'xlsx') => void;
  exporting: boolean;
  onNew: () => void;
}) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <h2 id="admin-products-title" className="text-xl font-semibold text-slate-900">
        {t.tabTitle}
      </h2>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={onReprice}>
          {pricing.admin.repriceButton}
        </Button>
        <Button variant="secondary" onClick={onImport}>
          {pricing.admin.importButton}
        </Button>
        <Button variant="secondary" disabled={exporting} onClick={() => onExport('xlsx')}>
          {pricing.admin.exportXlsx}
        </Button>
        <Button variant="secondary" disabled={exporting} onClick={() => onExport('csv')}>
          {pricing.admin.exportCsv}
        </Button>
        <Button onClick={onNew}>{t.newProduct}</Button>
      </div>
    </div>
  );
}

function SearchBox({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div className="max-w-md space-y-1">
      <Label htmlFor="admin-products-search">{t.searchLabel}</Label>
      <Input
        id="admin-products-search"
        type="search"
        value={value}
        placeholder={t.searchPlaceholder}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="space-y-3 rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
      <p className="font-semibold">{p.loadErrorTitle}</p>
      <p>{p.loadErrorText}</p>
      <Button variant="secondary" onClick={onRetry}>
        {p.catalog.retry}
      </Button>
    </div>
  );
}

/** Add or edit a product, with its price history and stock movements under the form when editing. */
function ProductEditorDialog({ editor, categories }: { editor: ReturnType<typeof useProductEditor>; categories: string[] }) {
  const { editing, close, serverErrors, save } = editor;
  const editingProduct = editing?.mode === 'edit' ? editing.product : null;
  return (
    <Dialog open={editing !== null} onOpenChange={(open) => (open ? undefined : close())}>
      {editing ? (
        <DialogContent title={editingProduct ? t.editProduct : t.newProduct} size="lg">
          <ProductForm
            key={editingProduct?.id ?? 'new'}
            product={editingProduct}
            categories={categories}
            serverErrors={serverErrors}
            submitting={save.isPending}
            onCancel={close}
            onSubmit={(input, image) => save.mutate({ input, image, target: editingProduct })}
          />
          {editingProduct ? <PriceHistory productId={editingProduct.id} /> : null}
          {editingProduct ? <StockMovements productId={editingProduct.id} /> : null}
          {editingProduct ? (
            <div className="mt-6">
              <EntityHistory entity="product" entityId={editingProduct.id} />
            </div>
          ) : null}
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

/** /admin → Productos: every product (disabled too), with add, edit, enable/disable and delete. */
export default function AdminProductsTab() {
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), 300);
  const [repricing, setRepricing] = useState(false);
  const [importing, setImporting] = useState(false);
  const [lastChange, setLastChange] = useState<{ id: string; product_count: number } | null>(null);
  const selection = useSelection();
  const list = useInfiniteQuery(adminProductsQueryOptions(search));
  const categories = useQuery(categoriesQueryOptions(true));
  const editor = useProductEditor();
  const toggle = useToggleProduct();
  const { deleting, setDeleting, remove } = useDeleteProduct();
  const download = useExportCatalogue(search);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section aria-labelledby="admin-products-title" className="space-y-4">
      <Toolbar
        onReprice={() => setRepricing(true)}
        onImport={() => setImporting(true)}
        onExport={(format) => download.mutate(format)}
        exporting={download.isPending}
        onNew={() => editor.open({ mode: 'create' })}
      />
      <SearchBox value={searchText} onChange={setSearchText} />
      {lastChange ? <UndoBanner change={lastChange} onDone={() => setLastChange(null)} /> : null}
      {list.isPending ? (
        <Spinner label={t.loading} />
      ) : list.isError ? (
        <LoadError onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-center text-slate-700">{t.empty}</p>
      ) : (
        <AdminProductsTable
          items={items}
          actions={{
            selected: selection.selected,
            onSelect: selection.toggle,
            togglingId: toggle.isPending ? (toggle.variables?.product.id ?? null) : null,
            onToggle: (product, enabled) => toggle.mutate({ product, enabled }),
            onEdit: (product) => editor.open({ mode: 'edit', product }),
            onDelete: setDeleting,
          }}
        />
      )}
      {list.hasNextPage ? (
        <div className="flex justify-center">
          <Button variant="secondary" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {list.isFetchingNextPage ? p.catalog.loadingMore : p.catalog.loadMore}
          </Button>
        </div>
      ) : null}
      <ProductEditorDialog editor={editor} categories={categories.data?.items ?? []} />
      {repricing ? (
        <RepriceDialog
          open={repricing}
          onOpenChange={setRepricing}
          onApplied={setLastChange}
          selectedIds={[...selection.selected]}
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
