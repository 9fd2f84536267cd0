import { useId } from 'react';
import { products } from '@mayorista/core/messages/products';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import type { CatalogFilters as Filters } from '../../../lib/queries/products';

const t = products.catalog;

export interface CatalogFiltersProps {
  /** What the search box shows right now (the query itself is debounced by the page). */
  searchText: string;
  onSearchTextChange: (text: string) => void;
  filters: Omit<Filters, 'search'>;
  onFiltersChange: (filters: Omit<Filters, 'search'>) => void;
  categories: string[];
}

export function CatalogFilters({ searchText, onSearchTextChange, filters, onFiltersChange, categories }: CatalogFiltersProps) {
  const id = useId();
  return (
    <div role="search" className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto_auto] lg:items-end">
      <div className="space-y-1">
        <Label htmlFor={`${id}-search`}>{t.searchLabel}</Label>
        <Input
          id={`${id}-search`}
          type="search"
          value={searchText}
          placeholder={t.searchPlaceholder}
          autoComplete="off"
          onChange={(event) => onSearchTextChange(event.target.value)}
        />
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${id}-category`}>{t.categoryLabel}</Label>
        <select
          id={`${id}-category`}
          value={filters.category}
          onChange={(event) => onFiltersChange({ ...filters, category: event.target.value })}
          className="block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 focus-visible:border-brand-700 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700"
        >
          <option value="">{t.allCategories}</option>
          {categories.map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
        </select>
      </div>
      <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-slate-800">
        <input
          type="checkbox"
          className="size-5 accent-brand-700"
          checked={filters.onSale}
          onChange={(event) => onFiltersChange({ ...filters, onSale: event.target.checked })}
        />
        {t.onSaleFilter}
      </label>
      <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-slate-800">
        <input
          type="checkbox"
          className="size-5 accent-brand-700"
          checked={filters.inStock}
          onChange={(event) => onFiltersChange({ ...filters, inStock: event.target.checked })}
        />
        {t.inStockFilter}
      </label>
    </div>
  );
}
