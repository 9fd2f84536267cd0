/** The order edit dialog as the admin left it. */
export interface OrderEditValues {
  lines: { product_id: string; quantity: number }[];
  reason: string;
  reprice: boolean;
  /** The order's `updated_at` the admin was looking at. */
  updatedAt: string;
}

/**
 * The body of PATCH /api/admin/orders/:id. Pure: the server's contract tests send exactly this
 * (docs/decisions/028).
 */
export function toOrderEditBody(values: OrderEditValues) {
  return {
    lines: values.lines.map(({ product_id, quantity }) => ({ product_id, quantity })),
    reason: values.reason.trim(),
    reprice: values.reprice,
    expected_updated_at: values.updatedAt,
  };
}
