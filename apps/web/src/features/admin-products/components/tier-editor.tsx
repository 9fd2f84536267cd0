import { useEffect, useId, useRef } from 'react';
import { products } from '@mayorista/core/messages/products';
import { DISCOUNT_TYPES, type DiscountType } from '@mayorista/core/schemas/product';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { newTierKey, type FieldErrors, type TierFormValue } from '../lib/product-form-values';

const t = products.admin.tiers;

export interface TierEditorProps {
  tiers: TierFormValue[];
  onChange: (tiers: TierFormValue[]) => void;
  /** Keyed like "discounts.0.minQuantity", as the core schema reports them. */
  errors: FieldErrors;
}

interface TierRowProps {
  tier: TierFormValue;
  index: number;
  rowId: string;
  errors: FieldErrors;
  onUpdate: (patch: Partial<TierFormValue>) => void;
  onRemove: () => void;
  /** The row's first field, so a new row can take the focus. */
  firstInputRef: (element: HTMLInputElement | null) => void;
}

/** One tier: minimum quantity, discount type and value, "✕", and the row's messages under it. */
function TierRow({ tier, index, rowId, errors, onUpdate, onRemove, firstInputRef }: TierRowProps) {
  const path = `discounts.${index}`;
  const errorFor = (field: string) => errors[`${path}.${field}`];
  const rowErrors = [errorFor('minQuantity'), errorFor('discountType'), errorFor('discountValue'), errors[path]].filter(Boolean);
  const errorId = rowErrors.length > 0 ? `${rowId}-error` : undefined;
  return (
    <li className="grid grid-cols-2 gap-2 rounded-md bg-slate-50 p-2 sm:grid-cols-[1fr_1.4fr_1fr_auto] sm:items-end">
      <div className="space-y-1">
        <Label htmlFor={`${rowId}-min`}>{t.minQuantity}</Label>
        <Input
          ref={firstInputRef}
          id={`${rowId}-min`}
          inputMode="numeric"
          value={tier.minQuantity}
          aria-invalid={errorFor('minQuantity') ? true : undefined}
          aria-describedby={errorId}
          onChange={(event) => onUpdate({ minQuantity: event.target.value })}
        />
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${rowId}-type`}>{t.type}</Label>
        <select
          id={`${rowId}-type`}
          value={tier.discountType}
          onChange={(event) => onUpdate({ discountType: event.target.value as DiscountType })}
          className="block min-h-11 w-full rounded-md border border-slate-400 bg-white px-2 py-2 text-base text-slate-900 focus-visible:border-brand-700 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700"
        >
          {DISCOUNT_TYPES.map((type) => (
            <option key={type} value={type}>
              {t.types[type]}
            </option>
          ))}
        </select>
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${rowId}-value`}>{t.value}</Label>
        <Input
          id={`${rowId}-value`}
          inputMode="decimal"
          value={tier.discountValue}
          aria-invalid={errorFor('discountValue') ? true : undefined}
          aria-describedby={errorId}
          onChange={(event) => onUpdate({ discountValue: event.target.value })}
        />
      </div>
      <Button variant="ghost" className="self-end text-red-800" aria-label={t.remove(index + 1)} onClick={onRemove}>
        <span aria-hidden="true">✕</span>
      </Button>
      {errorId ? (
        <p id={errorId} className="col-span-full text-sm font-medium text-red-700">
          {rowErrors.join(' ')}
        </p>
      ) : null}
    </li>
  );
}

/** Quantity discounts: add, remove, type, value and minimum quantity per row. */
export function TierEditor({ tiers, onChange, errors }: TierEditorProps) {
  const id = useId();
  const addedKey = useRef<string | null>(null);
  const firstInputs = useRef(new Map<string, HTMLInputElement>());

  // Focus follows the action: a new row gets focus on its first field.
  useEffect(() => {
    if (addedKey.current) {
      firstInputs.current.get(addedKey.current)?.focus();
      addedKey.current = null;
    }
  }, [tiers]);

  const update = (index: number, patch: Partial<TierFormValue>) =>
    onChange(tiers.map((tier, i) => (i === index ? { ...tier, ...patch } : tier)));

  const add = () => {
    const key = newTierKey();
    addedKey.current = key;
    const lastMin = Number(tiers.at(-1)?.minQuantity);
    const suggested = Number.isInteger(lastMin) && lastMin >= 2 ? String(lastMin * 2) : '';
    onChange([...tiers, { key, minQuantity: suggested, discountType: 'percentage', discountValue: '' }]);
  };

  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-900">{t.title}</legend>
      {tiers.length === 0 ? <p className="text-sm text-slate-600">{t.empty}</p> : null}
      <ol className="space-y-3">
        {tiers.map((tier, index) => (
          <TierRow
            key={tier.key}
            tier={tier}
            index={index}
            rowId={`${id}-${tier.key}`}
            errors={errors}
            onUpdate={(patch) => update(index, patch)}
            onRemove={() => onChange(tiers.filter((_, i) => i !== index))}
            firstInputRef={(element) => {
              if (element) firstInputs.current.set(tier.key, element);
              else firstInputs.current.delete(tier.key);
            }}
          />
        ))}
      </ol>
      <Button variant="secondary" size="sm" onClick={add}>
        {t.add}
      </Button>
    </fieldset>
  );
}
