import { useId } from 'react';
import { products } from '@mayorista/core/messages/products';
import { stepDown, stepUp, type QuantityRuleProduct } from '@mayorista/core/quantity-rules';
import { Button } from '../../../components/ui/button';
import { digitsOnly } from '../../../lib/digits-only';

const t = products.catalog;

export interface QuantitySelectorProps {
  /** What the buyer typed, kept as typed: a refused number stays visible next to its reason (the wholesale-ordering work, decision 016). */
  value: string;
  onChange: (value: string) => void;
  /** The product's rules: the steppers move by whole packs from the smallest allowed quantity. */
  rules: Pick<QuantityRuleProduct, 'min_quantity' | 'pack_size'>;
  max: number;
  /** Enter in the field (the order form's keyboard flow: type, Enter adds). */
  onSubmit?: (input: HTMLInputElement) => void;
  /** Names the product for screen readers, since every card has its own selector. */
  productName: string;
  /** id of the element explaining a refused quantity, for aria-describedby. */
  describedBy?: string | undefined;
}

/** − [n] + ; the buttons are 44 px touch targets and move by the product's pack. */
export function QuantitySelector({ value, onChange, rules, max, onSubmit, productName, describedBy }: QuantitySelectorProps) {
  const id = useId();
  const current = Number.parseInt(value, 10) || 0;
  const down = stepDown(rules, current);
  const up = stepUp(rules, current);
  return (
    <div className="flex items-center gap-1">
      <label htmlFor={id} className="sr-only">
        {`${t.quantityLabel}: ${productName}`}
      </label>
      <Button
        variant="secondary"
        size="icon"
        aria-label={t.decrease}
        aria-controls={id}
        disabled={down <= 0}
        onClick={() => onChange(String(down))}
      >
        <span aria-hidden="true">−</span>
      </Button>
      <input
        id={id}
        // Text with a numeric keyboard, not type="number": that one takes "3e" and complains later.
        // Digits only, as they are typed; still a spin button for assistive technology.
        type="text"
        role="spinbutton"
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="off"
        aria-valuemin={1}
        aria-valuemax={max}
        aria-valuenow={current}
        value={value}
        aria-describedby={describedBy}
        onChange={(event) => onChange(digitsOnly(event.target.value))}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && onSubmit) {
            event.preventDefault();
            onSubmit(event.currentTarget);
          }
        }}
        className="min-h-11 w-16 rounded-md border border-slate-400 bg-white px-2 text-center text-base text-slate-900 focus-visible:border-brand-700 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700"
      />
      <Button
        variant="secondary"
        size="icon"
        aria-label={t.increase}
        aria-controls={id}
        disabled={up > max}
        onClick={() => onChange(String(up))}
      >
        <span aria-hidden="true">+</span>
      </Button>
    </div>
  );
}
