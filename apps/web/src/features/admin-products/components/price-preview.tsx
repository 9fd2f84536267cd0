import { useId, useState } from 'react';
import { products } from '@mayorista/core/messages/products';
import { formatMoney } from '@mayorista/core/money';
import { priceLine, tierLadder, type PricedProduct } from '@mayorista/core/pricing';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';

const t = products.admin.preview;
const catalog = products.catalog;

/** What an approved customer would pay, recomputed on every keystroke with the same engine as the server. */
export function PricePreview({ product }: { product: PricedProduct | null }) {
  const id = useId();
  const [quantityText, setQuantityText] = useState('1');
  const quantity = Math.max(1, Math.min(100_000, Number.parseInt(quantityText, 10) || 1));

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-2 rounded-lg border border-brand-200 bg-brand-50 p-3">
      <h3 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
        {t.title}
      </h3>
      {product === null ? (
        <p className="text-sm text-slate-700">{t.incomplete}</p>
      ) : (
        <PreviewBody product={product} quantity={quantity} quantityText={quantityText} onQuantityText={setQuantityText} inputId={`${id}-qty`} />
      )}
    </section>
  );
}

function PreviewBody(props: { product: PricedProduct; quantity: number; quantityText: string; onQuantityText: (v: string) => void; inputId: string }) {
  const { product, quantity } = props;
  const line = priceLine(product, quantity, 'wholesale');
  const ladder = tierLadder(product);
  const applied =
    line.applied === 'sale' ? t.appliedSale : line.applied === 'tier' && line.tier ? t.appliedTier(line.tier.minQuantity) : t.appliedNone;
  return (
    <div className="space-y-2">
      <div className="flex items-end gap-2">
        <div className="w-28 space-y-1">
          <Label htmlFor={props.inputId}>{t.quantity}</Label>
          <Input id={props.inputId} inputMode="numeric" value={props.quantityText} onChange={(e) => props.onQuantityText(e.target.value)} />
        </div>
      </div>
      <dl aria-live="polite" className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-slate-600">{t.unitPrice}</dt>
          <dd className="font-semibold text-slate-900" data-testid="preview-unit">
            {formatMoney(line.unitPrice)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">{t.lineTotal}</dt>
          <dd className="font-semibold text-slate-900" data-testid="preview-total">
            {formatMoney(line.lineTotal)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">{t.savings}</dt>
          <dd className="font-semibold text-slate-900" data-testid="preview-savings">
            {formatMoney(line.savings)}
          </dd>
        </div>
        <div>
          <dt className="sr-only">{t.title}</dt>
          <dd className="text-slate-800" data-testid="preview-applied">
            {applied}
          </dd>
        </div>
      </dl>
      {ladder.length > 0 ? (
        <ul className="text-sm text-brand-900">
          {ladder.map((step) => (
            <li key={step.minQuantity}>{catalog.tierStep(step.minQuantity, formatMoney(step.unitPrice))}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
