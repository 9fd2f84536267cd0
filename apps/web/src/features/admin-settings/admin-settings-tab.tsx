import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { centavosToInput } from '@mayorista/core/money';
import { formatDateTime } from '@mayorista/core/date-time';
import { errors } from '@mayorista/core/messages/errors';
import { adminPage } from '@mayorista/core/messages/adminPage';
import { settings as settingsTexts } from '@mayorista/core/messages/settings';
import { settingsUpdateSchema, type SettingsResponse } from '@mayorista/core/schemas/settings';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { LoadError } from '../../components/ui/load-error';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast-store';
import { saveSettings, settingsKeys, settingsQueryOptions } from './settings-api';
import { toSettingsBody, type EmailSwitch } from './settings-body';
import { CREDIT_FIELD_OF, CreditSettingsFields, creditValuesOf } from './credit-settings-fields';
import { DeliveryNoticeFields, noticeValuesOf } from './delivery-notice-fields';
import { BusinessIdentityFields, useBusinessIdentity } from './business-identity-fields';
import { iva as ivaTexts } from '@mayorista/core/messages/iva';

const text = settingsTexts;

/** /admin?tab=ajustes: the business settings. Each setting is one field of one form. */
export default function AdminSettingsTab() {
  const query = useQuery(settingsQueryOptions());
  if (query.isPending) return <Spinner label={adminPage.loadingTab} />;
  if (query.isError) {
    return (
      <LoadError
        title={text.loadError}
        detail={query.error.message}
        retryLabel={text.retry}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <SettingsForm key={query.data.updated_at ?? 'defaults'} current={query.data} />;
}

const EMAIL_SWITCHES = [
  ['email_customer_order_placed', text.emailCustomerOrderPlaced],
  ['email_customer_status_changed', text.emailCustomerStatusChanged],
  ['email_customer_order_edited', text.emailCustomerOrderEdited],
  ['email_admin_new_order', text.emailAdminNewOrder],
  ['email_admin_order_cancelled', text.emailAdminOrderCancelled],
] as const;
EMAIL_SWITCHES satisfies readonly (readonly [EmailSwitch, string])[];

/** Whether the entered prices include IVA. */
function IvaSetting({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <fieldset className="space-y-1">
      <legend className="font-medium text-slate-900">{ivaTexts.settingHeading}</legend>
      <label className="flex min-h-11 items-center gap-3 text-sm">
        <input
          type="checkbox"
          className="h-5 w-5"
          checked={checked}
          aria-describedby="ajustes-iva-ayuda"
          onChange={(event) => onChange(event.target.checked)}
        />
        {ivaTexts.pricesIncludeIva}
      </label>
      <p id="ajustes-iva-ayuda" className="text-sm text-slate-600">
        {ivaTexts.pricesIncludeIvaHint}
      </p>
    </fieldset>
  );
}

/** Which e-mails are sent, and to whom the admin's go. */
function EmailSettings({
  switches,
  onSwitch,
  recipients,
  onRecipients,
  recipientsError,
  defaultRecipients,
}: {
  switches: Record<EmailSwitch, boolean>;
  onSwitch: (key: EmailSwitch, on: boolean) => void;
  recipients: string;
  onRecipients: (value: string) => void;
  recipientsError: string | undefined;
  defaultRecipients: boolean | undefined;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="font-medium text-slate-900">{text.emailsHeading}</legend>
      <p className="text-sm text-slate-600">{text.emailsIntro}</p>
      {EMAIL_SWITCHES.map(([key, label]) => (
        <label key={key} className="flex min-h-11 items-center gap-3 text-sm">
          <input
            type="checkbox"
            className="h-5 w-5"
            checked={switches[key]}
            onChange={(event) => onSwitch(key, event.target.checked)}
          />
          {label}
        </label>
      ))}
      <label htmlFor="ajustes-destinatarios" className="block text-sm font-medium text-slate-900">
        {text.adminRecipients}
      </label>
      <p id="ajustes-destinatarios-ayuda" className="text-sm text-slate-600">
        {text.adminRecipientsHint}
        {defaultRecipients ? ` ${text.adminRecipientsDefaultHint}` : null}
      </p>
      <textarea
        id="ajustes-destinatarios"
        rows={3}
        value={recipients}
        onChange={(event) => onRecipients(event.target.value)}
        aria-describedby={`ajustes-destinatarios-ayuda${recipientsError ? ' ajustes-destinatarios-error' : ''}`}
        aria-invalid={recipientsError ? true : undefined}
        className="w-full rounded-md border border-slate-300 p-2"
      />
      {recipientsError ? (
        <p id="ajustes-destinatarios-error" role="alert" className="text-sm text-red-800">
          {recipientsError}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The message of each plain box (the cuenta corriente's boxes have their own map). */
const fieldErrorsOf = (issueOf: (field: string) => string | undefined) => ({
  recipients: issueOf('admin_email_recipients'),
  threshold: issueOf('low_stock_threshold'),
  approvalHours: issueOf('approval_wait_hours'),
  noticeHour: issueOf('delivery_notice_hour'),
});

/**
 * The settings form's values, its messages and saving. The amount is checked first, then the same
 * schema as the server's, so the admin sees the Spanish message next to the field.
 */
function useSettingsForm(current: SettingsResponse) {
  const queryClient = useQueryClient();
  const [minOrder, setMinOrder] = useState(centavosToInput(current.min_order_amount));
  const [error, setError] = useState<string>();
  const [switches, setSwitches] = useState<Record<EmailSwitch, boolean>>(
    () => Object.fromEntries(EMAIL_SWITCHES.map(([key]) => [key, current[key]])) as Record<EmailSwitch, boolean>,
  );
  const [recipients, setRecipients] = useState(current.admin_email_recipients.join('\n'));
  const [threshold, setThreshold] = useState(String(current.low_stock_threshold));
  const [approvalHours, setApprovalHours] = useState(String(current.approval_wait_hours));
  const [pricesIncludeIva, setPricesIncludeIva] = useState(current.prices_include_iva);
  const [credit, setCredit] = useState(() => creditValuesOf(current));
  const [notice, setNotice] = useState(() => noticeValuesOf(current));
  const [fieldErrors, setFieldErrors] = useState<{ recipients?: string; threshold?: string; approvalHours?: string; noticeHour?: string }>({});
  const [creditErrors, setCreditErrors] = useState<Partial<Record<keyof typeof CREDIT_FIELD_OF, string>>>({});
  const identity = useBusinessIdentity(current);

  const mutation = useMutation({
    mutationFn: saveSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKeys.all, saved);
      toast({ title: text.saved });
    },
    onError: (failure: Error) => toast({ title: errors.validation, description: failure.message, variant: 'destructive' }),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const update = toSettingsBody({
      minOrder,
      switches,
      recipients,
      initialRecipients: current.admin_email_recipients,
      threshold,
      pricesIncludeIva,
      approvalHours,
      credit,
      notice,
      ...identity.values,
    });
    if (Number.isNaN(update.min_order_amount)) {
      setError(text.invalidAmount);
      return;
    }
    setError(undefined);
    // The same schema as the server: the admin sees the Spanish message next to the field.
    const parsed = settingsUpdateSchema.safeParse(update);
    // The identity's boxes show their message, or lose an old one once the form reads well.
    identity.showIssues((field) => parsed.error?.issues.find((i) => i.path[0] === field)?.message);
    if (!parsed.success) {
      const issueOf = (field: string) => parsed.error.issues.find((i) => i.path[0] === field)?.message;
      setFieldErrors(fieldErrorsOf(issueOf));
      setCreditErrors(Object.fromEntries(Object.entries(CREDIT_FIELD_OF).map(([box, field]) => [box, issueOf(field)])));
      return;
    }
    setFieldErrors({});
    setCreditErrors({});
    mutation.mutate(update);
  };

  return {
    minOrder,
    setMinOrder,
    error,
    switches,
    setSwitches,
    recipients,
    setRecipients,
    threshold,
    setThreshold,
    approvalHours,
    setApprovalHours,
    pricesIncludeIva,
    setPricesIncludeIva,
    credit,
    setCredit,
    notice,
    setNotice,
    creditErrors,
    fieldErrors,
    identity,
    saving: mutation.isPending,
    onSubmit,
  };
}

function SettingsForm({ current }: { current: SettingsResponse }) {
  const form = useSettingsForm(current);
  const { minOrder, setMinOrder, error, fieldErrors, saving, onSubmit } = form;
  return (
    <section aria-labelledby="ajustes-titulo" className="max-w-xl space-y-4">
      <div>
        <h2 id="ajustes-titulo" className="text-xl font-semibold text-slate-900">
          {text.heading}
        </h2>
        <p className="text-sm text-slate-600">{text.intro}</p>
      </div>
      <form onSubmit={onSubmit} noValidate className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
        <Field
          label={text.minOrderAmount}
          hint={text.minOrderAmountHint}
          error={error}
          inputMode="decimal"
          autoComplete="off"
          value={minOrder}
          onChange={(event) => setMinOrder(event.target.value)}
        />
        <Field
          label={text.lowStockThreshold}
          hint={text.lowStockThresholdHint}
          error={fieldErrors.threshold}
          inputMode="numeric"
          autoComplete="off"
          value={form.threshold}
          onChange={(event) => form.setThreshold(event.target.value)}
        />
        <Field
          label={text.approvalWaitHours}
          hint={text.approvalWaitHoursHint}
          error={fieldErrors.approvalHours}
          inputMode="numeric"
          autoComplete="off"
          value={form.approvalHours}
          onChange={(event) => form.setApprovalHours(event.target.value.replace(/\D+/g, ''))}
        />
        <IvaSetting checked={form.pricesIncludeIva} onChange={form.setPricesIncludeIva} />
        <BusinessIdentityFields values={form.identity.values} onChange={form.identity.setValues} errors={form.identity.errors} />
        <EmailSettings
          switches={form.switches}
          onSwitch={(key, on) => form.setSwitches((all) => ({ ...all, [key]: on }))}
          recipients={form.recipients}
          onRecipients={form.setRecipients}
          recipientsError={fieldErrors.recipients}
          defaultRecipients={current.admin_email_recipients_default}
        />
        <CreditSettingsFields values={form.credit} onChange={form.setCredit} errors={form.creditErrors} />
        <DeliveryNoticeFields values={form.notice} onChange={form.setNotice} error={fieldErrors.noticeHour} />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={saving}>
            {saving ? text.saving : text.save}
          </Button>
          {current.updated_at ? (
            <p className="text-sm text-slate-600">{text.updatedAt(formatDateTime(current.updated_at))}</p>
          ) : null}
        </div>
      </form>
    </section>
  );
}
