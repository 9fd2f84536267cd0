import { z } from 'zod';

/** Every error the API answers has this shape; `message` is Spanish and safe to show. */
export const apiErrorSchema = z.object({ code: z.string(), message: z.string() });
export type ApiError = z.infer<typeof apiErrorSchema>;

/**
 * A UUID, lower-cased: PostgreSQL reads one in any case, so code that compares ids as strings
 * (the caller's own id against the one in the path, for separation of duties and "never
 * yourself") must see the form the database returns, or `ABC…` slips past `abc…`.
 */
export const lowerCaseUuid = (message: string) => z.uuid({ message }).transform((id) => id.toLowerCase());

export const uuidSchema = lowerCaseUuid('Identificador inválido.');

/**
 * Shape of a PostgreSQL uuid in text, for ids that arrive unvalidated (a path segment, an id in a
 * stored JSON snapshot): checking first turns a would-be cast error into "not found".
 */
export const looksLikeUuid = (value: string): boolean => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** Integer centavos, positive, within a range that stays exact as a JS number and as bigint. */
export const positiveCentavosSchema = z
  .number({ message: 'Ingresá un importe válido.' })
  .int({ message: 'El importe debe estar en centavos enteros.' })
  .positive({ message: 'El precio debe ser mayor que cero.' })
  .max(1_000_000_000_00, { message: 'El importe es demasiado grande.' });
