import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { accountPages } from '@mayorista/core/messages/accountPages';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { useAuth } from '../../../lib/auth';
import { signInErrorMessage, type AuthError } from '../../../lib/auth/session/auth-errors';
import { AuthCard, FormAlert } from './auth-card';
import { fieldErrorsFrom } from './form-errors';
import { loadAuthSchemas, loadedAuthSchemas, preloadAuthSchemas } from './auth-schemas';
import { signInFieldErrors } from './form-validation';
import { useFieldValidation } from '../../../lib/forms/use-field-validation';
import { FormFooter } from '../../../lib/forms/form-footer';
import { EmailField } from './email-field';
import { useResendVerification } from './use-resend-verification';

const text = accountPages;
const FIELDS = ['email', 'password'] as const;
const LABELS = { email: text.emailLabel, password: text.passwordLabel } as const;

/** Why sign-in was refused; an unverified account gets the button that sends the e-mail again. */
function LoginError({ message, unverifiedEmail }: { message: string | undefined; unverifiedEmail: string | null }) {
  const { resending, resend } = useResendVerification();
  return (
    <div id="login-error">
      <FormAlert>
        <p>{message}</p>
        {unverifiedEmail ? (
          <Button
            variant="secondary"
            size="sm"
            className="mt-3"
            disabled={resending}
            onClick={() => void resend(unverifiedEmail)}
          >
            {resending ? text.resending : text.resendVerification}
          </Button>
        ) : null}
      </FormAlert>
    </div>
  );
}

/** "¿Olvidaste tu contraseña?" and "¿No tenés cuenta? Registrate". */
function LoginLinks() {
  return (
    <div className="mt-3 space-y-1 text-sm text-slate-700">
      <p>
        <Link
          to="/recuperar-clave"
          className="inline-flex min-h-11 items-center font-medium text-brand-800 underline underline-offset-2"
        >
          {text.forgotLink}
        </Link>
      </p>
      <p>
        {text.noAccount}{' '}
        <Link to="/register" className="font-medium text-brand-800 underline underline-offset-2">
          {text.registerLink}
        </Link>
      </p>
    </div>
  );
}

/** Sign-in (docs/api.md): errors in Spanish next to the form; an unverified account can resend the e-mail. */
export function LoginForm({ returnTo }: { returnTo: string }) {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { formRef, errors, summary, onBlur, validate, refuse } = useFieldValidation({
    fields: FIELDS,
    values: { email, password },
    prepare: loadAuthSchemas,
    check: () => {
      const schemas = loadedAuthSchemas();
      return schemas ? signInFieldErrors(schemas, { email, password }) : null;
    },
  });
  const [serverError, setServerError] = useState<AuthError | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setServerError(null);
    if (!(await validate())) return;
    const { signInSchema } = await loadAuthSchemas();
    const parsed = signInSchema.safeParse({ email, password });
    if (!parsed.success) {
      refuse(fieldErrorsFrom(parsed.error, FIELDS));
      return;
    }
    setSubmitting(true);
    const submittedAt = window.location.pathname;
    const { error } = await signIn(parsed.data.email, parsed.data.password);
    setSubmitting(false);
    if (error) {
      setServerError(error);
      return;
    }
    // signIn resolves only once the profile is loaded; by then the login page may already have
    // redirected and the user may have clicked elsewhere. Never pull them back.
    if (window.location.pathname !== submittedAt) return;
    navigate(returnTo, { replace: true });
  };

  return (
    <AuthCard title={text.loginTitle} titleId="login-title">
      <form
        ref={formRef}
        noValidate
        onFocus={preloadAuthSchemas}
        onBlur={onBlur}
        onSubmit={(event) => void onSubmit(event)}
        className="space-y-4"
        aria-describedby={serverError || errors.form ? 'login-error' : undefined}
      >
        {serverError || errors.form ? (
          <LoginError
            message={serverError ? signInErrorMessage(serverError) : errors.form}
            unverifiedEmail={serverError?.code === 'email_not_confirmed' ? email.trim().toLowerCase() : null}
          />
        ) : null}
        <EmailField value={email} onChange={(event) => setEmail(event.target.value)} error={errors.email} />
        <Field
          label={text.passwordLabel}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
        />
        <FormFooter
          summary={summary.map((name) => LABELS[name])}
          submitting={submitting}
          label={text.loginSubmit}
          submittingLabel={text.loginSubmitting}
        />
      </form>
      <LoginLinks />
    </AuthCard>
  );
}
