import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'react-router';
import { accountPages } from '@mayorista/core/messages/accountPages';
import { accountRules } from '@mayorista/core/messages/accountRules';
import { business as businessLabels } from '@mayorista/core/messages/business';
import { Button } from '../../../components/ui/button';
import {
  BUSINESS_FIELD_NAMES,
  BusinessFields,
  EMPTY_BUSINESS_VALUES,
  type BusinessValues,
} from '../../../components/business-fields';
import { Field } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toast-store';
import { useAuth } from '../../../lib/auth';
import type { SignUpMetadataInput } from '../../../lib/auth/session/auth-client';
import { FormFooter } from '../../../lib/forms/form-footer';
import { useFieldValidation } from '../../../lib/forms/use-field-validation';
import { AuthCard, FormAlert } from './auth-card';
import { fieldErrorsFrom } from './form-errors';
import { loadAuthSchemas, loadedAuthSchemas, preloadAuthSchemas } from './auth-schemas';
import { toRegisterBody } from '../register-body';
import { registerFieldErrors } from './form-validation';
import { EmailField } from './email-field';
import { useResendVerification } from './use-resend-verification';

const text = accountPages;
const PERSONAL_FIELDS = ['nombre', 'apellido', 'dni', 'email', 'password'] as const;
const FIELDS = [...PERSONAL_FIELDS, ...BUSINESS_FIELD_NAMES] as const;
type FieldName = (typeof FIELDS)[number];
type PersonalField = (typeof PERSONAL_FIELDS)[number];
type Values = Record<FieldName, string>;

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

/** After sign-up: "Revisá tu correo", with a resend button and the way to sign in. */
function RegisteredNotice({ email }: { email: string }) {
  const { resending, resend } = useResendVerification();
  return (
    <AuthCard title={text.checkEmailTitle} titleId="register-done-title">
      <FormAlert tone="info">{text.checkEmailText(email)}</FormAlert>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button variant="secondary" disabled={resending} onClick={() => void resend(email)}>
          {resending ? text.resending : text.resendVerification}
        </Button>
        <Link to="/login" className="inline-flex min-h-11 items-center font-medium text-brand-800 underline underline-offset-2">
          {text.loginLink}
        </Link>
      </div>
    </AuthCard>
  );
}

/** Nombre, apellido, DNI, e-mail and password. */
function PersonalFields({
  values,
  errors,
  onChange,
}: {
  values: Values;
  errors: Partial<Record<FieldName, string>>;
  onChange: (name: PersonalField, value: string) => void;
}) {
  const input = (name: PersonalField) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => onChange(name, event.target.value),
  });
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={text.nombreLabel} name="nombre" autoComplete="given-name" required {...input('nombre')} />
        <Field label={text.apellidoLabel} name="apellido" autoComplete="family-name" required {...input('apellido')} />
      </div>
      <Field
        label={text.dniLabel}
        name="dni"
        inputMode="numeric"
        autoComplete="off"
        required
        hint={text.dniHint}
        {...input('dni')}
      />
      <EmailField {...input('email')} />
      <Field
        label={text.passwordLabel}
        type="password"
        name="password"
        autoComplete="new-password"
        required
        hint={text.passwordHint}
        {...input('password')}
      />
    </>
  );
}

/** Sign-up with the toasts of the error catalogue (docs/api.md); afterwards the person is told to open the verification e-mail. */
export function RegisterForm() {
  const { signUp } = useAuth();
  const [values, setValues] = useState<Values>({
    nombre: '',
    apellido: '',
    dni: '',
    email: '',
    password: '',
    ...EMPTY_BUSINESS_VALUES,
  });
  const [submitting, setSubmitting] = useState(false);
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  const { formRef, errors, summary, onBlur, validate, refuse, refuseFromServer, edited } = useFieldValidation({
    fields: FIELDS,
    values,
    prepare: loadAuthSchemas,
    check: () => {
      const schemas = loadedAuthSchemas();
      return schemas ? registerFieldErrors(schemas, toRegisterBody(values), FIELDS) : null;
    },
  });
  const set = (name: FieldName, value: string) => {
    edited(name);
    setValues((v) => ({ ...v, [name]: value }));
  };
  const businessValues = Object.fromEntries(BUSINESS_FIELD_NAMES.map((n) => [n, values[n]])) as BusinessValues;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!(await validate())) return;
    // The body is the values as typed; the schema only finds each field's message (decision 028).
    const { signUpSchema } = await loadAuthSchemas();
    const body = toRegisterBody(values);
    const parsed = signUpSchema.safeParse(body);
    if (!parsed.success) return refuse(fieldErrorsFrom(parsed.error, FIELDS));
    setSubmitting(true);
    // The schema accepted these values, so the selects hold one of their options.
    const { error } = await signUp(body.email, body.password, body.data as SignUpMetadataInput);
    setSubmitting(false);
    // The server's word on the CUIT (already registered) stays until the CUIT is edited.
    if (error?.code === 'cuit_taken') return refuseFromServer({ cuit: error.message });
    if (error) {
      toast({
        title: accountRules.signUpFailedTitle,
        description: error.message || accountRules.somethingWentWrong,
        variant: 'destructive',
      });
      return;
    }
    toast({ title: accountRules.signUpSuccessTitle, description: accountRules.signUpSuccessText });
    setRegisteredEmail(parsed.data.email);
  };

  if (registeredEmail) return <RegisteredNotice email={registeredEmail} />;

  return (
    <AuthCard title={text.registerTitle} intro={<p>{text.registerIntro}</p>} titleId="register-title">
      <form
        ref={formRef}
        noValidate
        onFocus={preloadAuthSchemas}
        onBlur={onBlur}
        onSubmit={(event) => void onSubmit(event)}
        className="space-y-4"
      >
        {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
        <PersonalFields values={values} errors={errors} onChange={set} />
        <BusinessFields values={businessValues} errors={errors} onChange={set} />
        <FormFooter
          summary={summary.map((name) => FIELD_LABELS[name])}
          submitting={submitting}
          label={text.registerSubmit}
          submittingLabel={text.registerSubmitting}
        />
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
