import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { accountRules } from '@mayorista/core/messages/accountRules';
import { accountPages } from '@mayorista/core/messages/accountPages';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { useAuth } from '../../../lib/auth';
import { AuthCard, FormAlert } from './auth-card';
import { loadAuthSchemas, preloadAuthSchemas } from './auth-schemas';

const text = accountPages;

/** Asks for a recovery link. The answer is the same whether or not the address is registered. */
export function ForgotPasswordForm() {
  const { client } = useAuth();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [sent, setSent] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { emailSchema } = await loadAuthSchemas();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? accountRules.invalidEmail);
      return;
    }
    setError(undefined);
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
        <form noValidate onFocus={preloadAuthSchemas} onSubmit={(event) => void onSubmit(event)} className="space-y-4">
          {serverError ? <FormAlert>{serverError}</FormAlert> : null}
          <Field label={text.emailLabel} type="email" name="email" autoComplete="email" inputMode="email" required value={email} onChange={(e) => setEmail(e.target.value)} error={error} />
          <Button type="submit" className="w-full" disabled={submitting}>
            {submitting ? text.forgotSubmitting : text.forgotSubmit}
          </Button>
        </form>
      )}
      <p className="mt-5 text-sm">
        <Link to="/login" className="font-medium text-brand-800 underline underline-offset-2">
          {text.backToLogin}
        </Link>
      </p>
    </AuthCard>
  );
}
