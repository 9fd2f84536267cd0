import { useId, useMemo, useState } from 'react';
import { rep as t } from '@mayorista/core/messages/rep';
import { formatMoney } from '@mayorista/core/money';
import { priceLine } from '@mayorista/core/pricing';
import type { Product } from '@mayorista/core/schemas/product';
import { IssuesList } from '../../../components/ui/issues-list';
import { Button } from '../../../components/ui/button';
import { searchSnapshot } from '../../../lib/offline/snapshot-search';
import { quantitiesFromCodes, type CodesResult } from './codes';
import { QuantityStepper } from './quantity-stepper';
import type { TakeOrder } from './use-take-order';

const PAGE_SIZE = 40;

/** What a row says under the name: code, the unit price at this quantity, pack and minimum, stock. */
function rowDetails(product: Product, quantity: number): string {
  const parts = [product.sku ?? '', formatMoney(priceLine(product, Math.max(1, quantity), 'wholesale').unitPrice)];
  if (product.pack_size > 1) parts.push(t.packHint(product.pack_size));
  if (product.min_quantity > 1) parts.push(t.minHint(product.min_quantity));
  if (!product.has_unlimited_stock) parts.push(product.stock > 0 ? t.stockLeft(product.stock) : t.outOfStock);
  return parts.filter(Boolean).join(' · ');
}

/** One product of the customer's catalogue: a dense row, its quantity in reach of a thumb. */
export function ProductRow({ product, quantity, onChange }: { product: Product; quantity: number; onChange: (q: number) => void }) {
  return (
    <li className={`flex items-center gap-2 px-2 py-1.5 ${quantity > 0 ? 'bg-brand-50' : ''}`} data-testid="rep-product-row">
      <div className="min-w-0 flex-1">
        <p className="line-clamp-2 text-sm font-medium break-words text-slate-900">{product.name}</p>
        <p className="truncate text-xs text-slate-600 tabular-nums">{rowDetails(product, quantity)}</p>
      </div>
      <QuantityStepper product={product} quantity={quantity} onChange={onChange} />
    </li>
  );
}

/** "Pegar códigos": the quick order's reader over this customer's catalogue. */
function CodesBox({ order }: { order: TakeOrder }) {
  const id = useId();
  const [text, setText] = useState('');
  const [result, setResult] = useState<(CodesResult & { added: number }) | null>(null);
  const load = () => {
    const found = quantitiesFromCodes(text, order.data.products);
    order.addQuantities(found.quantities);
    setResult({ ...found, added: Object.keys(found.quantities).length });
    if (found.unknown.length === 0 && found.unreadable.length === 0) setText('');
  };
  return (
    <details className="rounded-lg border border-slate-200 bg-white p-2">
      <summary className="min-h-11 cursor-pointer content-center text-sm font-medium text-slate-900">{t.codesLabel}</summary>
      <label htmlFor={id} className="block text-sm text-slate-600">
        {t.codesHint}
      </label>
      <textarea id={id} rows={4} value={text} spellCheck={false} onChange={(e) => setText(e.target.value)} className="mt-1 w-full rounded-md border border-slate-400 p-2 font-mono text-base" />
      <Button variant="secondary" className="mt-1" onClick={load} disabled={text.trim() === ''}>
        {t.codesAdd}
      </Button>
      {result ? (
        <div className="mt-2 space-y-2" aria-live="polite">
          <p className="text-sm text-slate-700">{result.added > 0 ? t.codesAdded(result.added) : t.codesNothing}</p>
          <IssuesList title={t.unknownTitle} testId="rep-codes-unknown" items={result.unknown} />
          <IssuesList title={t.unreadableTitle} testId="rep-codes-unreadable" items={result.unreadable} />
        </div>
      ) : null}
    </details>
  );
}

/** Search the customer's catalogue (the catalogue's own rules, in memory) and set quantities row by row. */
export function ProductPicker({ order }: { order: TakeOrder }) {
  const id = useId();
  const [search, setSearch] = useState('');
  const found = useMemo(() => searchSnapshot(order.data, { search, page: 1, pageSize: PAGE_SIZE }), [order.data, search]);
  return (
    <section className="space-y-2">
      <div>
        <label htmlFor={id} className="block text-sm font-medium text-slate-900">
          {t.searchLabel}
        </label>
        <input
          id={id}
          type="search"
          value={search}
          placeholder={t.searchHint}
          onChange={(e) => setSearch(e.target.value)}
          className="mt-1 h-11 w-full rounded-md border border-slate-400 px-3 text-base focus-visible:outline-2 focus-visible:outline-brand-700"
        />
      </div>
      <CodesBox order={order} />
      {found.total === 0 ? <p className="text-sm text-slate-600">{t.noResults}</p> : null}
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
        {found.items.map((product) => (
          <ProductRow key={product.id} product={product} quantity={order.quantities[product.id] ?? 0} onChange={(q) => order.setQuantity(product, q)} />
        ))}
      </ul>
      {found.total > found.items.length ? <p className="text-sm text-slate-600">{t.moreResults(found.items.length, found.total)}</p> : null}
    </section>
  );
}
