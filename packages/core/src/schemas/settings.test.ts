import { describe, expect, it } from 'vitest';
import { business } from '../messages/business';
import { settings } from '../messages/settings';
import { staff } from '../messages/staff';
import { businessIdentityOf, DEFAULT_SETTINGS, readSettings, settingsSchema, settingsUpdateSchema } from './settings';

describe('settings', () => {
  it('reads missing, invalid or foreign stored fields as their defaults', () => {
    expect(readSettings(null)).toEqual(DEFAULT_SETTINGS);
    expect(readSettings({})).toEqual(DEFAULT_SETTINGS);
    expect(readSettings({ min_order_amount: -5, retired_setting: true })).toEqual(DEFAULT_SETTINGS);
    expect(readSettings({ min_order_amount: 2_500_000 })).toEqual({ ...DEFAULT_SETTINGS, min_order_amount: 2_500_000 });
    // A stored null where null is a value (no overdue limit) is kept; a stored value replaces a null default.
    expect(readSettings({ credit_overdue_days_limit: 30, prices_include_iva: false })).toEqual({ ...DEFAULT_SETTINGS, credit_overdue_days_limit: 30, prices_include_iva: false });
    expect(readSettings({ credit_overdue_days_limit: null, low_stock_threshold: undefined })).toEqual(DEFAULT_SETTINGS);
  });

  it('reads a stored null as its schema would, also where it skips the schema (a null default)', () => {
    // The settings form saves every issuer field, an empty one as null: such a row is read on every order.
    const allNull = Object.fromEntries(Object.keys(settingsSchema.shape).map((key) => [key, null]));
    const bySchema = Object.fromEntries(
      Object.entries(settingsSchema.shape).map(([key, schema]) => {
        const parsed = schema.safeParse(null);
        return [key, parsed.success ? parsed.data : (DEFAULT_SETTINGS as Record<string, unknown>)[key]];
      }),
    );
    expect(readSettings(allNull)).toEqual(bySchema);
    expect(readSettings(allNull)).toEqual(DEFAULT_SETTINGS);
  });

  it('accepts a subset of the settings and refuses unknown keys and bad amounts with Spanish messages', () => {
    expect(settingsUpdateSchema.parse({})).toEqual({});
    expect(settingsUpdateSchema.parse({ min_order_amount: 0 })).toEqual({ min_order_amount: 0 });
    expect(settingsUpdateSchema.safeParse({ min_order_amount: 1.5 }).success).toBe(false);
    expect(settingsUpdateSchema.safeParse({ min_order_amount: -1 }).error?.issues[0]?.message).toMatch(/importe válido/);
    expect(settingsUpdateSchema.safeParse({ minimo: 1 }).success).toBe(false);
  });
});

describe('the settings in the activity log', () => {
  it('every setting has a Spanish label for Actividad (a change to any of them is logged by its key)', () => {
    const unlabelled = Object.keys(settingsSchema.shape).filter((key) => !(key in staff.summaryLabels));
    expect(unlabelled).toEqual([]);
  });
});

describe('who issues the documents (decision 082)', () => {
  const identity = { business_razon_social: null, business_cuit: null, business_address: null, business_iva_condition: null };
  const issue = (body: unknown) => settingsUpdateSchema.safeParse(body).error?.issues[0]?.message;

  it('is not set until saved: null in the defaults, and a document with none of it has no issuer', () => {
    expect(readSettings({})).toMatchObject(identity);
    expect(businessIdentityOf(DEFAULT_SETTINGS)).toBeNull();
    expect(businessIdentityOf({ ...DEFAULT_SETTINGS, business_cuit: '30712345671' })).toEqual({ ...identity, business_cuit: '30712345671' });
  });

  it('an empty field is saved as not set (null), never as ""; text is trimmed and the CUIT kept as 11 digits', () => {
    expect(settingsUpdateSchema.parse({ business_razon_social: '', business_cuit: '  ', business_address: null, business_iva_condition: '' })).toEqual(identity);
    expect(
      settingsUpdateSchema.parse({
        business_razon_social: '  Distribuidora Ñandú S.R.L. ',
        business_cuit: '30-71234567-1',
        business_address: 'Av. Colón 1234, Córdoba',
        business_iva_condition: 'responsable_inscripto',
      }),
    ).toEqual({
      business_razon_social: 'Distribuidora Ñandú S.R.L.',
      business_cuit: '30712345671',
      business_address: 'Av. Colón 1234, Córdoba',
      business_iva_condition: 'responsable_inscripto',
    });
    // Left out of a partial update, a field stays as it is.
    expect(settingsUpdateSchema.parse({ business_cuit: '30712345671' })).toEqual({ business_cuit: '30712345671' });
  });

  it('refuses a bad CUIT with the sign-up\'s Spanish messages', () => {
    expect(issue({ business_cuit: '30-71234567' })).toBe(business.cuitFormat);
    expect(issue({ business_cuit: '30-71234567-2' })).toBe(business.cuitCheckDigit);
    expect(issue({ business_cuit: 30712345671 })).toBe(business.cuitFormat);
  });

  it('single-line fields refuse control characters; each is checked at its limit', () => {
    expect(issue({ business_razon_social: 'Distribuidora\nÑandú' })).toBe(business.razonSocialInvalid);
    expect(issue({ business_address: 'Av. Colón\t1234' })).toBe(settings.businessAddressInvalid);
    expect(settingsUpdateSchema.safeParse({ business_razon_social: 'r'.repeat(120), business_address: 'd'.repeat(200) }).success).toBe(true);
    expect(issue({ business_razon_social: 'r'.repeat(121) })).toBe(business.razonSocialTooLong);
    expect(issue({ business_address: 'd'.repeat(201) })).toBe(settings.businessAddressTooLong);
  });

  it('the condición frente al IVA is one a seller can have (not Consumidor Final)', () => {
    expect(settingsUpdateSchema.parse({ business_iva_condition: 'monotributista' })).toEqual({ business_iva_condition: 'monotributista' });
    expect(issue({ business_iva_condition: 'consumidor_final' })).toBe(business.ivaConditionInvalid);
    expect(issue({ business_iva_condition: 'inscripto' })).toBe(business.ivaConditionInvalid);
  });

  it('a stored value that is no longer valid reads as not set', () => {
    expect(readSettings({ business_cuit: '123', business_razon_social: 'Ñandú', business_iva_condition: 'otra' })).toMatchObject({
      ...identity,
      business_razon_social: 'Ñandú',
    });
  });
});
