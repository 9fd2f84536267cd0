import { useId, type ReactNode } from 'react';
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
  /** On a phone, beside the category (the view toggle), so the products start higher; hidden from `sm` up. */
  searchAddon?: ReactNode;
}

const chip =
  'flex min-h-11 shrink-0 cursor-pointer items-center gap-2 rounded-full border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-900 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700 max-sm:has-[:checked]:bg-brand-700 max-sm:has-[:checked]:text-white lg:rounded-md lg:border-0 lg:bg-transparent lg:px-0';
const check = 'size-5 accent-brand-700 max-sm:sr-only';

type FilterValues = CatalogFiltersProps['filters'];

/** "Ofertas" and "Con stock": chips on a phone (short names, the check box kept for assistive technology), check boxes from `sm` up. */
function FilterChecks({ filters, onFiltersChange, phone }: { filters: FilterValues; onFiltersChange: (filters: FilterValues) => void; phone: boolean }) {
  return (
    <>
      <label className={chip}>
        <input type="checkbox" className={check} checked={filters.onSale} onChange={(event) => onFiltersChange({ ...filters, onSale: event.target.checked })} />
        {phone ? t.onSaleChip : t.onSaleFilter}
      </label>
      <label className={chip}>
        <input type="checkbox" className={check} checked={filters.inStock} onChange={(event) => onFiltersChange({ ...filters, inStock: event.target.checked })} />
        {phone ? t.inStockChip : t.inStockFilter}
      </label>
    </>
  );
}

export function CatalogFilters({ searchText, onSearchTextChange, filters, onFiltersChange, categories, searchAddon }: CatalogFiltersProps) {
  const id = useId();
  // Compact on a phone (decision 033): two rows, so the first product starts in the top third of a
  // 390 × 844 screen. The search shares its row with the two filters as chips (filled when on, as
  // the view toggle's pressed button; their check boxes are there for assistive technology), and
  // the category shares its row with the view toggle: beside the chips it was cut off at 390 px.
  // The category asks for its longest option's width, so when a name does not fit beside the toggle
  // the toggle wraps below it instead of the name being cut (only a name longer than the whole row is).
  // The DOM is in the order the eye reads, at each width (decision 070): on a phone search → chips →
  // category → toggle (the wrappers are `display: contents`, one wrapping flex row, no CSS `order`);
  // from `sm` up search, then category → check boxes, as before. The filters being before the
  // category on a phone and after it from `sm` up, they are rendered twice, each copy `display: none`
  // at the other width, so only one is ever focusable or read.
  // The labels stay for assistive technology; on a phone the placeholder and the first option say the same.
  return (
    <div role="search" className="flex flex-wrap gap-2 sm:grid sm:gap-3 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-end">
      <div className="max-sm:contents sm:space-y-1">
        <Label htmlFor={`${id}-search`} className="sr-only sm:not-sr-only">
          {t.searchLabel}
        </Label>
        <div className="max-sm:contents sm:flex sm:gap-2">
          <Input
            id={`${id}-search`}
            type="search"
            value={searchText}
            placeholder={t.searchPlaceholder}
            autoComplete="off"
            className="min-w-0 flex-1 basis-44"
            onChange={(event) => onSearchTextChange(event.target.value)}
          />
        </div>
      </div>
      <div className="flex gap-2 sm:hidden">
        <FilterChecks filters={filters} onFiltersChange={onFiltersChange} phone />
      </div>
      <div className="max-sm:contents sm:flex sm:flex-wrap sm:items-end sm:gap-3">
        <div className="min-w-0 flex-auto sm:flex-1 sm:basis-32 sm:space-y-1">
          <Label htmlFor={`${id}-category`} className="sr-only sm:not-sr-only">
            {t.categoryLabel}
          </Label>
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
        <div className="max-sm:hidden sm:contents">
          <FilterChecks filters={filters} onFiltersChange={onFiltersChange} phone={false} />
        </div>
      </div>
      {searchAddon ? <div className="flex shrink-0 sm:hidden">{searchAddon}</div> : null}
    </div>
  );
}
