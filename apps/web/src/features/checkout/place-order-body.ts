/** The cart page's checkout as the customer left it. */
export interface PlaceOrderValues {
  items: { product_id: string; quantity: number }[];
  /** The optional note, as typed; empty goes as "". */
  observaciones: string;
  payWithPoints: boolean;
  idempotencyKey: string;
}

/**
 * The body of POST /api/orders. Pure: the server's contract tests send exactly this
 * (docs/decisions/028). The server prices everything; the client sends only ids and quantities.
 */
export function toPlaceOrderBody(values: PlaceOrderValues) {
  return {
    items: values.items.map(({ product_id, quantity }) => ({ product_id, quantity })),
    observaciones: values.observaciones,
    canjeado_con_puntos: values.payWithPoints,
    idempotency_key: values.idempotencyKey,
  };
}
