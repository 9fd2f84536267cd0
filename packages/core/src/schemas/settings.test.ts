import { describe, expect, it } from 'vitest';
import { staff } from '../messages/staff';
import { DEFAULT_SETTINGS, readSettings, settingsSchema, settingsUpdateSchema } from './settings';

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
