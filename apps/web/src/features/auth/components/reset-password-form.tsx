import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { accountPages } from '@mayorista/core/messages/accountPages';
import { Field } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toast-store';
import { useAuth } from '../../../lib/auth';
import { AuthCard, FormAlert } from './auth-card';
import { loadAuthSchemas, loadedAuthSchemas, preloadAuthSchemas } from './auth-schemas';
import { newPasswordFieldError } from './form-validation';
import { useFieldValidation } from '../../../lib/forms/use-field-validation';
import { FormFooter } from '../../../lib/forms/form-footer';

const text = accountPages;
const FIELDS = ['password'] as const;

/** The page opened without the link's token: say so, and offer to ask for a new link. */
function MissingToken() {
  return (
    <AuthCard title={text.resetTitle} titleId="reset-title">
      <FormAlert>{text.missingToken}</FormAlert>
      <p className="mt-4 text-sm">
        <Link
          to="/recuperar-clave"
          className="inline-flex min-h-11 items-center font-medium text-brand-800 underline underline-offset-2"
        >
          {text.forgotLink}
        </Link>
      </p>
    </AuthCard>
  );
}

/** Sets a new password from the recovery link; the server signs in and ends the other sessions. */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const { resetPassword } = useAuth();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const { formRef, errors, summary, onBlur, validate, refuse } = useFieldValidation({
    fields: FIELDS,
    values: password,
    prepare: loadAuthSchemas,
    check: () => {
      const schemas = loadedAuthSchemas();
      return schemas ? { password: newPasswordFieldError(schemas, password) } : null;
    },
  });
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  if (!token) return <MissingToken />;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!(await validate())) return;
    const { passwordSchema } = await loadAuthSchemas();
    const parsed = passwordSchema.safeParse(password);
    if (!parsed.success) {
      refuse({ password: parsed.error.issues[0]?.message });
      return;
    }
    setServerError(null);
    setSubmitting(true);
    const result = await resetPassword(token, parsed.data);
    setSubmitting(false);
    if (result.error) {
      setServerError(result.error.message);
      return;
    }
    toast({ title: text.resetDoneTitle, description: text.resetDoneText });
    navigate('/', { replace: true });
  };

  return (
    <AuthCard title={text.resetTitle} titleId="reset-title">
      <form
        ref={formRef}
        noValidate
        onFocus={preloadAuthSchemas}
        onBlur={onBlur}
        onSubmit={(event) => void onSubmit(event)}
        className="space-y-4"
      >
        {serverError ? (
          <FormAlert>
            <p>{serverError}</p>
            <Link to="/recuperar-clave" className="mt-2 inline-block font-medium underline underline-offset-2">
              {text.forgotLink}
            </Link>
          </FormAlert>
        ) : null}
        <Field
          label={text.newPasswordLabel}
          type="password"
          name="password"
          autoComplete="new-password"
          required
          hint={text.passwordHint}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
        />
        <FormFooter
          summary={summary.map(() => text.newPasswordLabel)}
          submitting={submitting}
          label={text.resetSubmit}
          submittingLabel={text.resetSubmitting}
        />
      </form>
    </AuthCard>
  );
}
