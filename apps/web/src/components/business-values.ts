import { REQUIRED_BUSINESS_FIELDS } from '@mayorista/core/business';

/** The business and delivery fields as the sign-up form and Mi cuenta hold them: text as typed. */
export const BUSINESS_FIELD_NAMES = [...REQUIRED_BUSINESS_FIELDS, 'delivery_notes'] as const;
export type BusinessFieldName = (typeof BUSINESS_FIELD_NAMES)[number];
export type BusinessValues = Record<BusinessFieldName, string>;

export const EMPTY_BUSINESS_VALUES: BusinessValues = Object.fromEntries(BUSINESS_FIELD_NAMES.map((n) => [n, ''])) as BusinessValues;
