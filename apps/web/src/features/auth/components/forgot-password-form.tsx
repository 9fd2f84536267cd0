import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { accountRules } from '@mayorista/core/messages/accountRules';
import { accountPages } from '@mayorista/core/messages/accountPages';
import { useAuth } from '../../../lib/auth';
import { AuthCard, FormAlert } from './auth-card';
import { loadAuthSchemas, loadedAuthSchemas, preloadAuthSchemas } from './auth-schemas';
import { emailFieldError } from './form-validation';
import { useFieldValidation } from '../../../lib/forms/use-field-validation';
import { FormFooter } from '../../../lib/forms/form-footer';
import { EmailField } from './email-field';

const text = accountPages;
const FIELDS = ['email'] as const;

/** Asks for a recovery link. The answer is the same whether or not the address is registered. */
export function ForgotPasswordForm() {
  const { client } = useAuth();
  const [email, setEmail] = useState('');
  const { formRef, errors, summary, onBlur, validate, refuse } = useFieldValidation({
    fields: FIELDS,
    values: email,
    prepare: loadAuthSchemas,
    check: () => {
      const schemas = loadedAuthSchemas();
      return schemas ? { email: emailFieldError(schemas, email) } : null;
    },
  });
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [sent, setSent] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!(await validate())) return;
    const { emailSchema } = await loadAuthSchemas();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      refuse({ email: parsed.error.issues[0]?.message ?? accountRules.invalidEmail });
      return;
    }
    setServerError(null);
    setSubmitting(true);
    const result = await client.requestPasswordRecovery(parsed.data);
    setSubmitting(false);
    if (result.error) setServerError(result.error.message);
    else setSent(true);
  };

  return (
    <AuthCard title={text.forgotTitle} intro={sent ? undefined : <p>{text.forgotIntro}</p>} titleId="forgot-title">
      {sent ? (
        <FormAlert tone="info">
          <p className="font-semibold">{text.forgotDoneTitle}</p>
          <p>{text.forgotDoneText}</p>
        </FormAlert>
      ) : (
        <form
          ref={formRef}
          noValidate
          onFocus={preloadAuthSchemas}
          onBlur={onBlur}
          onSubmit={(event) => void onSubmit(event)}
          className="space-y-4"
        >
          {serverError ? <FormAlert>{serverError}</FormAlert> : null}
          <EmailField value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} />
          <FormFooter
            summary={summary.map(() => text.emailLabel)}
            submitting={submitting}
            label={text.forgotSubmit}
            submittingLabel={text.forgotSubmitting}
          />
        </form>
      )}
      <p className="mt-5 text-sm">
        <Link to="/login" className="inline-flex min-h-11 items-center font-medium text-brand-800 underline underline-offset-2">
          {text.backToLogin}
        </Link>
      </p>
    </AuthCard>
  );
}
