import { useState } from 'react';
import type { Product } from '@mayorista/core/schemas/product';
import type { AdminOrder } from '../api/admin-orders-api';
import { digitsOnly } from '../../../lib/digits-only';

export const MAX_QUANTITY = 10_000;

export interface Line {
  product_id: string;
  name: string;
  quantity: number;
}

/**
 * The order's lines while they are edited: quantities as typed, removals, added products. A box
 * shows what is typed ("" on the way to "12"); the line keeps the last valid number. A box is
 * judged once left (decision 033), and every box after a submit (`check`).
 */
export function useEditLines(order: AdminOrder) {
  const [lines, setLines] = useState<Line[]>(
    order.items.map((i) => ({ product_id: i.product_id, name: i.name, quantity: i.quantity })),
  );
  const [added, setAdded] = useState<Map<string, Product>>(new Map());
  const [drafts, setDrafts] = useState<ReadonlyMap<string, string>>(new Map());
  const [checked, setChecked] = useState(false);
  // Boxes the person has left (decision 033): judged from then on as they are corrected, like after a submit.
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set());

  const draftOf = (line: Line) => drafts.get(line.product_id) ?? String(line.quantity);
  const quantityWrong = (line: Line) => {
    const n = Number(draftOf(line));
    return !(Number.isInteger(n) && n >= 1 && n <= MAX_QUANTITY);
  };
  const typeQuantity = (line: Line, typed: string) => {
    const digits = digitsOnly(typed);
    setDrafts((current) => new Map(current).set(line.product_id, digits));
    const n = Number(digits);
    if (digits !== '' && n >= 1 && n <= MAX_QUANTITY) {
      setLines((current) => current.map((l) => (l.product_id === line.product_id ? { ...l, quantity: n } : l)));
    }
  };
  return {
    lines,
    added,
    draftOf,
    quantityWrong,
    typeQuantity,
    showQuantityError: (line: Line) => (checked || left.has(line.product_id)) && quantityWrong(line),
    leave: (productId: string) => setLeft((current) => (current.has(productId) ? current : new Set(current).add(productId))),
    /** A submit: every box is judged from now on. */
    check: () => setChecked(true),
    remove: (productId: string) => setLines((current) => current.filter((l) => l.product_id !== productId)),
    add: (product: Product) => {
      setAdded((current) => new Map(current).set(product.id, product));
      setLines((current) => [...current, { product_id: product.id, name: product.name, quantity: 1 }]);
    },
  };
}

export type EditLines = ReturnType<typeof useEditLines>;
