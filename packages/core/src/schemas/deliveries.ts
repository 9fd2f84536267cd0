import { z } from 'zod';
import { MAX_CUTOFF_DAYS_BEFORE } from '../deliveries';
import { deliveries as texts } from '../messages/deliveries';
import { calendarDateSchema, PAYMENT_METHODS, paymentRequestSchema } from './receivables';
import { optionalText, requiredText } from './text';

// Repartos (decision 049): zones, feriados, planning and the driver's actions.

const weekdaysSchema = z
  .array(z.number({ message: texts.invalidWeekday }).int({ message: texts.invalidWeekday }).min(0, { message: texts.invalidWeekday }).max(6, { message: texts.invalidWeekday }), {
    message: texts.noWeekdays,
  })
  .min(1, { message: texts.noWeekdays })
  .max(7, { message: texts.invalidWeekday })
  .refine((days) => new Set(days).size === days.length, { message: texts.invalidWeekday })
  .transform((days) => [...days].sort((a, b) => a - b));

const cutoffDaysBeforeSchema = z
  .number({ message: texts.cutoffAfterDelivery })
  .int({ message: texts.cutoffAfterDelivery })
  .min(0, { message: texts.cutoffAfterDelivery })
  .max(MAX_CUTOFF_DAYS_BEFORE, { message: texts.cutoffAfterDelivery });

/** `HH:MM`, 00:00–23:59. */
const cutoffTimeSchema = z.string({ message: texts.invalidCutoffHour }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: texts.invalidCutoffHour });

const zoneFields = {
  name: requiredText({ min: 1, max: 80, required: texts.zoneNameRequired, tooLong: texts.zoneNameTooLong }),
  weekdays: weekdaysSchema,
  cutoff_days_before: cutoffDaysBeforeSchema,
  cutoff_time: cutoffTimeSchema,
  /** Centavos; null: no minimum for the zone. */
  min_order: z
    .number({ message: texts.invalidMinimum })
    .int({ message: texts.invalidMinimum })
    .min(0, { message: texts.invalidMinimum })
    .max(1_000_000_000, { message: texts.invalidMinimum })
    .nullish()
    .transform((v) => v ?? null),
  /** The repartidor who drives the zone (a staff account with the driver role); null: none yet. */
  driver_id: z
    .uuid({ message: texts.driverNotFound })
    .nullish()
    .transform((v) => v?.toLowerCase() ?? null),
};

/** POST /api/admin/zones */
export const zoneCreateSchema = z.strictObject(zoneFields);
/** PATCH /api/admin/zones/:id */
export const zoneUpdateSchema = z.strictObject(zoneFields).partial();
export type ZoneCreate = z.output<typeof zoneCreateSchema>;
export type ZoneUpdate = z.output<typeof zoneUpdateSchema>;

export const zoneSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  weekdays: z.array(z.number().int()),
  cutoff_days_before: z.number().int(),
  cutoff_time: z.string(),
  min_order: z.number().int().nullable(),
  driver_id: z.string().nullable(),
  customers: z.number().int(),
});
export type Zone = z.infer<typeof zoneSchema>;

