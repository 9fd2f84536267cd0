import { useId } from 'react';
import { messages } from '@mayorista/core/messages';
import { Button } from '../../../components/ui/button';

const t = messages.products.catalog;

export interface QuantitySelectorProps {
  value: number;
  max: number;
  onChange: (quantity: number) => void;
  /** Names the product for screen readers, since every card has its own selector. */
  productName: string;
}

/** − [n] + with a typed value clamped to 1..max; the buttons are 44 px touch targets. */
export function QuantitySelector({ value, max, onChange, productName }: QuantitySelectorProps) {
  const id = useId();
  const clamp = (n: number) => Math.min(Math.max(1, Math.trunc(n)), Math.max(1, max));
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
        disabled={value <= 1}
        onClick={() => onChange(clamp(value - 1))}
      >
        <span aria-hidden="true">−</span>
      </Button>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        step={1}
        value={value}
        onChange={(event) => {
          const typed = Number(event.target.value);
          if (event.target.value !== '' && Number.isFinite(typed)) onChange(clamp(typed));
        }}
        className="min-h-11 w-16 rounded-md border border-slate-400 bg-white px-2 text-center text-base text-slate-900 focus-visible:border-brand-700 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700"
      />
      <Button
        variant="secondary"
        size="icon"
        aria-label={t.increase}
        aria-controls={id}
        disabled={value >= max}
        onClick={() => onChange(clamp(value + 1))}
      >
        <span aria-hidden="true">+</span>
      </Button>
    </div>
  );
}
