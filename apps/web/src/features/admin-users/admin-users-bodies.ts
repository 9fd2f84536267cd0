import { pesosToCentavos } from '@mayorista/core/money';

/**
 * Bodies the admin's customer screens send, as pure functions: the browser runs them and the
 * server's contract tests send their output through the real routes (docs/decisions/028).
 */

/** "1.234,50", "1234,5" or "1234.5" (es-AR) → pesos; NaN when it is not an amount of zero or more. */
export function parseBalance(text: string): number {
  const normalised = text.trim().replace(/\.(?=\d{3}(\D|$))/g, '').replace(',', '.');
  const pesos = Number(normalised);
  return normalised === '' || !Number.isFinite(pesos) || pesos < 0 ? Number.NaN : pesos;
}

export interface PointsValues {
  /** The new balance in pesos, as typed. */
  balance: string;
  reason: string;
}

/** POST /api/admin/users/:id/points: the new balance in centavos and the reason, trimmed. */
export function toPointsBody(values: PointsValues) {
  const pesos = parseBalance(values.balance);
  return { saldo_puntos: Number.isNaN(pesos) ? Number.NaN : pesosToCentavos(pesos), reason: values.reason.trim() };
}

/** PATCH /api/admin/users/:id/notes: the notes as typed; empty clears them. */
export function toAdminNotesBody(notes: string) {
  return { admin_notes: notes };
}

export interface CustomerZoneValues {
  /** The zone's id as the select holds it; '' = sin zona. */
  zoneId: string;
  /** The stop position as typed (digits); '' = none (the route orders by name). */
  stop: string;
}

/** PATCH /api/admin/users/:id/zone: the zone (null: none) and the stop position (null: none). */
export function toCustomerZoneBody(values: CustomerZoneValues) {
  const zoneId = values.zoneId === '' ? null : Number(values.zoneId);
  return { zone_id: zoneId, stop_position: zoneId === null || values.stop.trim() === '' ? null : Number(values.stop.trim()) };
}
