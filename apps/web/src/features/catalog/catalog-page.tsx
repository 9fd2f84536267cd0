import { useCallback, useDeferredValue, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { products as productsTexts } from '@mayorista/core/messages/products';
import type { CustomerKind } from '@mayorista/core/pricing';
import { catalogueIvaNote } from '@mayorista/core/iva';
import type { Product } from '@mayorista/core/schemas/product';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { dismissErrorToasts, toast } from '../../components/ui/toast-store';
import { isApproved, useAuth } from '../../lib/auth';
import { PriceListButton } from './components/price-list-button';
import { useCart } from '../../lib/cart/use-cart';
import { catalogQueryOptions, categoriesQueryOptions, type CatalogFilters as Filters } from '../../lib/queries/products';
import { CatalogFilters } from './components/catalog-filters';
import { IvaBasisNote, PricingNotice } from './components/pricing-notice';
import { useCatalogView, type CatalogView } from './use-catalog-view';
import type * as ResultsModule from './components/product-results';
import { useDebouncedValue } from '../../lib/hooks/use-debounced-value';
import { useAfterFirstPaint } from '../../lib/hooks/use-after-first-paint';
import { useFavorites } from '../../lib/queries/favorites';
import { favorites as favoriteTexts } from '@mayorista/core/messages/productPage';

const t = productsTexts.catalog;
const SEARCH_DEBOUNCE_MS = 300;

// The rows' code is not needed for the first paint (the spinner holds the place until the products
// arrive). Opening /catalog, the HTML announces its chunk (PAGE_EARLY_MODULES), so it downloads
// beside the entry; the page evaluates it once it has painted, as it asks for the products
// (useAfterFirstPaint, decision 024). Arriving from another page, that is when it downloads,
// beside the products.
// Not React.lazy: a lazy component suspends at least once, and React throttles the reveal of a
// suspended boundary by 300 ms, so the rows would show that much later (decision 024).
type Results = typeof ResultsModule;
let loadedResults: Results | null = null;
const loadResults = () => import('./components/product-results').then((module) => (loadedResults = module));

/**
 * The rows' module once it is in (null until then), asked for when `start` is true; a failed
 * download goes to the page's error boundary.
 */
function useResults(start: boolean): Results | null {
  const [results, setResults] = useState(loadedResults);
  const [failure, setFailure] = useState<unknown>(null);
  useEffect(() => {
    if (start && !results) loadResults().then(setResults, setFailure);
  }, [start, results]);
  if (failure) throw failure;
  return results;
}

type SelectFilters = Omit<Filters, 'search'>;

/** /catalog (no route guard, the screens and routes): wholesale prices and the cart for approved customers, retail prices for everyone else. */
export default function CatalogPage() {
  const { user, profile, loading } = useAuth();
  const approved = isApproved(profile);
  const kind: CustomerKind = approved ? 'wholesale' : 'retail';

  if (loading) return <Spinner label={t.loading} />;
  return approved ? <OrderingCatalog kind={kind} /> : <Catalog kind={kind} showNotice signedIn={!!user} />;
}

/** Only approved customers mount the cart and favourites hooks, so visitors never depend on them. */
function OrderingCatalog({ kind }: { kind: CustomerKind }) {
  const { addItem, iva, status } = useCart();
  const onAddToCart = useCallback((product: Product, quantity: number) => addItem(product, quantity), [addItem]);
  const { ids, query, toggle } = useFavorites(true);
  const { mutate } = toggle;
  const onToggleFavorite = useCallback(
    (productId: string, starred: boolean) =>
      mutate(
        { productId, starred },
        {
          onError: () => toast({ title: productsTexts.errorTitle, description: favoriteTexts.saveError, variant: 'destructive' }),
        },
      ),
    [mutate],
  );
  return (
    <Catalog
      kind={kind}
      // Said once the cart has told whether prices include IVA and how this customer reads them.
      ivaNote={status === 'ready' ? catalogueIvaNote(iva.pricesIncludeIva, iva.itemised) : null}
      onAddToCart={onAddToCart}
      favorites={{ ids, items: query.data?.items, failed: query.isError, onToggle: onToggleFavorite }}
    />
  );
}

interface FavoritesProps {
  ids: Set<string>;
  /** The starred products still in the catalogue; undefined while loading. */
  items: Product[] | undefined;
  failed: boolean;
  onToggle: (productId: string, starred: boolean) => void;
}

interface CatalogProps {
  kind: CustomerKind;
  /** Which basis the prices are (with IVA or + IVA), for a customer who orders. */
  ivaNote?: string | null;
  onAddToCart?: (product: Product, quantity: number) => boolean | void;
  favorites?: FavoritesProps;
  showNotice?: boolean;
  signedIn?: boolean;
}

/**
 * A new search or filter is the next action: an earlier refusal ("Stock insuficiente") goes. A
 * failed load says so once per failure.
 */
function useCatalogToasts({ search, category, onSale, inStock }: Filters, isError: boolean, errorUpdatedAt: number) {
  useEffect(() => {
    dismissErrorToasts();
  }, [search, category, onSale, inStock]);

  useEffect(() => {
    if (isError) {
      toast({ title: productsTexts.loadErrorTitle, description: productsTexts.loadErrorText, variant: 'destructive' });
    }
  }, [isError, errorUpdatedAt]);
}

function Catalog({ kind, ivaNote = null, onAddToCart, favorites, showNotice = false, signedIn = false }: CatalogProps) {
  // "Favoritos" replaces the catalogue's pages with the starred products (the wholesale-ordering work, decision 016).
  const [onlyFavorites, setOnlyFavorites] = useState(false);
  const [searchText, setSearchText] = useState('');
  const [selectFilters, setSelectFilters] = useState<SelectFilters>({ category: '', onSale: false, inStock: false });
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const filters: Filters = { ...selectFilters, search };
  const [view, setView] = useCatalogView();

  // The products, the categories and the rows' module are asked for once the page has painted.
  const painted = useAfterFirstPaint();
  const products = useInfiniteQuery({ ...catalogQueryOptions(filters, kind), enabled: painted });
  const categories = useQuery({ ...categoriesQueryOptions(), enabled: painted });
  const results = useResults(painted);

  useCatalogToasts(filters, products.isError, products.errorUpdatedAt);

  // Rendering a page of cards is the heaviest work of the catalogue. Reading the data through
  // useDeferredValue renders it in a background (transition) pass, in 5 ms slices, so a phone
  // keeps responding to taps while the grid fills in; until then the previous state stays.
  const data = useDeferredValue(products.data);
  const showFavorites = onlyFavorites && favorites !== undefined;
  // Kept while the pages are the same: a cart change re-renders this component but, with the same
  // items, not the list (memo below) — with 5,000 rows loaded that is most of an "Agregar" (bench:inp).
  const catalogueItems = useMemo(() => data?.pages.flatMap((page) => page.items) ?? [], [data]);
  const favoriteItems = favorites?.items;
  const items = useMemo(
    () => (showFavorites ? (favoriteItems ?? []) : catalogueItems),
    [showFavorites, favoriteItems, catalogueItems],
  );
  const total = showFavorites ? items.length : (data?.pages[0]?.total ?? 0);
  const row = { kind, onAddToCart, starredIds: favorites?.ids, onToggleFavorite: favorites?.onToggle };

  return (
    <section
      aria-labelledby="catalog-title"
      className="mx-auto w-full max-w-6xl space-y-2 px-3 pt-2 pb-4 md:space-y-4 md:px-4 md:py-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 id="catalog-title" className="text-2xl font-bold text-slate-900">
          {t.title}
        </h1>
        <div className="flex flex-wrap items-center gap-2">
          {favorites ? <FavoritesToggle on={onlyFavorites} count={favorites.ids.size} onChange={setOnlyFavorites} /> : null}
          {kind === 'wholesale' ? <PriceListButton /> : null}
        </div>
      </div>
      {showNotice ? <PricingNotice signedIn={signedIn} /> : null}
      {ivaNote ? <IvaBasisNote text={ivaNote} /> : null}
      {/* The filters search the catalogue, not the favourites: hidden while those are listed. */}
      {showFavorites ? null : (
        <CatalogFilters
          searchText={searchText}
          onSearchTextChange={setSearchText}
          filters={selectFilters}
          onFiltersChange={setSelectFilters}
          categories={categories.data?.items ?? []}
          searchAddon={<ViewToggle view={view} onChange={setView} compact />}
        />
      )}

      {showFavorites && favoritesState(favorites) ? (
        favoritesState(favorites)
      ) : !showFavorites && data === undefined && !products.isError ? (
        <ResultsPlaceholder />
      ) : !showFavorites && products.isError && items.length === 0 ? (
        <CatalogLoadError onRetry={() => void products.refetch()} />
      ) : items.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-center text-slate-700">{t.empty}</p>
      ) : (
        <>
          <ResultsHeader
            count={showFavorites ? favoriteTexts.count(items.length) : t.resultsCount(items.length, total)}
            toggleOnPhone={showFavorites}
            view={view}
            onView={setView}
          />
          {!results ? (
            <ResultsPlaceholder />
          ) : view === 'list' ? (
            <results.ProductList items={items} {...row} />
          ) : (
            <results.ProductGrid items={items} {...row} />
          )}
          {!showFavorites && products.hasNextPage ? (
            <LoadMore loading={products.isFetchingNextPage} onMore={() => void products.fetchNextPage()} />
          ) : null}
        </>
      )}
    </section>
  );
}

function CatalogLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="space-y-3 rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
      <p className="font-semibold">{productsTexts.loadErrorTitle}</p>
      <p>{productsTexts.loadErrorText}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t.retry}
      </Button>
    </div>
  );
}

/** How many products are shown, and the grid/list toggle. */
function ResultsHeader({
  count,
  toggleOnPhone,
  view,
  onView,
}: {
  count: string;
  toggleOnPhone: boolean;
  view: CatalogView;
  onView: (view: CatalogView) => void;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <p className="text-sm text-slate-700" aria-live="polite">
        {count}
      </p>
      {/* On a phone the toggle sits in the filter bar, beside the category (decisions 033, 070), except in Favoritos. */}
      <div className={toggleOnPhone ? undefined : 'max-sm:hidden'}>
        <ViewToggle view={view} onChange={onView} />
      </div>
    </div>
  );
}

function LoadMore({ loading, onMore }: { loading: boolean; onMore: () => void }) {
  return (
    <div className="flex justify-center">
      <Button variant="secondary" disabled={loading} onClick={onMore}>
        {loading ? t.loadingMore : t.loadMore}
      </Button>
    </div>
  );
}

function FavoritesToggle({ on, count, onChange }: { on: boolean; count: number; onChange: (on: boolean) => void }) {
  return (
    <Button
      variant={on ? 'primary' : 'secondary'}
      size="sm"
      aria-pressed={on}
      title={favoriteTexts.filterLabel}
      onClick={() => onChange(!on)}
    >
      <span aria-hidden="true">★</span>
      {/* On a phone the star and the count say it, so the header keeps to one line; the name stays for screen readers. */}
      <span className="max-sm:sr-only">{favoriteTexts.filter}</span>
      {count > 0 ? <span>{`(${count})`}</span> : null}
    </Button>
  );
}

