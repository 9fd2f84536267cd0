import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { cn } from '../../lib/cn';
import { Button } from './button';
import { LoadError } from './load-error';
import { Spinner } from './spinner';

export interface PagedListTexts {
  loading: string;
  loadError: string;
  retry: string;
  empty: string;
  previousPage: string;
  nextPage: string;
  totalCount: (total: number) => string;
  pageOf: (page: number, pages: number) => string;
}

/**
 * The states of a paged admin list in one place: loading, failed (with retry), the count, empty,
 * the rows (dimmed while a new page loads) and the pager.
 */
export function PagedQueryList<T>({
  query,
  text,
  page,
  pages,
  onPageChange,
  renderItem,
  listLabel,
  listClassName,
  header,
}: {
  query: UseQueryResult<{ items: T[]; total: number }>;
  text: PagedListTexts;
  page: number;
  pages: number;
  onPageChange: (page: number) => void;
  renderItem: (item: T) => ReactNode;
  listLabel?: string;
  listClassName: string;
  /** Above the rows, under the count (a wide screen's column names). */
  header?: ReactNode;
}) {
  return (
    <>
      {query.isPending ? <Spinner label={text.loading} /> : null}
      {query.isError ? (
        <LoadError
          title={text.loadError}
          detail={query.error.message}
          retryLabel={text.retry}
          onRetry={() => void query.refetch()}
        />
      ) : null}
      {query.data ? (
        <>
          <p className="text-sm text-slate-700" aria-live="polite">
            {text.totalCount(query.data.total)}
          </p>
          {query.data.items.length > 0 ? header : null}
          {query.data.items.length === 0 ? (
            <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-slate-700">{text.empty}</p>
          ) : (
            <ul
              aria-label={listLabel}
              className={cn(listClassName, query.isFetching && 'opacity-70')}
              aria-busy={query.isFetching}
            >
              {query.data.items.map(renderItem)}
            </ul>
          )}
          {pages > 1 ? (
            <nav aria-label={text.pageOf(page, pages)} className="flex items-center justify-between gap-2">
              <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
                {text.previousPage}
              </Button>
              <span className="text-sm text-slate-700">{text.pageOf(page, pages)}</span>
              <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
                {text.nextPage}
              </Button>
            </nav>
          ) : null}
        </>
      ) : null}
    </>
  );
}

/** How many pages a `{ total, page_size }` answer has; 1 while it is loading or empty. */
export function pageCountOf(data: { total: number; page_size: number } | undefined): number {
  return data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;
}
