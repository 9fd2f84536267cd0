import { z } from 'zod';
import { ORDER_STATUSES } from '../constants';
import { orderLife as texts } from '../messages/orderLife';
import { quantitySchema } from './cart';
import { orderSchema } from './order';
import { requiredText } from './text';

// The order-life work (decision 014): what happens to an order after "Realizar pedido" — edits, cancellations, documents,
// e-mails and the dashboard. Request and response contracts, shared by the server and the web.

/** PATCH /api/admin/orders/:id */
export const editOrderSchema = z.strictObject({
  lines: z
    .array(z.strictObject({ product_id: z.uuid({ message: 'Producto inválido.' }), quantity: quantitySchema }))
    .min(1, { message: texts.edit.emptyOrder })
    .max(500, { message: 'El pedido no puede tener más de 500 productos.' })
    .refine((lines) => new Set(lines.map((l) => l.product_id)).size === lines.length, { message: texts.edit.duplicateProduct }),
  reason: requiredText({ min: 3, max: 500, required: texts.edit.reasonRequired, tooLong: texts.edit.reasonTooLong, multiline: true }),
  /** true: every line at today's prices; false (default): lines already ordered keep their prices. */
  reprice: z.boolean().default(false),
  /**
   * The order's `updated_at` the admin was looking at. When given and the order changed since
   * (another admin saved first), the edit is refused with `order_edit_conflict`.
   */
  expected_updated_at: z.string().max(40).optional(),
});
export type EditOrderInput = z.input<typeof editOrderSchema>;
export type EditOrderCommand = z.output<typeof editOrderSchema>;

const editLineSnapshotSchema = z.object({ product_id: z.string(), name: z.string(), quantity: z.number(), total: z.number() });

/** One saved edit, as the admin's order view shows it. */
export const orderEditEntrySchema = z.object({
  id: z.number(),
  actor_name: z.string().nullable(),
  reason: z.string(),
  reprice: z.boolean(),
  before_total: z.number(),
  after_total: z.number(),
  before_items: z.array(editLineSnapshotSchema),
  after_items: z.array(editLineSnapshotSchema),
  /** ISO 8601 */
  created_at: z.string(),
});
export type OrderEditEntry = z.infer<typeof orderEditEntrySchema>;

/** GET /api/admin/orders/:id/edits */
export const orderEditsSchema = z.object({ items: z.array(orderEditEntrySchema) });
export type OrderEdits = z.infer<typeof orderEditsSchema>;

/** POST /api/orders/:id/cancel answer: the cancelled order and the customer's points balance now. */
export const cancelOrderResultSchema = z.object({ order: orderSchema, saldo_puntos: z.number() });
export type CancelOrderResult = z.infer<typeof cancelOrderResultSchema>;

const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: texts.picking.invalidDate })
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), { message: texts.picking.invalidDate });

export const PICKING_SHEET_MAX_ORDERS = 200;
/** A day's picking sheet lists the orders nobody has prepared yet. */
export const PICKING_STATUSES = ['Pendiente', 'Pendiente de Canje', 'Confirmado'] as const satisfies readonly (typeof ORDER_STATUSES)[number][];

/** GET /api/admin/picking-sheet.pdf?ids=a,b,c or ?date=YYYY-MM-DD (exactly one of them). */
export const pickingSheetQuerySchema = z
  .object({
    ids: z
      .string()
      .max(PICKING_SHEET_MAX_ORDERS * 40)
      .transform((value) => [...new Set(value.split(',').map((id) => id.trim()).filter(Boolean))])
      .pipe(
        z
          .array(z.uuid({ message: texts.picking.invalidIds }))
          .min(1, { message: texts.picking.chooseOrders })
          .max(PICKING_SHEET_MAX_ORDERS, { message: texts.picking.tooManyOrders(PICKING_SHEET_MAX_ORDERS) }),
      )
      .optional(),
    date: isoDateSchema.optional(),
  })
  .refine((q) => (q.ids === undefined) !== (q.date === undefined), { message: texts.picking.chooseOrders, path: ['ids'] });
export type PickingSheetQuery = z.output<typeof pickingSheetQuerySchema>;

export const DASHBOARD_PERIODS = ['day', 'week', 'month'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

export const dashboardQuerySchema = z.object({
  period: z.enum(DASHBOARD_PERIODS, { message: texts.dashboard.invalidPeriod }).default('week'),
});

const periodFiguresSchema = z.object({
  /** ISO 8601, inclusive */
  from: z.string(),
  /** ISO 8601, exclusive */
  to: z.string(),
  /** Centavos of the orders that count as sales (not cancelled, rejected or paid with points). */
  sales: z.number(),
  orders: z.number(),
  /** sales / orders, rounded to the centavo; 0 without orders. */
  average_ticket: z.number(),
});
export type PeriodFigures = z.infer<typeof periodFiguresSchema>;

export const OUTBOX_STATUSES = ['pending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
export const OUTBOX_KINDS = [
  'order_placed',
  'status_changed',
  'order_edited',
  'admin_new_order',
  'admin_order_cancelled',
  // The cuenta corriente (decisions 037–039)
  'payment_receipt',
  'credit_hold_released',
  'credit_hold_rejected',
  'account_reminder',
  // Repartos: "Tu pedido llega hoy", on the morning of the delivery date
  'delivery_today',
] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

export const outboxEmailSchema = z.object({
  id: z.number(),
  kind: z.enum(OUTBOX_KINDS),
  recipient: z.string(),
  order_id: z.string().nullable(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number(),
  last_error: z.string().nullable(),
  /** ISO 8601 */
  created_at: z.string(),
});
export type OutboxEmail = z.infer<typeof outboxEmailSchema>;

/** GET /api/admin/dashboard answer. */
export const dashboardSchema = z.object({
  period: z.enum(DASHBOARD_PERIODS),
  current: periodFiguresSchema,
  /** The same length of time just before `current` (yesterday up to this hour, last week up to this weekday…). */
  previous: periodFiguresSchema,
  top_products: z.array(z.object({ product_id: z.string(), name: z.string(), quantity: z.number(), sales: z.number() })),
  top_customers: z.array(z.object({ user_id: z.string(), name: z.string(), email: z.string(), orders: z.number(), sales: z.number() })),
  orders_by_status: z.array(z.object({ status: z.enum(ORDER_STATUSES), count: z.number() })),
  accounts_awaiting_approval: z.number(),
  low_stock: z.object({
    threshold: z.number(),
    items: z.array(z.object({ id: z.string(), name: z.string(), stock: z.number() })),
  }),
  /** The last 30 calendar days (Argentina), oldest first, every day present. */
  daily_sales: z.array(z.object({ date: z.string(), sales: z.number(), orders: z.number() })),
  emails: z.object({ pending: z.number(), failed: z.number(), recent_failed: z.array(outboxEmailSchema) }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
