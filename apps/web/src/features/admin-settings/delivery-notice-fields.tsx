import type { SettingsResponse } from '@mayorista/core/schemas/settings';
import { Field } from '../../components/ui/field';
import type { DeliveryNoticeValues } from './settings-body';

/** Admin → Ajustes → Repartos: the "Tu pedido llega hoy" notice (off by default). */
export const deliveryNoticeTexts = {
  heading: 'Aviso "Tu pedido llega hoy"',
  email: 'Mandar un correo a cada cliente la mañana del día de entrega',
  whatsapp: 'Mostrar "Avisar por WhatsApp" en cada parada de Repartos',
  hour: 'Hora del aviso (0 a 23, hora de Buenos Aires)',
  hourHint: 'Desde esa hora salen los correos del día; cada pedido recibe uno solo.',
} as const;
const t = deliveryNoticeTexts;

export const noticeValuesOf = (s: SettingsResponse): DeliveryNoticeValues => ({
  emailOn: s.delivery_notice_email_enabled,
  whatsappOn: s.delivery_notice_whatsapp_enabled,
  hour: String(s.delivery_notice_hour),
});

function Check({ checked, onChange, label }: { checked: boolean; onChange: (v: boolean) => void; label: string }) {
  return (
    <label className="flex min-h-11 items-center gap-3 text-sm">
      <input type="checkbox" className="h-5 w-5" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}

export function DeliveryNoticeFields({ values, onChange, error }: { values: DeliveryNoticeValues; onChange: (v: DeliveryNoticeValues) => void; error?: string | undefined }) {
  const set = (patch: Partial<DeliveryNoticeValues>) => onChange({ ...values, ...patch });
  return (
    <fieldset className="space-y-2" data-testid="delivery-notice-settings">
      <legend className="font-medium text-slate-900">{t.heading}</legend>
      <Check checked={values.emailOn} onChange={(emailOn) => set({ emailOn })} label={t.email} />
      <Check checked={values.whatsappOn} onChange={(whatsappOn) => set({ whatsappOn })} label={t.whatsapp} />
      {values.emailOn ? (
        <Field
          label={t.hour}
          hint={t.hourHint}
          error={error}
          inputMode="numeric"
          autoComplete="off"
          required
          value={values.hour}
          onChange={(e) => set({ hour: e.target.value.replace(/\D+/g, '') })}
        />
      ) : null}
    </fieldset>
  );
}
