import { parsePesos } from '@mayorista/core/money';

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
 * contract tests send exactly this (decision 028). A minimum that does not parse is NaN, which
 * the server refuses with its message.
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
