import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pricing } from '@mayorista/core/messages/pricing';
import { products } from '@mayorista/core/messages/products';
import { formatMoney } from '@mayorista/core/money';
import { REPRICE_FIELDS, ROUNDING_RULES, type RepriceField, type RoundingRule } from '@mayorista/core/repricing';
import type { PriceChange, RepricePreviewItem } from '@mayorista/core/schemas/pricing';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { productKeys } from '../../../lib/queries/products';
import { applyReprice, previewReprice, type RepriceBody } from '../api/pricing-api';
import { toRepriceBody, type RepriceKind, type RepriceScopeChoice } from '../lib/reprice-body';

const t = pricing.admin;
const PAGE_SIZE = 20;
type Kind = RepriceKind;
type Sort = NonNullable<RepriceBody['sort']>;
type Scope = RepriceScopeChoice;

const selectClass = 'h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-slate-900';

function PreviewRow({ item }: { item: RepricePreviewItem }) {
  const line = (label: string, before: number | null, after: number | null) =>
    before === after ? null : (
      <span className="block">
        {label}: {before === null ? '—' : formatMoney(before)} → <strong>{after === null ? '—' : formatMoney(after)}</strong>
      </span>
    );
  return (
    <li className={`py-2 ${item.warnings.length > 0 ? 'bg-amber-50' : ''}`}>
      <p className="font-medium text-slate-900">{item.name}</p>
      <p className="text-sm text-slate-700 tabular-nums">
        {line(t.fields.price, item.before.price, item.after.price)}
        {line(t.fields.retail_price, item.before.retail_price, item.after.retail_price)}
        {line(`${t.fields.sale_prices} (${t.fields.price})`, item.before.sale_price, item.after.sale_price)}
        {line(`${t.fields.sale_prices} (${t.fields.retail_price})`, item.before.sale_price_retail, item.after.sale_price_retail)}
      </p>
      {item.warnings.map((w) => (
        <p key={w.field} role="note" className="text-sm font-medium text-amber-800">
          ⚠ {pricing.warnings[w.kind]}
        </p>
      ))}
    </li>
  );
}

