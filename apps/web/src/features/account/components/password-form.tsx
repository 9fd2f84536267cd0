import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { account as text } from '@mayorista/core/messages/account';
import { changePasswordSchema } from '@mayorista/core/schemas/auth';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toast-store';
import { isApiError } from '../../../lib/api-client';
import { changePassword } from '../api/account-api';
import { toChangePasswordBody } from '../account-bodies';

type Errors = Partial<Record<'current_password' | 'new_password', string>>;

/** Change password: the server ends every other session and keeps this one signed in. */
export function PasswordForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const change = useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      setCurrent('');
      setNext('');
      toast({ title: text.passwordChangedTitle, description: text.passwordChangedText });
    },
    onError: (error) => {
      if (isApiError(error) && error.code === 'wrong_current_password') setErrors({ current_password: error.message });
      else if (isApiError(error) && error.code === 'weak_password') setErrors({ new_password: error.message });
      else toast({ title: text.passwordErrorTitle, description: error.message, variant: 'destructive' });
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = toChangePasswordBody({ current, next });
    const parsed = changePasswordSchema.safeParse(body);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof Errors] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    change.mutate(body);
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={text.passwordSection}>
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
      <Button type="submit" variant="secondary" disabled={change.isPending} className="w-full sm:w-auto">
        {change.isPending ? text.changingPassword : text.changePassword}
      </Button>
    </form>
  );
}
