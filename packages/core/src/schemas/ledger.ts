import { z } from 'zod';

/** Kinds of stock movement (decision 009); the database CHECK lists the same ones. */
export const STOCK_MOVEMENT_KINDS = [
  'opening',
  'order',
  'order_cancel_restock',
  'admin_edit',
  'import',
  'order_edit',
  'credit_note_restock',
  // The warehouse's count (decision 069): the stock set to what is on the shelf.
  'count',
] as const;
export type StockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number];

/** Kinds of points movement (decision 009); the database CHECK lists the same ones. */
export const POINTS_MOVEMENT_KINDS = ['opening', 'order', 'order_refund', 'admin_adjustment', 'order_edit'] as const;
export type PointsMovementKind = (typeof POINTS_MOVEMENT_KINDS)[number];

export const MOVEMENTS_PAGE_SIZE = 20;

/** `?page=&page_size=` of the movement histories. */
export const movementsPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(MOVEMENTS_PAGE_SIZE),
});
export type MovementsPageQuery = z.infer<typeof movementsPageQuerySchema>;

const movementFields = {
  id: z.number().int(),
  /** The order the movement belongs to, if any. */
  order_id: z.string().nullable(),
  /** Who caused it; null for the system (or an account deleted since). */
  actor_id: z.string().nullable(),
  /** "Nombre Apellido" of the actor, null when there is none. */
  actor_name: z.string().nullable(),
  /** ISO 8601 */
  created_at: z.string(),
};

/** One row of a product's stock ledger: signed units and the stock that resulted. */
export const stockMovementSchema = z.object({
  ...movementFields,
  kind: z.enum(STOCK_MOVEMENT_KINDS),
  quantity: z.number().int(),
  balance: z.number().int(),
});
export type StockMovement = z.infer<typeof stockMovementSchema>;

/** One row of a customer's points ledger: signed centavos and the balance that resulted. */
export const pointsMovementSchema = z.object({
  ...movementFields,
  kind: z.enum(POINTS_MOVEMENT_KINDS),
  amount: z.number().int(),
  balance: z.number().int(),
  reason: z.string().nullable(),
});
export type PointsMovement = z.infer<typeof pointsMovementSchema>;

const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), page_size: z.number().int() });

export const stockMovementsPageSchema = pageOf(stockMovementSchema);
export type StockMovementsPage = z.infer<typeof stockMovementsPageSchema>;
export const pointsMovementsPageSchema = pageOf(pointsMovementSchema);
export type PointsMovementsPage = z.infer<typeof pointsMovementsPageSchema>;
