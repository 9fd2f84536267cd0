import { useDeferredValue, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '@mayorista/core/money';
import { priceLists as text } from '@mayorista/core/messages/priceLists';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { productSearchQueryOptions } from '../api/price-lists-api';

/** One explicit price being edited: the price as typed (es-AR pesos). */
export interface ExplicitPriceRow {
  product_id: string;
  name: string;
  sku: string | null;
  base_price: number;
  priceText: string;
  error?: string;
}

/** The explicit prices of a list: search products to add one, type its price, remove it. */
export function ExplicitPrices({ rows, onChange }: { rows: ExplicitPriceRow[]; onChange: (rows: ExplicitPriceRow[]) => void }) {
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const results = useQuery(productSearchQueryOptions(deferred.trim()));
  const added = new Set(rows.map((r) => r.product_id));

  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 font-semibold text-slate-900">{text.explicitHeading}</legend>
      <p className="text-sm text-slate-700">{text.explicitHint}</p>
      <Field label={text.searchLabel} type="search" placeholder={text.searchPlaceholder} value={search} onChange={(e) => setSearch(e.target.value)} />
      {results.data && deferred.trim().length >= 2 ? (
        <ul className="space-y-1">
          {results.data.items.map((product) => (
            <li key={product.id} className="flex items-center justify-between gap-2 text-sm">
              <span className="min-w-0 break-words">
                {product.name} <span className="text-slate-600">· {formatMoney(product.price)}</span>
              </span>
              <Button
                size="sm"
                variant="secondary"
                disabled={added.has(product.id)}
                aria-label={text.addProduct(product.name)}
                onClick={() =>
                  onChange([
                    ...rows,
                    { product_id: product.id, name: product.name, sku: product.sku, base_price: product.price, priceText: '' },
                  ])
                }
              >
                {text.addShort}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {rows.length > 0 ? (
        <ul className="divide-y divide-slate-200">
          {rows.map((row, index) => (
            <li key={row.product_id} className="grid grid-cols-[1fr_auto] items-start gap-2 py-2">
              <Field
                label={text.explicitPriceLabel(row.name)}
                inputMode="decimal"
                value={row.priceText}
                hint={text.basePrice(formatMoney(row.base_price))}
                error={row.error}
                onChange={(e) => onChange(rows.map((r, i) => (i === index ? { ...r, priceText: e.target.value, error: undefined } : r)))}
              />
              <Button
                size="sm"
                variant="secondary"
                aria-label={text.removeItem(row.name)}
                className="mt-7"
                onClick={() => onChange(rows.filter((_, i) => i !== index))}
              >
                {text.removeItemShort}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
