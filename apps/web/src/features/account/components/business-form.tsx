import { useEffect, useRef, useState, type FocusEvent, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatArPhone, formatCuit } from '@mayorista/core/business';
import { account as text } from '@mayorista/core/messages/account';
import { accountPages } from '@mayorista/core/messages/accountPages';
import { business as labels } from '@mayorista/core/messages/business';
import { updateMeSchema, type UpdateMeInput } from '@mayorista/core/schemas/auth';
import { BUSINESS_FIELD_NAMES, BusinessFields, type BusinessFieldName, type BusinessValues } from '../../../components/business-fields';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { isApiError } from '../../../lib/api-client';
import { meKeys, updateMe, type Me } from '../api/account-api';
import { toUpdateMeBody } from '../account-bodies';
import { focusFirstError } from '../../../lib/forms/focus-first-error';

type Errors = Partial<Record<BusinessFieldName | 'form', string>>;

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
  const [errors, setErrors] = useState<Errors>({});
  const save = useMutation({
    mutationFn: updateMe,
    onSuccess: (saved) => {
      queryClient.setQueryData(meKeys.me, saved);
      setValues(valuesFrom(saved));
      toast({ title: text.savedTitle, description: text.savedText });
    },
    onError: (error) => {
      if (isApiError(error) && error.code === 'cuit_taken') {
        serverCuit.current = values.cuit;
        setErrors({ cuit: error.message });
        setSummary(['cuit']);
        requestAnimationFrame(() => focusFirstError(formRef.current, BUSINESS_FIELD_NAMES, { cuit: error.message }));
        return;
      }
      toast({ title: text.saveErrorTitle, description: error.message, variant: 'destructive' });
    },
  });

  const formRef = useRef<HTMLFormElement>(null);
  // Fields left once are judged as they are corrected (decision 033); all of them on submit.
  const [touched, setTouched] = useState<ReadonlySet<BusinessFieldName>>(new Set());
  const [summary, setSummary] = useState<BusinessFieldName[]>([]);
  const serverCuit = useRef<string | null>(null);
  useEffect(() => {
    if (touched.size === 0) return;
    const found = errorsOf(values);
    setErrors((previous) => {
      const next = { ...previous };
      for (const name of touched) {
        // The server's "CUIT ya registrado" stays until the CUIT changes (the schema cannot know it).
        if (found[name]) next[name] = found[name];
        else if (!(name === 'cuit' && previous.cuit && !found.cuit && serverCuit.current === values.cuit)) delete next[name];
      }
      return next;
    });
    setSummary((previous) => previous.filter((name) => found[name] || (name === 'cuit' && serverCuit.current === values.cuit)));
  }, [values, touched]);

  const onFieldBlur = (event: FocusEvent<HTMLFormElement>) => {
    const name = (event.target as unknown as HTMLInputElement).name;
    if (isBusinessField(name)) setTouched((previous) => (previous.has(name) ? previous : new Set(previous).add(name)));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = toUpdateMeBody(values);
    const found = errorsOf(body);
    const wrong = BUSINESS_FIELD_NAMES.filter((name) => found[name]);
    if (wrong.length > 0 || found.form) {
      setErrors(found);
      setTouched(new Set(BUSINESS_FIELD_NAMES));
      setSummary(wrong);
      requestAnimationFrame(() => focusFirstError(formRef.current, BUSINESS_FIELD_NAMES, found));
      return;
    }
    setErrors({});
    setSummary([]);
    // The typed values go as they are: the server normalises them with the same schema.
    save.mutate(body as UpdateMeInput);
  };

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} onBlur={onFieldBlur} className="space-y-6" aria-label={text.businessAndDeliverySection}>
      <BusinessFields values={values} errors={errors} onChange={(name, value) => setValues((v) => ({ ...v, [name]: value }))} />
      {summary.length > 0 ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-800" data-testid="form-summary">
          {accountPages.fixSummary(summary.map((name) => LABELS[name]))}
        </p>
      ) : null}
      <Button type="submit" disabled={save.isPending} className="w-full sm:w-auto">
        {save.isPending ? text.saving : text.save}
      </Button>
    </form>
  );
}
