import { useEffect, useRef, useState, type FocusEvent, type FormEvent } from 'react';
import { Link } from 'react-router';
import { accountPages } from '@mayorista/core/messages/accountPages';
import { accountRules } from '@mayorista/core/messages/accountRules';
import { business as businessLabels } from '@mayorista/core/messages/business';
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
import { registerFieldErrors } from './form-validation';
import { focusFirstError } from '../../../lib/forms/focus-first-error';

const text = accountPages;
const PERSONAL_FIELDS = ['nombre', 'apellido', 'dni', 'email', 'password'] as const;
const FIELDS = [...PERSONAL_FIELDS, ...BUSINESS_FIELD_NAMES] as const;
type FieldName = (typeof FIELDS)[number];
type PersonalField = (typeof PERSONAL_FIELDS)[number];

/** Each field's label, for the summary next to the button. */
const FIELD_LABELS: Record<FieldName, string> = {
  nombre: text.nombreLabel,
  apellido: text.apellidoLabel,
  dni: text.dniLabel,
  email: text.emailLabel,
  password: text.passwordLabel,
  razon_social: businessLabels.razonSocialLabel,
  cuit: businessLabels.cuitLabel,
  iva_condition: businessLabels.ivaConditionLabel,
  whatsapp: businessLabels.whatsappLabel,
  address_street: businessLabels.streetLabel,
  address_city: businessLabels.cityLabel,
  address_province: businessLabels.provinceLabel,
  address_postal_code: businessLabels.postalCodeLabel,
  delivery_notes: businessLabels.deliveryNotesLabel,
};
const isField = (name: string): name is FieldName => (FIELDS as readonly string[]).includes(name);

/** Sign-up with the SPEC §8 toasts; afterwards the person is told to open the verification e-mail. */
export function RegisterForm() {
  const { signUp, client } = useAuth();
  const [values, setValues] = useState<Record<FieldName, string>>({ nombre: '', apellido: '', dni: '', email: '', password: '', ...EMPTY_BUSINESS_VALUES });
  const [errors, setErrors] = useState<FieldErrors<FieldName>>({});
  const [submitting, setSubmitting] = useState(false);
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  const [resending, setResending] = useState(false);

  // The server's word on a field (a CUIT already registered) stays until that field changes.
  const [serverErrors, setServerErrors] = useState<Partial<Record<FieldName, string>>>({});
  const forget = (name: FieldName) => setServerErrors((previous) => (previous[name] ? { ...previous, [name]: undefined } : previous));
  const set = (name: PersonalField) => (event: React.ChangeEvent<HTMLInputElement>) => {
    forget(name);
    setValues((v) => ({ ...v, [name]: event.target.value }));
  };
  const setBusiness = (name: BusinessFieldName, value: string) => {
    forget(name);
    setValues((v) => ({ ...v, [name]: value }));
  };
  const businessValues = Object.fromEntries(BUSINESS_FIELD_NAMES.map((n) => [n, values[n]])) as BusinessValues;

  const formRef = useRef<HTMLFormElement>(null);
  // Fields the person has left once: from then on their message follows what they type.
  const [touched, setTouched] = useState<ReadonlySet<FieldName>>(new Set());
  const [summary, setSummary] = useState<FieldName[]>([]);
  const schemasRef = useRef<Awaited<ReturnType<typeof loadAuthSchemas>> | null>(null);
  const browserErrors = (schemas: Awaited<ReturnType<typeof loadAuthSchemas>>) =>
    registerFieldErrors(schemas, toRegisterBody(values), FIELDS);

  // Each field is judged in the browser as it is left, and again as it is corrected.
  useEffect(() => {
    const schemas = schemasRef.current;
    if (!schemas || touched.size === 0) return;
    const found = browserErrors(schemas);
    setErrors((previous) => {
      const next = { ...previous };
      for (const name of touched) {
        if (found[name]) next[name] = found[name];
        else delete next[name];
      }
      return next;
    });
    setSummary((previous) => previous.filter((name) => found[name] || serverErrors[name]));
    // browserErrors reads `values`, the only input that changes what it answers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [values, touched]);

  const shown: FieldErrors<FieldName> = { ...serverErrors, ...errors };

  const onFieldBlur = (event: FocusEvent<HTMLFormElement>) => {
    const name = (event.target as unknown as HTMLInputElement).name;
    if (!isField(name)) return;
    void loadAuthSchemas().then((schemas) => {
      schemasRef.current = schemas;
      setTouched((previous) => (previous.has(name) ? previous : new Set(previous).add(name)));
    }, () => undefined);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const schemas = await loadAuthSchemas();
    schemasRef.current = schemas;
    const { signUpSchema } = schemas;
    const found = browserErrors(schemas);
    const wrong = FIELDS.filter((name) => found[name]);
    if (wrong.length > 0 || found.form) {
      setErrors(found);
      setTouched(new Set(FIELDS));
      setSummary(wrong);
      // After React paints the messages: the first wrong field to the middle of the screen, focused.
      requestAnimationFrame(() => focusFirstError(formRef.current, FIELDS, found));
      return;
    }
    setSummary([]);
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
      setServerErrors({ cuit: error.message });
      setSummary(['cuit']);
      requestAnimationFrame(() => focusFirstError(formRef.current, FIELDS, { cuit: error.message }));
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
      <form ref={formRef} noValidate onFocus={preloadAuthSchemas} onBlur={onFieldBlur} onSubmit={(event) => void onSubmit(event)} className="space-y-4">
        {shown.form ? <FormAlert>{shown.form}</FormAlert> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={text.nombreLabel} name="nombre" autoComplete="given-name" required value={values.nombre} onChange={set('nombre')} error={shown.nombre} />
          <Field label={text.apellidoLabel} name="apellido" autoComplete="family-name" required value={values.apellido} onChange={set('apellido')} error={shown.apellido} />
        </div>
        <Field label={text.dniLabel} name="dni" inputMode="numeric" autoComplete="off" required hint={text.dniHint} value={values.dni} onChange={set('dni')} error={shown.dni} />
        <Field label={text.emailLabel} type="email" name="email" autoComplete="email" inputMode="email" required value={values.email} onChange={set('email')} error={shown.email} />
        <Field
          label={text.passwordLabel}
          type="password"
          name="password"
          autoComplete="new-password"
          required
          hint={text.passwordHint}
          value={values.password}
          onChange={set('password')}
          error={shown.password}
        />
        <BusinessFields values={businessValues} errors={shown} onChange={setBusiness} />
        {summary.length > 0 ? (
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-800" data-testid="form-summary">
            {text.fixSummary(summary.map((name) => FIELD_LABELS[name]))}
          </p>
        ) : null}
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