/** GET /api/admin/zones: the zones, the approved customers in none ("sin zona") and the drivers. */
export const zonesAnswerSchema = z.object({
  items: z.array(zoneSchema),
  customers_without_zone: z.array(z.object({ id: z.string(), name: z.string(), razon_social: z.string().nullable() })),
  /** The staff with the repartidor role: who may drive a zone. */
  drivers: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type ZonesAnswer = z.infer<typeof zonesAnswerSchema>;

/** GET /api/admin/users/:id/zone (nulls: "sin zona"). */
export const customerZoneSchema = z.object({ zone_id: z.number().int().nullable(), stop_position: z.number().int().nullable() });
export type CustomerZone = z.infer<typeof customerZoneSchema>;

/** PATCH /api/admin/users/:id/zone; `zone_id: null` takes the customer out of every zone. */
export const userZoneSchema = z.strictObject({
  zone_id: z.number({ message: texts.zoneNotFound }).int({ message: texts.zoneNotFound }).positive({ message: texts.zoneNotFound }).nullable(),
  stop_position: z
    .number({ message: texts.invalidStopPosition })
    .int({ message: texts.invalidStopPosition })
    .min(1, { message: texts.invalidStopPosition })
    .max(100_000, { message: texts.invalidStopPosition })
    .nullish()
    .transform((v) => v ?? null),
});

const holidaySchema = z.strictObject({
  date: calendarDateSchema,
  name: optionalText({ max: 120, tooLong: texts.holidayNameTooLong, invalid: texts.holidayNameTooLong }),
});

/** PUT /api/admin/holidays: the whole list, replaced. */
export const holidaysPutSchema = z.strictObject({
  holidays: z
    .array(holidaySchema)
    .max(1000, { message: texts.tooManyHolidays })
    .refine((list) => new Set(list.map((h) => h.date)).size === list.length, { message: texts.duplicateHoliday }),
});
export type HolidaysPut = z.output<typeof holidaysPutSchema>;

export const deliveryDateQuerySchema = z.strictObject({ date: z.string({ message: texts.invalidDate }).pipe(calendarDateSchema).optional() });

/** PATCH /api/admin/orders/:id/delivery-date */
export const moveDeliverySchema = z.strictObject({ date: calendarDateSchema });

/** PUT /api/admin/deliveries/:date/:zone_id/stops */
export const stopsOrderSchema = z.strictObject({
  order_ids: z.array(z.uuid({ message: texts.stopsMismatch })).max(2000, { message: texts.stopsMismatch }),
});

const idempotencyKeySchema = z.string({ message: texts.idempotencyKeyRequired }).min(8, { message: texts.idempotencyKeyRequired }).max(100, { message: texts.idempotencyKeyRequired });

/** What the driver collected: a payment, posted with its receipt. */
export const collectedSchema = paymentRequestSchema.omit({ applies_to: true, idempotency_key: true });

/** POST /api/driver/orders/:id/delivered */
export const deliveredSchema = z.strictObject({
  /** Quantities delivered, lower than ordered; a product not listed was delivered in full. */
  lines: z
    .array(
      z.strictObject({
        product_id: z.uuid({ message: texts.unknownLine }),
        quantity: z.number({ message: texts.quantityNegative }).int({ message: texts.quantityNegative }).min(0, { message: texts.quantityNegative }),
      }),
    )
    .max(500, { message: texts.unknownLine })
    .optional(),
  collected: collectedSchema.optional(),
  idempotency_key: idempotencyKeySchema,
});
export type DeliveredRequest = z.output<typeof deliveredSchema>;

export const NOT_DELIVERED_REASONS = ['cerrado', 'rechazado', 'sin_dinero', 'otro'] as const;
export type NotDeliveredReason = (typeof NOT_DELIVERED_REASONS)[number];

/** POST /api/driver/orders/:id/not-delivered */
export const notDeliveredSchema = z.strictObject({
  reason: z.enum(NOT_DELIVERED_REASONS, { message: texts.invalidReason }),
  note: optionalText({ max: 500, tooLong: texts.noteTooLong, invalid: texts.noteTooLong, multiline: true }),
});
export type NotDeliveredRequest = z.output<typeof notDeliveredSchema>;

/** One stop of a day's route (the Repartos view, the route sheet and the driver's list). */
export const deliveryStopSchema = z.object({
  order_id: z.string(),
  customer_id: z.string(),
  customer_name: z.string(),
  razon_social: z.string().nullable(),
  address: z.string().nullable(),
  whatsapp: z.string().nullable(),
  delivery_notes: z.string().nullable(),
  status: z.string(),
  /** 1-based position on the route as shown. */
  stop: z.number().int(),
  /** Units on the truck for this order (the sum of its lines' quantities). */
  bultos: z.number().int(),
  /** Grams on the truck for this order; null when a product of it has no weight. */
  weight_grams: z.number().int().nullable(),
  total: z.number().int(),
  /** Contado orders in full, plus the customer's overdue balance (cuenta corriente). */
  to_collect: z.number().int(),
  lines: z.array(z.object({ product_id: z.string(), name: z.string(), quantity: z.number().int() })),
});
export type DeliveryStop = z.infer<typeof deliveryStopSchema>;

/**
 * A stop finished that day, numbered as on the route sheet: delivered (with what was collected) or
 * not (the reason, and the date it moved to). The driver's list and the owner's Repartos show them.
 */
export const deliveryDoneStopSchema = z.object({
  order_id: z.string(),
  customer_id: z.string(),
  customer_name: z.string(),
  razon_social: z.string().nullable(),
  address: z.string().nullable(),
  stop: z.number().int(),
  /** The order's total now (what was delivered, after a partial delivery). */
  total: z.number().int(),
  outcome: z.enum(['delivered', 'not_delivered']),
  reason: z.enum(NOT_DELIVERED_REASONS).nullable(),
  note: z.string().nullable(),
  rescheduled_to: z.string().nullable(),
  /** The payment taken at the door, or null. */
  collected: z.object({ amount: z.number().int(), method: z.enum(PAYMENT_METHODS) }).nullable(),
});
export type DeliveryDoneStop = z.infer<typeof deliveryDoneStopSchema>;

export const deliveryZoneDaySchema = z.object({
  zone_id: z.number().int(),
  zone_name: z.string(),
  /** Still to deliver, in route order. */
  stops: z.array(deliveryStopSchema),
  /** Already finished that day, in route order. */
  done: z.array(deliveryDoneStopSchema),
  totals: z.object({
    orders: z.number().int(),
    bultos: z.number().int(),
    /** Null when some stop's weight is unknown. */
    weight_grams: z.number().int().nullable(),
    amount: z.number().int(),
    to_collect: z.number().int(),
  }),
});
export type DeliveryZoneDay = z.infer<typeof deliveryZoneDaySchema>;

/** GET /api/admin/deliveries?date= */
export const deliveryDaySchema = z.object({
  date: z.string(),
  zones: z.array(deliveryZoneDaySchema),
  /** Confirmado/Preparado orders of customers without a zone: no date, listed as "sin zona". */
  without_zone: z.array(z.object({ order_id: z.string(), customer_id: z.string(), customer_name: z.string(), status: z.string(), total: z.number().int() })),
  /** The "Tu pedido llega hoy" WhatsApp setting: each stop offers "Avisar por WhatsApp" with the text. */
  notice_whatsapp: z.boolean(),
});
export type DeliveryDay = z.infer<typeof deliveryDaySchema>;

/** GET /api/me/delivery */
export const myDeliverySchema = z.object({
  zone: z.object({ id: z.number().int(), name: z.string(), weekdays: z.array(z.number().int()), min_order: z.number().int().nullable() }).nullable(),
  /** null: no zone, or no possible date in the next twelve months. */
  next_delivery: z
    .object({ date: z.string(), cutoff_date: z.string(), cutoff_time: z.string(), cutoff_at: z.string(), text: z.string() })
    .nullable(),
});

/** The next delivery as the cart shows it: "Llega el jueves 27/11 — pedí antes del miércoles 26/11 a las 18:00". */
export const nextDeliverySchema = myDeliverySchema.shape.next_delivery;
export type MyDelivery = z.infer<typeof myDeliverySchema>;
