import { useId, type ChangeEvent, type SelectHTMLAttributes } from 'react';
import { IVA_CONDITIONS, IVA_CONDITION_LABELS, PROVINCES } from '@mayorista/core/business';
import { account as text } from '@mayorista/core/messages/account';
import { business as labels } from '@mayorista/core/messages/business';
import { Field } from './ui/field';
import { Label } from './ui/label';
import { BUSINESS_FIELD_NAMES, EMPTY_BUSINESS_VALUES, type BusinessFieldName, type BusinessValues } from './business-values';

/**
 * The business and delivery fields of the business-identity work (decisions 017–019), shared by the sign-up form and Mi cuenta so both
 * ask the same things the same way: grouped (negocio, entrega), with phone-friendly keyboards and
 * autocomplete hints. Values are what the person types; core's schemas normalise them on submit.
 */
export { BUSINESS_FIELD_NAMES, EMPTY_BUSINESS_VALUES, type BusinessFieldName, type BusinessValues };

interface BusinessFieldsProps {
  values: BusinessValues;
  errors: Partial<Record<BusinessFieldName, string>>;
  onChange: (name: BusinessFieldName, value: string) => void;
}

const selectClass =
  'block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 focus-visible:border-brand-700 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700 aria-[invalid=true]:border-red-700';

/** A labelled select with its error wired up like `Field`'s. */
export function SelectField({ label, error, children, ...props }: SelectHTMLAttributes<HTMLSelectElement> & { label: string; error?: string | undefined }) {
  const id = useId();
  return (
    <div className="space-y-1">
      <Label htmlFor={id}>{label}</Label>
      <select id={id} className={selectClass} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...props}>
        {children}
      </select>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function BusinessFields({ values, errors, onChange }: BusinessFieldsProps) {
  const input = (name: BusinessFieldName) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => onChange(name, event.target.value),
  });
  return (
    // Two columns only where the form itself is wide (Mi cuenta), not in the narrow sign-up card
    // at any screen width: a container query, not a viewport one.
    <div className="@container space-y-6">
      <fieldset className="space-y-4">
        <legend className="text-base font-semibold text-slate-900">{text.businessSection}</legend>
        <Field label={labels.razonSocialLabel} autoComplete="organization" required hint={text.razonSocialHint} {...input('razon_social')} />
        <div className="grid gap-4 @lg:grid-cols-2">
          <Field label={labels.cuitLabel} inputMode="numeric" autoComplete="off" required hint={text.cuitHint} placeholder="30-71234567-1" {...input('cuit')} />
          <SelectField label={labels.ivaConditionLabel} required {...input('iva_condition')}>
            <option value="">{text.ivaPlaceholder}</option>
            {IVA_CONDITIONS.map((c) => (
              <option key={c} value={c}>
                {IVA_CONDITION_LABELS[c]}
              </option>
            ))}
          </SelectField>
        </div>
        <Field label={labels.whatsappLabel} type="tel" inputMode="tel" autoComplete="tel-national" required hint={text.whatsappHint} {...input('whatsapp')} />
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="text-base font-semibold text-slate-900">{text.deliverySection}</legend>
        <Field label={labels.streetLabel} autoComplete="address-line1" required {...input('address_street')} />
        <div className="grid gap-4 @lg:grid-cols-2">
          <Field label={labels.cityLabel} autoComplete="address-level2" required {...input('address_city')} />
          <SelectField label={labels.provinceLabel} autoComplete="address-level1" required {...input('address_province')}>
            <option value="">{text.provincePlaceholder}</option>
            {PROVINCES.map((p) => (
              <option key={p.code} value={p.code}>
                {p.label}
              </option>
            ))}
          </SelectField>
        </div>
        <Field label={labels.postalCodeLabel} autoComplete="postal-code" autoCapitalize="characters" required {...input('address_postal_code')} />
        <Field label={labels.deliveryNotesLabel} autoComplete="off" hint={text.deliveryNotesHint} {...input('delivery_notes')} />
      </fieldset>
    </div>
  );
}