/** The Favoritos view while it has nothing to list: loading, failed or empty; null once there are favourites. */
function favoritesState(favorites: FavoritesProps): ReactNode {
  if (favorites.failed) {
    return (
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
        {favoriteTexts.loadError}
      </p>
    );
  }
  if (favorites.items === undefined) return <Spinner label={favoriteTexts.loading} />;
  if (favorites.items.length === 0) {
    return <p className="rounded-lg border border-slate-200 bg-white p-6 text-center text-slate-700">{favoriteTexts.empty}</p>;
  }
  return null;
}

function ViewToggle({
  view,
  onChange,
  compact = false,
}: {
  view: CatalogView;
  onChange: (view: CatalogView) => void;
  compact?: boolean;
}) {
  const option = (value: CatalogView, label: string, icon: ReactNode) => (
    <Button
      variant={view === value ? 'primary' : 'secondary'}
      size={compact ? 'icon' : 'sm'}
      aria-pressed={view === value}
      aria-label={compact ? label : undefined}
      title={compact ? label : undefined}
      onClick={() => onChange(value)}
    >
      {compact ? icon : label}
    </Button>
  );
  const svg = (path: string) => (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      <path d={path} />
    </svg>
  );
  return (
    <div role="group" aria-label={t.viewLabel} className={compact ? 'flex shrink-0 gap-1 sm:hidden' : 'flex gap-1'}>
      {option('list', t.viewList, svg('M4 6h16M4 12h16M4 18h16'))}
      {option('cards', t.viewCards, svg('M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z'))}
    </div>
  );
}

/**
 * As tall as the screen, like the rows that replace it: the footer starts below the fold instead of
 * jumping down when they arrive (layout shift).
 */
function ResultsPlaceholder() {
  return (
    <div className="min-h-dvh">
      <Spinner label={t.loading} />
    </div>
  );
}
