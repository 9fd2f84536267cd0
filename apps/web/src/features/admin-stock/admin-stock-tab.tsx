import { useState, type FormEvent } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { stockCount as t } from '@mayorista/core/messages/stockCount';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { LoadError } from '../../components/ui/load-error';
import { Spinner } from '../../components/ui/spinner';
import { isApiError } from '../../lib/api-client';
import { useDebouncedValue } from '../../lib/hooks/use-debounced-value';
import { stockProductsQueryOptions, type StockProduct } from './api';
import { StockCountResult } from './components/stock-count-result';
import { StockProductRow } from './components/stock-product-row';
import { useStockCount } from './hooks/use-stock-count';

type Count = ReturnType<typeof useStockCount>;

/** The products found, each with its "Contado" field; loading, empty and error states. */
function ProductList({ search, count }: { search: string; count: Count }) {
  const list = useInfiniteQuery(stockProductsQueryOptions(search));
  const items: StockProduct[] = list.data?.pages.flatMap((page) => page.items) ?? [];
  if (list.isPending) return <Spinner label={t.loading} />;
  if (list.isError) {
    return <LoadError title={t.loadError} detail={isApiError(list.error) ? list.error.message : undefined} retryLabel={t.retry} onRetry={() => void list.refetch()} />;
  }
  if (items.length === 0) return <p className="rounded-lg border border-slate-200 bg-white p-6 text-center text-slate-700">{t.empty}</p>;
  return (
    <>
      <ul aria-label={t.listLabel} className="rounded-lg border border-slate-200 bg-white px-3">
        {items.map((product) => (
          <StockProductRow
            key={product.id}
            product={product}
            counted={count.drafts[product.id]?.counted ?? ''}
            invalid={count.invalid.has(product.id)}
            onCounted={(value) => count.setCounted(product, value)}
          />
        ))}
      </ul>
      {list.hasNextPage ? (
        <div className="flex justify-center">
          <Button variant="secondary" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {t.loadMore}
          </Button>
        </div>
      ) : null}
    </>
  );
}

/** The save bar: how many lines go (not a live region: it would speak on every keystroke), the button, and why nothing went. Stays in sight at the bottom on a phone. */
function SaveBar({ count }: { count: Count }) {
  return (
    <div className="sticky bottom-0 z-10 -mx-3 space-y-2 border-t border-slate-200 bg-white/95 px-3 py-3 backdrop-blur sm:mx-0 sm:rounded-lg sm:border">
      {count.problem ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {count.problem}
        </p>
      ) : null}
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-slate-700">
          {t.pending(count.pending)}
        </p>
        <Button type="submit" disabled={count.saving}>
          {count.saving ? t.saving : t.save}
        </Button>
      </div>
    </div>
  );
}

/** /admin → Stock: the warehouse's count (decision 069). Search, type what is on the shelf, save once. */
export default function AdminStockTab() {
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), 300);
  const count = useStockCount();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    count.submit();
  };
  return (
    <section aria-labelledby="admin-stock-title" className="mx-auto max-w-3xl space-y-4">
      <div className="space-y-1">
        <h2 id="admin-stock-title" className="text-xl font-semibold text-slate-900">
          {t.title}
        </h2>
        <p className="text-sm text-slate-700">{t.hint}</p>
      </div>
      <div className="space-y-1">
        <Label htmlFor="admin-stock-search">{t.searchLabel}</Label>
        <Input id="admin-stock-search" type="search" value={searchText} placeholder={t.searchPlaceholder} onChange={(e) => setSearchText(e.target.value)} />
      </div>
      {count.saved ? <StockCountResult saved={count.saved} /> : null}
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <ProductList search={search} count={count} />
        <SaveBar count={count} />
      </form>
    </section>
  );
}
