import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, readSettings, settingsUpdateSchema } from './settings';

describe('settings', () => {
  it('reads missing, invalid or foreign stored fields as their defaults', () => {
    expect(readSettings(null)).toEqual(DEFAULT_SETTINGS);
    expect(readSettings({})).toEqual(DEFAULT_SETTINGS);
    expect(readSettings({ min_order_amount: -5, retired_setting: true })).toEqual(DEFAULT_SETTINGS);
    expect(readSettings({ min_order_amount: 2_500_000 })).toEqual({ ...DEFAULT_SETTINGS, min_order_amount: 2_500_000 });
  });

  it('accepts a subset of the settings and refuses unknown keys and bad amounts with Spanish messages', () => {
    expect(settingsUpdateSchema.parse({})).toEqual({});
    expect(settingsUpdateSchema.parse({ min_order_amount: 0 })).toEqual({ min_order_amount: 0 });
    expect(settingsUpdateSchema.safeParse({ min_order_amount: 1.5 }).success).toBe(false);
    expect(settingsUpdateSchema.safeParse({ min_order_amount: -1 }).error?.issues[0]?.message).toMatch(/importe válido/);
    expect(settingsUpdateSchema.safeParse({ minimo: 1 }).success).toBe(false);
  });
});
