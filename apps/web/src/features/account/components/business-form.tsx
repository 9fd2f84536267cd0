import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatArPhone, formatCuit } from '@mayorista/core/business';
import { account as text } from '@mayorista/core/messages/account';
import { business as labels } from '@mayorista/core/messages/business';
import { updateMeSchema, type UpdateMeInput } from '@mayorista/core/schemas/auth';
import {
  BUSINESS_FIELD_NAMES,
  BusinessFields,
  type BusinessFieldName,
  type BusinessValues,
} from '../../../components/business-fields';
import { toast } from '../../../components/ui/toast-store';
import { isApiError } from '../../../lib/api-client';
import { meKeys, updateMe, type Me } from '../api/account-api';
import { toUpdateMeBody } from '../account-bodies';
import { FormFooter } from '../../../lib/forms/form-footer';
import { useFieldValidation, type FieldErrorMap } from '../../../lib/forms/use-field-validation';

type Errors = FieldErrorMap<BusinessFieldName>;

const LABELS: Record<BusinessFieldName, string> = {
  razon_social: labels.razonSocialLabel,
  cuit: labels.cuitLabel,
  iva_condition: labels.ivaConditionLabel,
  whatsapp: labels.whatsappLabel,
  address_street: labels.streetLabel,
  address_city: labels.cityLabel,
  address_province: labels.provinceLabel,
  address_postal_code: labels.postalCodeLabel,
  delivery_notes: labels.deliveryNotesLabel,
};
const isBusinessField = (name: string): name is BusinessFieldName => (BUSINESS_FIELD_NAMES as readonly string[]).includes(name);

/** core's answer for every field at once (the same schema the server applies). */
function errorsOf(values: BusinessValues): Errors {
  const parsed = updateMeSchema.safeParse(values);
  const found: Errors = {};
  if (parsed.success) return found;
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    found[(typeof key === 'string' && isBusinessField(key) ? key : 'form') as BusinessFieldName] ??= issue.message;
  }
  return found;
}

/** What the form starts with: the stored values (null → empty); CUIT and phone written for people. */
function valuesFrom(me: Me): BusinessValues {
  const values = Object.fromEntries(BUSINESS_FIELD_NAMES.map((n) => [n, me[n] ?? ''])) as BusinessValues;
  if (me.cuit) values.cuit = formatCuit(me.cuit);
  if (me.whatsapp) values.whatsapp = formatArPhone(me.whatsapp);
  return values;
}

/**
 * Mi cuenta's business and delivery data. Every field is sent (empty required ones get core's
 * message), so a saved form is a complete profile; privileged fields are not in the body at all.
 */
export function BusinessForm({ me }: { me: Me }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<BusinessValues>(() => valuesFrom(me));
  // Fields left once are judged as they are corrected (decision 033); all of them on submit.
  const { formRef, errors, summary, onBlur, validate, refuseFromServer, edited } = useFieldValidation({
    fields: BUSINESS_FIELD_NAMES,
    values,
    check: () => errorsOf(values),
  });
  const save = useMutation({
    mutationFn: updateMe,
    onSuccess: (saved) => {
      queryClient.setQueryData(meKeys.me, saved);
      setValues(valuesFrom(saved));
      toast({ title: text.savedTitle, description: text.savedText });
    },
    onError: (error) => {
      // The server's "CUIT ya registrado" stays until the CUIT is edited (the schema cannot know it).
      if (isApiError(error) && error.code === 'cuit_taken') refuseFromServer({ cuit: error.message });
      else toast({ title: text.saveErrorTitle, description: error.message, variant: 'destructive' });
    },
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!(await validate())) return;
    // The typed values go as they are: the server normalises them with the same schema.
    save.mutate(toUpdateMeBody(values) as UpdateMeInput);
  };

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      onBlur={onBlur}
      className="space-y-6"
      aria-label={text.businessAndDeliverySection}
    >
      <BusinessFields
        values={values}
        errors={errors}
        onChange={(name, value) => {
          edited(name);
          setValues((v) => ({ ...v, [name]: value }));
        }}
      />
      <FormFooter
        summary={summary.map((name) => LABELS[name])}
        submitting={save.isPending}
        label={text.save}
        submittingLabel={text.saving}
        className="w-full sm:w-auto"
      />
    </form>
  );
}
