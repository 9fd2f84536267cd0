import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { accountPages } from '@mayorista/core/messages/accountPages';
import { accountRules } from '@mayorista/core/messages/accountRules';
import { Button } from '../../../components/ui/button';
import { BUSINESS_FIELD_NAMES, BusinessFields, EMPTY_BUSINESS_VALUES, type BusinessFieldName, type BusinessValues } from '../../../components/business-fields';
import { Field } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toast-store';
import { useAuth } from '../../../lib/auth';
import type { SignUpMetadataInput } from '../../../lib/auth/session/auth-client';
import { AuthCard, FormAlert } from './auth-card';
import { fieldErrorsFrom, type FieldErrors } from './form-errors';
import { loadAuthSchemas, preloadAuthSchemas } from './auth-schemas';
import { toRegisterBody } from '../register-body';

const text = accountPages;
const PERSONAL_FIELDS = ['nombre', 'apellido', 'dni', 'email', 'password'] as const;
const FIELDS = [...PERSONAL_FIELDS, ...BUSINESS_FIELD_NAMES] as const;
type FieldName = (typeof FIELDS)[number];
type PersonalField = (typeof PERSONAL_FIELDS)[number];

/** Sign-up with the SPEC §8 toasts; afterwards the person is told to open the verification e-mail. */
export function RegisterForm() {
  const { signUp, client } = useAuth();
  const [values, setValues] = useState<Record<FieldName, string>>({ nombre: '', apellido: '', dni: '', email: '', password: '', ...EMPTY_BUSINESS_VALUES });
  const [errors, setErrors] = useState<FieldErrors<FieldName>>({});
  const [submitting, setSubmitting] = useState(false);
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  const [resending, setResending] = useState(false);

  const set = (name: PersonalField) => (event: React.ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [name]: event.target.value }));
  const setBusiness = (name: BusinessFieldName, value: string) => setValues((v) => ({ ...v, [name]: value }));
  const businessValues = Object.fromEntries(BUSINESS_FIELD_NAMES.map((n) => [n, values[n]])) as BusinessValues;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { signUpSchema } = await loadAuthSchemas();
    // The body is the values as typed; the schema only finds each field's message (decision 028).
    const body = toRegisterBody(values);
    const parsed = signUpSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrorsFrom(parsed.error, FIELDS));
      return;
    }
    setErrors({});
    setSubmitting(true);
    // The schema accepted these values, so the selects hold one of their options.
    const { error } = await signUp(body.email, body.password, body.data as SignUpMetadataInput);
    setSubmitting(false);
    if (error?.code === 'cuit_taken') {
      setErrors({ cuit: error.message });
      return;
    }
    if (error) {
      toast({ title: accountRules.signUpFailedTitle, description: error.message || accountRules.somethingWentWrong, variant: 'destructive' });
      return;
    }
    toast({ title: accountRules.signUpSuccessTitle, description: accountRules.signUpSuccessText });
    setRegisteredEmail(parsed.data.email);
  };

  const resend = async () => {
    if (!registeredEmail) return;
    setResending(true);
    const { error } = await client.resendVerification(registeredEmail);
    setResending(false);
    if (error) toast({ title: accountRules.somethingWentWrong, description: error.message, variant: 'destructive' });
    else toast({ title: text.resendDoneTitle, description: text.resendDoneText });
  };

  if (registeredEmail) {
    return (
      <AuthCard title={text.checkEmailTitle} titleId="register-done-title">
        <FormAlert tone="info">{text.checkEmailText(registeredEmail)}</FormAlert>
        <div className="mt-4 flex flex-wrap gap-3">
          <Button variant="secondary" disabled={resending} onClick={() => void resend()}>
            {resending ? text.resending : text.resendVerification}
          </Button>
          <Link to="/login" className="inline-flex min-h-11 items-center font-medium text-brand-800 underline underline-offset-2">
            {text.loginLink}
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={text.registerTitle} intro={<p>{text.registerIntro}</p>} titleId="register-title">
      <form noValidate onFocus={preloadAuthSchemas} onSubmit={(event) => void onSubmit(event)} className="space-y-4">
        {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={text.nombreLabel} name="nombre" autoComplete="given-name" required value={values.nombre} onChange={set('nombre')} error={errors.nombre} />
          <Field label={text.apellidoLabel} name="apellido" autoComplete="family-name" required value={values.apellido} onChange={set('apellido')} error={errors.apellido} />
        </div>
        <Field label={text.dniLabel} name="dni" inputMode="numeric" autoComplete="off" required hint={text.dniHint} value={values.dni} onChange={set('dni')} error={errors.dni} />
        <Field label={text.emailLabel} type="email" name="email" autoComplete="email" inputMode="email" required value={values.email} onChange={set('email')} error={errors.email} />
        <Field
          label={text.passwordLabel}
          type="password"
          name="password"
          autoComplete="new-password"
          required
          hint={text.passwordHint}
          value={values.password}
          onChange={set('password')}
          error={errors.password}
        />
        <BusinessFields values={businessValues} errors={errors} onChange={setBusiness} />
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? text.registerSubmitting : text.registerSubmit}
        </Button>
      </form>
      <p className="mt-5 text-sm text-slate-700">
        {text.haveAccount}{' '}
        <Link to="/login" className="font-medium text-brand-800 underline underline-offset-2">
          {text.loginLink}
        </Link>
      </p>
    </AuthCard>
  );
}
