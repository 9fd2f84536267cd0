import { parsePesos } from '@mayorista/core/money';
import { zoneCreateSchema } from '@mayorista/core/schemas/deliveries';
import { isApiError } from '../../lib/api-client';
import { deliveriesTexts } from './texts';

/** A zone as the form holds it: the minimum in pesos as typed ('' = none). */
export interface ZoneValues {
  name: string;
  weekdays: number[];
  cutoffDaysBefore: number;
  cutoffTime: string;
  minOrder: string;
  /** The driver's id; '' = none. */
  driverId: string;
}

/**
 * POST /api/admin/zones and PATCH /api/admin/zones/:id from the zone form. Pure: the server's
 * contract tests send exactly this (decision 028). A minimum that does not parse (or is negative)
 * is NaN, which the form reports before sending (`zoneErrors`).
 */
export function toZoneBody(values: ZoneValues) {
  const minOrder = values.minOrder.trim() === '' ? null : (parsePesos(values.minOrder) ?? Number.NaN);
  return {
    name: values.name,
    weekdays: [...values.weekdays].sort((a, b) => a - b),
    cutoff_days_before: values.cutoffDaysBefore,
    cutoff_time: values.cutoffTime,
    min_order: minOrder,
    driver_id: values.driverId === '' ? null : values.driverId,
  };
}

const typedFieldsSchema = zoneCreateSchema.omit({ driver_id: true });

/** A message per body field (`name`, `weekdays`, `cutoff_time`, `min_order`, …), plus `form` for the rest. */
export type ZoneErrors = Partial<Record<keyof ReturnType<typeof toZoneBody> | 'form', string>>;

/**
 * What is wrong with the form before it is sent, by field, with the server's own schema: every
 * problem at once, next to its field. A minimum that is not an amount in pesos is caught here,
 * because JSON has no NaN: sent, it would arrive as null and save the zone with no minimum.
 */
export function zoneErrors(values: ZoneValues): ZoneErrors {
  const body = toZoneBody(values);
  const errors: ZoneErrors = {};
  if (Number.isNaN(body.min_order)) errors.min_order = deliveriesTexts.minOrderInvalid;
  // The driver comes from the server's own list in a select: the server checks it (zone_invalid).
  const { driver_id: _driver, ...typed } = body;
  const parsed = typedFieldsSchema.safeParse({ ...typed, min_order: errors.min_order ? null : typed.min_order });
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const key = issue.path[0] as keyof ZoneErrors;
    // Pesos that parse are whole centavos from 0: the schema can only find them too large (its text speaks of centavos, for the API).
    errors[key] ??= key === 'min_order' ? deliveriesTexts.minOrderTooLarge : issue.message;
  }
  return errors;
}

/** The server's refusal by field: its `issues`, the taken name, an unknown driver; anything else for the whole form. */
export function zoneErrorsOfAnswer(error: unknown): ZoneErrors {
  if (!error) return {};
  if (!isApiError(error)) return { form: String(error) };
  if (error.code === 'zone_name_taken') return { name: error.message };
  if (error.code === 'zone_invalid') return { driver_id: error.message };
  const found: ZoneErrors = {};
  const issues = Array.isArray(error.body.issues) ? (error.body.issues as { path?: unknown; message?: unknown }[]) : [];
  for (const issue of issues) {
    if (typeof issue.path === 'string' && typeof issue.message === 'string' && issue.path in toZoneBody(EMPTY_VALUES))
      found[issue.path as keyof ZoneErrors] ??= issue.message;
  }
  return Object.keys(found).length > 0 ? found : { form: error.message };
}

const EMPTY_VALUES: ZoneValues = { name: '', weekdays: [], cutoffDaysBefore: 0, cutoffTime: '', minOrder: '', driverId: '' };
