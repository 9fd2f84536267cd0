import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { CART_SAVE_DEBOUNCE_MS } from '@mayorista/core/constants';
import { cart as cartTexts } from '@mayorista/core/messages/cart';
import { ApiError } from '../api-client';
import { toast } from '../../components/ui/toast-store';
import { saveCart } from './cart-api';
import { QUEUED_ORDER_PLACED } from './offline-events';
import { clearPendingCart, writeKnownCart, writePendingCart } from './pending-cart';
import { toCartData, type CartLine } from './cart-rules';
import { termsOf, type CartTerms } from './cart-summary';

export interface CartSaving {
  /** A change is waiting to be saved. */
  dirtyRef: RefObject<boolean>;
  /** The debounce is running: a change will be saved when it fires. */
  waiting(): boolean;
  /** The last save in the chain: saves run one after another. */
  saveChainRef: RefObject<Promise<void>>;
  saveNow(options?: { quiet?: boolean }): Promise<void>;
  /** Marks the cart changed, keeps the change in this browser and saves it after the debounce. */
  scheduleSave(): void;
}

/** A refused save says why when the server's own rules refused it (they name the product); anything else is a generic failure. */
function toastSaveError(error: unknown) {
  // The server's own rules (the wholesale-ordering work, decision 016) name the product.
  const refused = error instanceof ApiError && error.code === 'quantity_rule_violated';
  toast({ title: cartTexts.saveError, description: refused ? error.message : undefined, variant: 'destructive' });
}

/**
 * Saving the cart: CART_SAVE_DEBOUNCE_MS after the last change, at once when asked, one save after
 * another so an older save can never land after a newer one; each answer refreshes the terms.
 * Closing or reloading the tab within the debounce saves the last change quietly.
 */
export function useCartSaving(
  linesRef: RefObject<CartLine[]>,
  userId: string | null,
  setTerms: (terms: CartTerms) => void,
): CartSaving {
  const dirtyRef = useRef(false);
  const timerRef = useRef<ReturnType<typeof setTimeout> | null>(null);
  const saveChainRef = useRef<Promise<void>>(Promise.resolve());
  const userIdRef = useRef(userId);
  userIdRef.current = userId;

  const cancelTimer = useCallback(() => {
    if (timerRef.current !== null) clearTimeout(timerRef.current);
    timerRef.current = null;
  }, []);

  const saveNow = useCallback(
    (options: { quiet?: boolean } = {}): Promise<void> => {
      cancelTimer();
      const cartData = toCartData(linesRef.current);
      const owner = userIdRef.current;
      dirtyRef.current = false;
      saveChainRef.current = saveChainRef.current.then(() =>
        saveCart(cartData).then(
          (saved) => {
            if (owner) clearPendingCart(owner, cartData);
            if (owner) writeKnownCart(owner, saved.cart_data);
            setTerms(termsOf(saved));
          },
          (error: unknown) => {
            // Without network the change waits on the device (decision 043) and goes out when the
            // network returns; the offline banner already says why.
            if (error instanceof ApiError && error.code === 'network_error') {
              if (owner) writePendingCart(owner, cartData);
              dirtyRef.current = true;
              return;
            }
            if (!options.quiet) toastSaveError(error);
          },
        ),
      );
      return saveChainRef.current;
    },
    [cancelTimer, linesRef, setTerms],
  );

  const scheduleSave = useCallback(() => {
    dirtyRef.current = true;
    if (userIdRef.current) writePendingCart(userIdRef.current, toCartData(linesRef.current));
    cancelTimer();
    timerRef.current = setTimeout(() => void saveNow(), CART_SAVE_DEBOUNCE_MS);
  }, [cancelTimer, linesRef, saveNow]);

  // Closing or reloading the tab within the debounce would lose the last change.
  useEffect(() => {
    const onPageHide = () => {
      if (timerRef.current !== null) void saveNow({ quiet: true });
    };
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, [saveNow]);

  useEffect(() => cancelTimer, [cancelTimer]);

  // Back online: a change that waited on the device goes out. A queued order just placed emptied
  // the saved cart, so the lines on screen are saved again (decisions 043, 044).
  useEffect(() => {
    const onOnline = () => {
      if (dirtyRef.current) void saveNow({ quiet: true });
    };
    const onQueuedPlaced = () => {
      if (linesRef.current.length > 0) void saveNow({ quiet: true });
    };
    window.addEventListener('online', onOnline);
    window.addEventListener(QUEUED_ORDER_PLACED, onQueuedPlaced);
    return () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener(QUEUED_ORDER_PLACED, onQueuedPlaced);
    };
  }, [saveNow, linesRef]);

  const waiting = useCallback(() => timerRef.current !== null, []);
  return { dirtyRef, waiting, saveChainRef, saveNow, scheduleSave };
}
