import { describe, expect, it } from 'vitest';
import { toSettingsBody, type SettingsValues } from './settings-body';

const values: SettingsValues = {
  minOrder: '1.500,50',
  switches: {
    email_customer_order_placed: true,
    email_customer_status_changed: true,
    email_customer_order_edited: false,
    email_admin_new_order: true,
    email_admin_order_cancelled: true,
  },
  recipients: 'ventas@example.com\ndueno@example.com',
  initialRecipients: ['ventas@example.com', 'dueno@example.com'],
  threshold: '',
  pricesIncludeIva: true,
};

describe('toSettingsBody', () => {
  it('leaves out a recipients list left as shown: saving another setting keeps the default recipients (decision 029)', () => {
    expect(toSettingsBody(values)).toEqual({
      min_order_amount: 150_050,
      ...values.switches,
      low_stock_threshold: 0,
      prices_include_iva: true,
    });
  });

  it('sends the list when it changed, emptied included', () => {
    expect(toSettingsBody({ ...values, recipients: 'ventas@example.com, otro@example.com' }).admin_email_recipients).toEqual(['ventas@example.com', 'otro@example.com']);
    expect(toSettingsBody({ ...values, recipients: '  ' }).admin_email_recipients).toEqual([]);
  });

  it('a blank minimum is no minimum; an amount that does not parse is NaN for the form to report', () => {
    expect(toSettingsBody({ ...values, minOrder: '' }).min_order_amount).toBe(0);
    expect(toSettingsBody({ ...values, approvalHours: ' 48 ' }).approval_wait_hours).toBe(48);
    expect(toSettingsBody({ ...values, minOrder: 'doce' }).min_order_amount).toBeNaN();
  });

  it('the cuenta corriente: left out, nothing of it is sent; an overdue rule switched off is null', () => {
    expect(Object.keys(toSettingsBody(values))).not.toContain('credit_exceeded_action');
    const credit = {
      defaultTermsDays: '15',
      overdueRuleOn: false,
      overdueDays: '30',
      action: 'hold' as const,
      reminderBeforeOn: true,
      reminderBeforeDays: '3',
      reminderOverdueOn: false,
      reminderOverdueDays: '',
    };
    expect(toSettingsBody({ ...values, credit })).toMatchObject({
      default_payment_terms_days: 15,
      credit_overdue_days_limit: null,
      credit_exceeded_action: 'hold',
      reminder_before_due_enabled: true,
      reminder_days_before_due: 3,
      reminder_overdue_enabled: false,
      reminder_days_after_due: 0,
    });
    expect(toSettingsBody({ ...values, credit: { ...credit, overdueRuleOn: true } }).credit_overdue_days_limit).toBe(30);
  });
});

describe('toSettingsBody: "Tu pedido llega hoy"', () => {
  it('left out, nothing of it is sent; given, both switches and the hour as a number', () => {
    expect(Object.keys(toSettingsBody(values)).some((k) => k.startsWith('delivery_notice'))).toBe(false);
    expect(toSettingsBody({ ...values, notice: { emailOn: true, whatsappOn: false, hour: ' 7 ' } })).toMatchObject({
      delivery_notice_email_enabled: true,
      delivery_notice_whatsapp_enabled: false,
      delivery_notice_hour: 7,
    });
  });

  it('"Tu pedido llega hoy": a blank hour is NaN with the e-mail on (the form asks for it), and left out with it off', () => {
    expect(toSettingsBody({ ...values, notice: { emailOn: true, whatsappOn: false, hour: ' 8 ' } })).toMatchObject({ delivery_notice_email_enabled: true, delivery_notice_hour: 8 });
    expect(toSettingsBody({ ...values, notice: { emailOn: true, whatsappOn: false, hour: '' } }).delivery_notice_hour).toBeNaN();
    const off = toSettingsBody({ ...values, notice: { emailOn: false, whatsappOn: true, hour: '' } });
    expect(off).toMatchObject({ delivery_notice_email_enabled: false, delivery_notice_whatsapp_enabled: true });
    expect(Object.keys(off)).not.toContain('delivery_notice_hour');
  });
});

describe('toSettingsBody: who issues the documents (decision 082)', () => {
  it('left out, nothing of it is sent; an empty or blank box is null (not set), never ""', () => {
    expect(Object.keys(toSettingsBody(values)).some((k) => k.startsWith('business_'))).toBe(false);
    expect(toSettingsBody({ ...values, businessRazonSocial: '', businessCuit: '  ', businessAddress: '', businessIvaCondition: '' })).toMatchObject({
      business_razon_social: null,
      business_cuit: null,
      business_address: null,
      business_iva_condition: null,
    });
    expect(toSettingsBody({ ...values, businessRazonSocial: 'Ñandú S.A.', businessIvaCondition: 'exento' })).toMatchObject({
      business_razon_social: 'Ñandú S.A.',
      business_iva_condition: 'exento',
    });
  });
});
