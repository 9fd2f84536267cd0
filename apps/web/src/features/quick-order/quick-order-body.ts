import { parseQuickOrder, type ParsedQuickOrder } from '@mayorista/core/quick-order';

/**
 * The body of POST /api/cart/lines from the quick order: each parsed line's code and quantity.
 * Pure: the server's contract tests send exactly this (docs/decisions/028).
 */
export function toQuickOrderBody(parsed: ParsedQuickOrder, preview: boolean) {
  return { lines: parsed.lines.map(({ sku, quantity }) => ({ sku, quantity })), preview };
}

/** The same from the pasted text, as the page reads it. */
export const quickOrderBodyFromText = (text: string, preview: boolean) => toQuickOrderBody(parseQuickOrder(text), preview);
