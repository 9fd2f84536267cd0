import { useLayoutEffect } from 'react';
import type { CartContextValue } from './cart-context';
import { useCartValue } from './cart-provider';

/**
 * The cart's working part (its rules, pricing, IVA and saving), loaded by cart-gate.tsx once an
 * approved customer is signed in. It renders nothing: it hands each new value to the gate, which
 * provides it to the pages, so the pages never remount when it arrives.
 */
export default function CartEngine({ onValue }: { onValue: (value: CartContextValue) => void }) {
  const value = useCartValue();
  // Before paint: an action's new lines reach the pages in the same frame, as with a plain provider.
  useLayoutEffect(() => onValue(value), [onValue, value]);
  return null;
}