/** Productos → "Cambiar precios": rule, preview (paged, sortable, with warnings), apply, undo. */
export function RepriceDialog({
  open,
  onOpenChange,
  onApplied,
  categories,
  search,
  selectedIds,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onApplied: (change: PriceChange) => void;
  categories: string[];
  search: string;
  selectedIds: string[];
}) {
  const queryClient = useQueryClient();
  const [scope, setScope] = useState<Scope>(selectedIds.length > 0 ? 'selected' : 'all');
  const [category, setCategory] = useState(categories[0] ?? '');
  const [kind, setKind] = useState<Kind>('up');
  const [value, setValue] = useState('');
  const [fields, setFields] = useState<RepriceField[]>(['price', 'retail_price']);
  const [rounding, setRounding] = useState<RoundingRule>('none');
  const [submitted, setSubmitted] = useState<RepriceBody | null>(null);
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<Sort>('name');
  const [formError, setFormError] = useState<string | null>(null);

  const preview = useQuery({
    queryKey: ['reprice-preview', submitted, page, sort],
    queryFn: () => previewReprice({ ...submitted!, page, page_size: PAGE_SIZE, sort, order: sort === 'change' ? 'desc' : 'asc' }),
    enabled: submitted !== null,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: productKeys.all });
  const apply = useMutation({
    mutationFn: () => applyReprice(submitted!),
    onSuccess: (change) => {
      void refresh();
      toast({ title: t.applied(change.product_count) });
      onApplied(change);
      onOpenChange(false);
    },
    onError: (error) => toast({ title: products.errorTitle, description: error.message, variant: 'destructive' }),
  });

  const showPreview = () => {
    const rule = toRepriceBody({ scope, category, search, selectedIds, kind, value, fields, rounding });
    if (typeof rule === 'string') return setFormError(rule);
    setFormError(null);
    setPage(1);
    setSubmitted(rule);
  };
  const data = preview.data;
  // On a phone the form fills the screen: bring the new preview's summary into view.
  const previewRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (data) previewRef.current?.scrollIntoView({ block: 'start' });
  }, [data]);
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t.repriceTitle} size="lg">
        <div className="space-y-4">
            <div className="grid gap-3 sm:grid-cols-2">
              <div className="space-y-1">
                <Label htmlFor="reprice-scope">{t.scopeLabel}</Label>
                <select id="reprice-scope" className={selectClass} value={scope} onChange={(e) => setScope(e.target.value as Scope)}>
                  <option value="all">{t.scopeAll}</option>
                  <option value="category">{t.scopeCategory}</option>
                  {search ? <option value="search">{t.scopeSearch(search)}</option> : null}
                  {selectedIds.length > 0 ? <option value="selected">{t.scopeSelected(selectedIds.length)}</option> : null}
                </select>
              </div>
              {scope === 'category' ? (
                <div className="space-y-1">
                  <Label htmlFor="reprice-category">{t.categoryLabel}</Label>
                  <select id="reprice-category" className={selectClass} value={category} onChange={(e) => setCategory(e.target.value)}>
                    {categories.map((c) => (
                      <option key={c} value={c}>{c}</option>
                    ))}
                  </select>
                </div>
              ) : null}
              <div className="space-y-1">
                <Label htmlFor="reprice-kind">{t.kindLabel}</Label>
                <select id="reprice-kind" className={selectClass} value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
                  <option value="up">{t.kindUp}</option>
                  <option value="down">{t.kindDown}</option>
                  <option value="amount">{t.kindAmount}</option>
                </select>
              </div>
              <div className="space-y-1">
                <Label htmlFor="reprice-value">{kind === 'amount' ? t.amountLabel : t.percentLabel}</Label>
                <Input id="reprice-value" inputMode="decimal" value={value} onChange={(e) => setValue(e.target.value)} />
              </div>
              <div className="space-y-1">
                <Label htmlFor="reprice-rounding">{t.roundingLabel}</Label>
                <select id="reprice-rounding" className={selectClass} value={rounding} onChange={(e) => setRounding(e.target.value as RoundingRule)}>
                  {ROUNDING_RULES.map((r) => (
                    <option key={r} value={r}>{t.rounding[r]}</option>
                  ))}
                </select>
              </div>
            </div>
            <fieldset className="space-y-1">
              <legend className="text-sm font-medium text-slate-900">{t.fieldsLabel}</legend>
              <div className="flex flex-wrap gap-x-4 gap-y-1">
                {REPRICE_FIELDS.map((f) => (
                  <label key={f} className="flex items-center gap-2 text-slate-800">
                    <input
                      type="checkbox"
                      checked={fields.includes(f)}
                      onChange={(e) => setFields(e.target.checked ? [...fields, f] : fields.filter((x) => x !== f))}
                    />
                    {t.fields[f]}
                  </label>
                ))}
              </div>
            </fieldset>
            {formError ? <p role="alert" className="text-sm font-medium text-red-700">{formError}</p> : null}
            <Button variant="secondary" onClick={showPreview}>{t.preview}</Button>

            {submitted && preview.isPending ? <Spinner label={t.preview} /> : null}
            {preview.isError ? <p role="alert" className="text-sm font-medium text-red-700">{preview.error.message}</p> : null}
            {data ? (
              <section ref={previewRef} aria-label={t.preview} className="space-y-2 border-t border-slate-200 pt-3">
                <p role="status" className="font-medium text-slate-900">{t.previewSummary(data.total, data.changed)}</p>
                {data.with_warnings > 0 ? <p className="font-medium text-amber-800">{t.previewWarnings(data.with_warnings)}</p> : null}
                <div className="flex items-end gap-2">
                  <div className="space-y-1">
                    <Label htmlFor="reprice-sort">{t.sortLabel}</Label>
                    <select id="reprice-sort" className={selectClass} value={sort} onChange={(e) => { setSort(e.target.value as Sort); setPage(1); }}>
                      {(Object.keys(t.sorts) as Sort[]).map((s) => (
                        <option key={s} value={s}>{t.sorts[s]}</option>
                      ))}
                    </select>
                  </div>
                </div>
                <ul aria-label={t.columnProduct} className="max-h-80 divide-y divide-slate-200 overflow-y-auto">
                  {data.items.map((item) => <PreviewRow key={item.id} item={item} />)}
                </ul>
                <div className="flex items-center justify-between gap-2 text-sm">
                  <Button variant="ghost" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>{t.previous}</Button>
                  <span>{t.page(page, pages)}</span>
                  <Button variant="ghost" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>{t.next}</Button>
                </div>
                <Button disabled={data.with_warnings > 0 || data.changed === 0 || apply.isPending} onClick={() => apply.mutate()}>
                  {t.apply(data.changed)}
                </Button>
              </section>
            ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}
