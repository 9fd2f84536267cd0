import type { ReactNode } from 'react';
import type { SettingsResponse } from '@mayorista/core/schemas/settings';
import { Field } from '../../components/ui/field';
import { receivables } from '../../lib/receivables/texts';
import type { CreditSettingsValues } from './settings-body';

const t = receivables.settings;
type Errors = Partial<Record<'defaultTermsDays' | 'overdueDays' | 'reminderBeforeDays' | 'reminderOverdueDays', string>>;
/** Which body field each box sends: the schema's message lands on its box. */
export const CREDIT_FIELD_OF = {
  defaultTermsDays: 'default_payment_terms_days',
  overdueDays: 'credit_overdue_days_limit',
  reminderBeforeDays: 'reminder_days_before_due',
  reminderOverdueDays: 'reminder_days_after_due',
} as const;

export const creditValuesOf = (s: SettingsResponse): CreditSettingsValues => ({
  defaultTermsDays: String(s.default_payment_terms_days),
  overdueRuleOn: s.credit_overdue_days_limit !== null,
  overdueDays: String(s.credit_overdue_days_limit ?? 30),
  action: s.credit_exceeded_action,
  reminderBeforeOn: s.reminder_before_due_enabled,
  reminderBeforeDays: String(s.reminder_days_before_due),
  reminderOverdueOn: s.reminder_overdue_enabled,
  reminderOverdueDays: String(s.reminder_days_after_due),
});

function Check({ checked, onChange, children }: { checked: boolean; onChange: (v: boolean) => void; children: ReactNode }) {
  return (
    <label className="flex min-h-11 items-center gap-3 text-sm">
      <input type="checkbox" className="h-5 w-5" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {children}
    </label>
  );
}

const digits = (value: string) => value.replace(/\D+/g, '');

/** Admin → Ajustes, "Cuenta corriente": default terms, when an order is stopped and what happens to it, and the reminders. */
export function CreditSettingsFields({ values, onChange, errors }: { values: CreditSettingsValues; onChange: (v: CreditSettingsValues) => void; errors: Errors }) {
  const set = (patch: Partial<CreditSettingsValues>) => onChange({ ...values, ...patch });
  const dayBox = (key: keyof Errors, label: string, hint?: string) => (
    <Field label={label} hint={hint} error={errors[key]} inputMode="numeric" autoComplete="off" value={values[key]} onChange={(e) => set({ [key]: digits(e.target.value) })} />
  );
  return (
    <fieldset className="space-y-2" data-testid="credit-settings">
      <legend className="font-medium text-slate-900">{t.heading}</legend>
      {dayBox('defaultTermsDays', t.defaultTerms, t.defaultTermsHint)}
      <Check checked={values.overdueRuleOn} onChange={(overdueRuleOn) => set({ overdueRuleOn })}>
        {t.overdueRule}
      </Check>
      {values.overdueRuleOn ? dayBox('overdueDays', t.overdueDays) : null}
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium text-slate-900">{t.actionLegend}</legend>
        {(['refuse', 'hold'] as const).map((action) => (
          <label key={action} className="flex min-h-11 items-center gap-3 text-sm">
            <input type="radio" name="credit-action" className="h-5 w-5" checked={values.action === action} onChange={() => set({ action })} />
            {t.actions[action]}
          </label>
        ))}
      </fieldset>
      <Check checked={values.reminderBeforeOn} onChange={(reminderBeforeOn) => set({ reminderBeforeOn })}>
        {t.reminderBefore}
      </Check>
      {values.reminderBeforeOn ? dayBox('reminderBeforeDays', t.reminderBeforeDays) : null}
      <Check checked={values.reminderOverdueOn} onChange={(reminderOverdueOn) => set({ reminderOverdueOn })}>
        {t.reminderOverdue}
      </Check>
      {values.reminderOverdueOn ? dayBox('reminderOverdueDays', t.reminderOverdueDays) : null}
    </fieldset>
  );
}
