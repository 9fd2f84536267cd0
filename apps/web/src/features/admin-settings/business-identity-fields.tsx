import { useState, type ChangeEvent } from 'react';
import { ISSUER_IVA_CONDITIONS, IVA_CONDITION_LABELS, formatCuit } from '@mayorista/core/business';
import { settings as text } from '@mayorista/core/messages/settings';
import type { SettingsResponse } from '@mayorista/core/schemas/settings';
import { SelectField } from '../../components/business-fields';
import { Field } from '../../components/ui/field';
import type { BusinessIdentityValues } from './settings-body';

type IdentityErrors = Partial<Record<keyof BusinessIdentityValues, string>>;

/** Each box and the setting it writes: the server's messages land next to the right box. */
const SETTING_OF: Record<keyof BusinessIdentityValues, string> = {
  businessRazonSocial: 'business_razon_social',
  businessCuit: 'business_cuit',
  businessAddress: 'business_address',
  businessIvaCondition: 'business_iva_condition',
};

/** The stored identity as the boxes show it: not set is an empty box; the CUIT as people write it. */
export const identityValuesOf = (s: SettingsResponse): BusinessIdentityValues => ({
  businessRazonSocial: s.business_razon_social ?? '',
  businessCuit: s.business_cuit ? formatCuit(s.business_cuit) : '',
  businessAddress: s.business_address ?? '',
  businessIvaCondition: s.business_iva_condition ?? '',
});

/** The identity's values and messages for the settings form. */
export function useBusinessIdentity(current: SettingsResponse) {
  const [values, setValues] = useState(() => identityValuesOf(current));
  const [errors, setErrors] = useState<IdentityErrors>({});
  const showIssues = (issueOf: (setting: string) => string | undefined) =>
    setErrors(Object.fromEntries(Object.entries(SETTING_OF).map(([box, setting]) => [box, issueOf(setting)])) as IdentityErrors);
  return { values, setValues, errors, showIssues };
}

/** Admin → Ajustes: who issues the receipts, statements and order PDFs (decision 082). Every box is optional. */
export function BusinessIdentityFields({
  values,
  onChange,
  errors,
}: {
  values: BusinessIdentityValues;
  onChange: (values: BusinessIdentityValues) => void;
  errors: IdentityErrors;
}) {
  // Each box's value, message and change, by the setting it edits.
  const box = <K extends keyof BusinessIdentityValues>(key: K) => ({
    value: values[key],
    error: errors[key],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      onChange({ ...values, [key]: e.target.value as BusinessIdentityValues[K] }),
  });
  return (
    <fieldset className="space-y-3" data-testid="business-identity-settings">
      <legend className="font-medium text-slate-900">{text.businessHeading}</legend>
      <p className="text-sm text-slate-600">{text.businessIntro}</p>
      <Field label={text.businessRazonSocial} autoComplete="organization" {...box('businessRazonSocial')} />
      <Field
        label={text.businessCuit}
        hint={text.businessCuitHint}
        inputMode="numeric"
        autoComplete="off"
        placeholder="30-71234567-1"
        {...box('businessCuit')}
      />
      <Field
        label={text.businessAddress}
        hint={text.businessAddressHint}
        autoComplete="street-address"
        {...box('businessAddress')}
      />
      <SelectField label={text.businessIvaCondition} {...box('businessIvaCondition')}>
        <option value="">{text.businessIvaConditionUnset}</option>
        {ISSUER_IVA_CONDITIONS.map((c) => (
          <option key={c} value={c}>
            {IVA_CONDITION_LABELS[c]}
          </option>
        ))}
      </SelectField>
    </fieldset>
  );
}
