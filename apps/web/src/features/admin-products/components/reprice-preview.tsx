import { useEffect, useRef } from 'react';
import { pricing } from '@mayorista/core/messages/pricing';
import { formatMoney } from '@mayorista/core/money';
import type { RepricePreview, RepricePreviewItem } from '@mayorista/core/schemas/pricing';
import { Button } from '../../../components/ui/button';
import type { RepriceBody } from '../api/pricing-api';
import { SelectField } from './reprice-rule-form';

const t = pricing.admin;

export type RepriceSort = NonNullable<RepriceBody['sort']>;

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

/** The preview's summary, sort, one page of products with their warnings, paging, and "Aplicar". */
export function RepricePreviewSection({
  data,
  page,
  onPage,
  sort,
  onSort,
  applying,
  onApply,
}: {
  data: RepricePreview;
  page: number;
  onPage: (page: number) => void;
  sort: RepriceSort;
  onSort: (sort: RepriceSort) => void;
  applying: boolean;
  onApply: () => void;
}) {
  // On a phone the form fills the screen: bring the new preview's summary into view.
  const previewRef = useRef<HTMLElement>(null);
  useEffect(() => {
    previewRef.current?.scrollIntoView({ block: 'start' });
  }, [data]);
  const pages = Math.max(1, Math.ceil(data.total / data.page_size));
  return (
    <section ref={previewRef} aria-label={t.preview} className="space-y-2 border-t border-slate-200 pt-3">
      <p role="status" className="font-medium text-slate-900">
        {t.previewSummary(data.total, data.changed)}
      </p>
      {data.with_warnings > 0 ? <p className="font-medium text-amber-800">{t.previewWarnings(data.with_warnings)}</p> : null}
      <div className="flex items-end gap-2">
        <SelectField<RepriceSort> id="reprice-sort" label={t.sortLabel} value={sort} onChange={onSort}>
          {(Object.keys(t.sorts) as RepriceSort[]).map((s) => (
            <option key={s} value={s}>
              {t.sorts[s]}
            </option>
          ))}
        </SelectField>
      </div>
      <ul aria-label={t.columnProduct} className="max-h-80 divide-y divide-slate-200 overflow-y-auto">
        {data.items.map((item) => (
          <PreviewRow key={item.id} item={item} />
        ))}
      </ul>
      <div className="flex items-center justify-between gap-2 text-sm">
        <Button variant="ghost" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t.previous}
        </Button>
        <span>{t.page(page, pages)}</span>
        <Button variant="ghost" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {t.next}
        </Button>
      </div>
      <Button disabled={data.with_warnings > 0 || data.changed === 0 || applying} onClick={onApply}>
        {t.apply(data.changed)}
      </Button>
    </section>
  );
}
