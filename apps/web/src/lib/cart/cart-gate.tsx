import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { shopsForSelf, useAuth } from '../auth';
import { CartContext, type CartContextValue } from './cart-context';
import { noCart } from './no-cart';

/** The cart's code (rules, pricing, IVA, saving): not in the first download; main.tsx starts it early for a stored session. */
export const loadCartEngine = () => import('./cart-engine');
const CartEngine = lazy(loadCartEngine);

/**
 * Provides the cart to every page. Visitors and staff who do not buy (decision 067) get an empty cart and never download its
 * code; an approved customer's cart code loads once they are signed in, and from then on stays
 * mounted (it empties itself on sign-out and saves a change still waiting, as it always did).
 * The pages are never remounted when it arrives: the engine hands its value up to this provider.
 */
export function CartGate({ children }: { children: ReactNode }) {
  const { session, user, profile } = useAuth();
  const customer = !!user && shopsForSelf(profile);
  const [engineWanted, setEngineWanted] = useState(customer);
  if (customer && !engineWanted) setEngineWanted(true);
  const [engineValue, setEngineValue] = useState<CartContextValue | null>(null);
  // Someone just signed in: the engine downloads while their profile is asked for, not after it
  // (the session is known first; the user and profile arrive together).
  const signedIn = !!session;
  useEffect(() => {
    if (signedIn) loadCartEngine().catch(() => undefined);
  }, [signedIn]);
  const waiting = useMemo(() => noCart(customer ? 'loading' : 'idle'), [customer]);
  return (
    <CartContext.Provider value={engineValue ?? waiting}>
      {engineWanted ? (
        <Suspense fallback={null}>
          <CartEngine onValue={setEngineValue} />
        </Suspense>
      ) : null}
      {children}
    </CartContext.Provider>
  );
}
