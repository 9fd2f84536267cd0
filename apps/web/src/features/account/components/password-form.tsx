import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { account as text } from '@mayorista/core/messages/account';
import { changePasswordSchema } from '@mayorista/core/schemas/auth';
import { Field } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toast-store';
import { isApiError } from '../../../lib/api-client';
import { changePassword } from '../api/account-api';
import { toChangePasswordBody } from '../account-bodies';
import { useFieldValidation, type FieldErrorMap } from '../../../lib/forms/use-field-validation';
import { FormFooter } from '../../../lib/forms/form-footer';

const FIELDS = ['current_password', 'new_password'] as const;
type FieldName = (typeof FIELDS)[number];
const LABELS: Record<FieldName, string> = { current_password: text.currentPasswordLabel, new_password: text.newPasswordLabel };

/** core's message for each field (the schema the server applies). */
function errorsOf(current: string, next: string): FieldErrorMap<FieldName> {
  const parsed = changePasswordSchema.safeParse(toChangePasswordBody({ current, next }));
  const found: FieldErrorMap<FieldName> = {};
  if (parsed.success) return found;
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    found[(key === 'current_password' || key === 'new_password' ? key : 'form') as FieldName] ??= issue.message;
  }
  return found;
}

/** Change password: the server ends every other session and keeps this one signed in. */
export function PasswordForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const { formRef, errors, summary, onBlur, validate, refuse, reset } = useFieldValidation({
    fields: FIELDS,
    values: { current, next },
    check: () => errorsOf(current, next),
  });
  const change = useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      setCurrent('');
      setNext('');
      reset();
      toast({ title: text.passwordChangedTitle, description: text.passwordChangedText });
    },
    onError: (error) => {
      if (isApiError(error) && error.code === 'wrong_current_password') refuse({ current_password: error.message });
      else if (isApiError(error) && error.code === 'weak_password') refuse({ new_password: error.message });
      else toast({ title: text.passwordErrorTitle, description: error.message, variant: 'destructive' });
    },
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!(await validate())) return;
    change.mutate(toChangePasswordBody({ current, next }));
  };

  return (
    <form
      ref={formRef}
      noValidate
      onBlur={onBlur}
      onSubmit={(event) => void onSubmit(event)}
      className="space-y-4"
      aria-label={text.passwordSection}
    >
      <Field
        label={text.currentPasswordLabel}
        type="password"
        name="current_password"
        autoComplete="current-password"
        required
        value={current}
        onChange={(e) => setCurrent(e.target.value)}
        error={errors.current_password}
      />
      <Field
        label={text.newPasswordLabel}
        type="password"
        name="new_password"
        autoComplete="new-password"
        required
        value={next}
        onChange={(e) => setNext(e.target.value)}
        error={errors.new_password}
      />
      <FormFooter
        summary={summary.map((name) => LABELS[name])}
        submitting={change.isPending}
        label={text.changePassword}
        submittingLabel={text.changingPassword}
        variant="secondary"
        className="w-full sm:w-auto"
      />
    </form>
  );
}
