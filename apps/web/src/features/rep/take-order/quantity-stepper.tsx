import { stepDown, stepUp } from '@mayorista/core/quantity-rules';
import { rep as t } from '@mayorista/core/messages/rep';
import type { Product } from '@mayorista/core/schemas/product';
import { Button } from '../../../components/ui/button';
import { digitsOnly } from '../../../lib/digits-only';

type StepProduct = Pick<Product, 'id' | 'name' | 'min_quantity' | 'pack_size'>;

/** − [n] +: whole packs by the buttons (core's steppers), any number typed; 0 takes the line out. */
export function QuantityStepper({ product, quantity, onChange }: { product: StepProduct; quantity: number; onChange: (quantity: number) => void }) {
  return (
    <div className="flex shrink-0 items-center gap-1">
      <Button variant="secondary" size="icon" aria-label={t.lessQuantity(product.name)} disabled={quantity === 0} onClick={() => onChange(stepDown(product, quantity))}>
        −
      </Button>
      <input
        type="text"
        inputMode="numeric"
        autoComplete="off"
        aria-label={t.quantityOf(product.name)}
        value={quantity === 0 ? '' : String(quantity)}
        placeholder="0"
        onChange={(e) => onChange(Number(digitsOnly(e.target.value) || '0'))}
        onFocus={(e) => e.target.select()}
        className="h-11 w-14 rounded-md border border-slate-400 text-center text-base tabular-nums focus-visible:outline-2 focus-visible:outline-brand-700"
      />
      <Button variant="secondary" size="icon" aria-label={t.moreQuantity(product.name)} onClick={() => onChange(stepUp(product, quantity))}>
        +
      </Button>
    </div>
  );
}
