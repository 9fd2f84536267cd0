import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatArPhone, formatCuit } from '@mayorista/core/business';
import { account as text } from '@mayorista/core/messages/account';
import { updateMeSchema, type UpdateMeInput } from '@mayorista/core/schemas/auth';
import { BUSINESS_FIELD_NAMES, BusinessFields, type BusinessFieldName, type BusinessValues } from '../../../components/business-fields';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { isApiError } from '../../../lib/api-client';
import { meKeys, updateMe, type Me } from '../api/account-api';
import { toUpdateMeBody } from '../account-bodies';

type Errors = Partial<Record<BusinessFieldName | 'form', string>>;

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
        setErrors({ cuit: error.message });
        return;
      }
      toast({ title: text.saveErrorTitle, description: error.message, variant: 'destructive' });
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = toUpdateMeBody(values);
    const parsed = updateMeSchema.safeParse(body);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        found[(typeof key === 'string' && (BUSINESS_FIELD_NAMES as readonly string[]).includes(key) ? key : 'form') as BusinessFieldName] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    // The typed values go as they are: the server normalises them with the same schema.
    save.mutate(body as UpdateMeInput);
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-6" aria-label={text.businessAndDeliverySection}>
      <BusinessFields values={values} errors={errors} onChange={(name, value) => setValues((v) => ({ ...v, [name]: value }))} />
      <Button type="submit" disabled={save.isPending} className="w-full sm:w-auto">
        {save.isPending ? text.saving : text.save}
      </Button>
    </form>
  );
}
