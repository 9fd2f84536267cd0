import { stockCount as t } from '@mayorista/core/messages/stockCount';
import { Input } from '../../../components/ui/input';
import type { StockProduct } from '../api';
import { countFieldId, expectedShelf } from '../stock-count-body';

interface StockProductRowProps {
  product: StockProduct;
  counted: string;
  invalid: boolean;
  onCounted: (value: string) => void;
}

/** One product: its name, SKU and stock now, the units of unprepared orders still on the shelf (if any), and the "Contado" field (none for unlimited stock). */
export function StockProductRow({ product, counted, invalid, onCounted }: StockProductRowProps) {
  const fieldId = countFieldId(product.id);
  const stockId = `${fieldId}-stock`;
  const hintId = `${fieldId}-hint`;
  const errorId = `${fieldId}-error`;
  const hasReserved = !product.has_unlimited_stock && product.reserved > 0;
  // While typing, a screen reader hears the stock and, if any, what should be on the shelf; and the error when there is one.
  const describedBy = [stockId, hasReserved ? hintId : null, invalid ? errorId : null].filter(Boolean).join(' ');
  return (
    <li className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2 border-b border-slate-200 px-1 py-3 last:border-b-0">
      <div className="min-w-0 flex-1 basis-48">
        <p className="font-medium break-words text-slate-900">{product.name}</p>
        {product.sku || !product.is_enabled ? (
          <p className="text-sm break-all text-slate-600">
            {product.sku ? <span className="mr-3">{t.sku(product.sku)}</span> : null}
            {product.is_enabled ? null : <span className="text-amber-800">{t.disabled}</span>}
          </p>
        ) : null}
        <p id={stockId} className={product.has_unlimited_stock ? 'text-sm text-slate-600' : 'text-sm font-semibold text-slate-800'}>
          {product.has_unlimited_stock ? t.unlimited : t.currentStock(product.stock)}
        </p>
        {hasReserved ? (
          <p id={hintId} className="text-sm text-amber-900">{t.reservedHint(product.reserved, expectedShelf(product))}</p>
        ) : null}
      </div>
      {product.has_unlimited_stock ? null : (
        <div className="w-28 shrink-0">
          <label htmlFor={fieldId} className="block text-sm font-medium text-slate-800">
            {t.countedLabel}
          </label>
          <Input
            id={fieldId}
            // Its name says which product ("Contado de …"), and starts with the visible "Contado".
            aria-label={t.countedLabelFor(product.name)}
            inputMode="numeric"
            autoComplete="off"
            enterKeyHint="next"
            value={counted}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={describedBy}
            onChange={(e) => onCounted(e.target.value)}
            className="text-right tabular-nums"
          />
        </div>
      )}
      {invalid ? (
        <p id={errorId} className="w-full text-sm font-medium text-red-700">
          {t.countedInvalid}
        </p>
      ) : null}
    </li>
  );
}
