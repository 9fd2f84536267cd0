import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type Dispatch,
  type ReactNode,
  type RefObject,
  type SetStateAction,
} from 'react';
import { cart as cartTexts } from '@mayorista/core/messages/cart';
import type { CartResponse } from '@mayorista/core/schemas/cart';
import { toast } from '../../components/ui/toast-store';
import { isApproved, useAuth } from '../auth';
import { fetchCart, saveCart } from './cart-api';
import { CartContext, type CartContextValue, type CartStatus } from './cart-context';
import { ApiError } from '../api-client';
import { offlineSource } from '../offline-source';
import { clearPendingCart, readPendingCart, writeKnownCart } from './pending-cart';
import { addToLines, fromCartData, removeLine, setLineQuantity, type CartLine, type CartNotice } from './cart-rules';
import { useCartSaving, type CartSaving } from './cart-saving';
import { DEFAULT_TERMS, sortForDisplay, summarizeCart, termsOf, type CartTerms } from './cart-summary';

const showNotice = (notice: CartNotice | null) => {
  if (notice) toast(notice);
};

/** The cart from the device without network (decision 043); the snapshot's code loads only then. */
const loadOffline = (userId: string) =>
  offlineSource().then((source) => source?.offlineCart(userId).catch(() => null) ?? null);

/** Local changes made while the saved cart was still loading win over it, product by product. */
function mergeLoaded(loaded: CartLine[], local: CartLine[]): CartLine[] {
  const localIds = new Set(local.map((line) => line.product.id));
  return [...loaded.filter((line) => !localIds.has(line.product.id)), ...local];
}

/** The lines, readable and writable synchronously through the ref so each action toasts exactly once. */
function useLines() {
  const [lines, setLines] = useState<CartLine[]>([]);
  const linesRef = useRef<CartLine[]>([]);
  const commit = useCallback((next: CartLine[]) => {
    linesRef.current = next;
    setLines(next);
  }, []);
  return { lines, linesRef, commit };
}

function toastRemoved(removed: CartResponse['removed']) {
  if (removed.length === 0) return;
  toast({
    title: cartTexts.removedTitle,
    description: cartTexts.removedText(removed.map((r) => r.name ?? cartTexts.unknownProduct)),
  });
}

interface CartLoad {
  userId: string | null;
  loadCount: number;
  linesRef: RefObject<CartLine[]>;
  commit: (next: CartLine[]) => void;
  setTerms: Dispatch<SetStateAction<CartTerms>>;
  setStatus: (status: CartStatus) => void;
  saving: CartSaving;
}

/**
 * Loads the signed-in customer's cart (again on reload()). A change that never reached the server
 * (the page was reloaded within the debounce) is saved first; changes made while loading win.
 */
function useCartLoad({ userId, loadCount, linesRef, commit, setTerms, setStatus, saving }: CartLoad) {
  const { dirtyRef, waiting, saveNow, scheduleSave } = saving;
  useEffect(() => {
    commit([]);
    setTerms((terms) => ({ ...terms, added: {} }));
    dirtyRef.current = false;
    if (!userId) {
      setStatus('idle');
      return;
    }
    const controller = new AbortController();
    setStatus('loading');
    const pending = readPendingCart(userId);
    const loading = pending ? saveCart(pending) : fetchCart(controller.signal);
    loading.then(
      (cart) => {
        if (controller.signal.aborted) return;
        if (pending) clearPendingCart(userId, pending);
        writeKnownCart(userId, cart.cart_data);
        const loaded = fromCartData(cart.cart_data, cart.products);
        setTerms(termsOf(cart));
        if (dirtyRef.current) {
          commit(mergeLoaded(loaded, linesRef.current));
          scheduleSave();
        } else {
          commit(loaded);
        }
        setStatus('ready');
        toastRemoved(cart.removed);
      },
      (error: unknown) => {
        if ((error as Error)?.name === 'AbortError') return;
        if (error instanceof ApiError && error.code === 'network_error') {
          // Without network: the device's copy, priced from its snapshot (decision 043).
          void loadOffline(userId).then((offline) => {
            if (controller.signal.aborted) return;
            if (!offline) {
              setStatus('error');
              toast({ title: cartTexts.loadError, variant: 'destructive' });
              return;
            }
            setTerms({ minOrderAmount: offline.minOrderAmount, ivaView: { pricesIncludeIva: offline.pricesIncludeIva, itemised: false }, added: {} });
            commit(dirtyRef.current ? mergeLoaded(offline.lines, linesRef.current) : offline.lines);
            // Saved when the network returns (cart-saving.ts).
            dirtyRef.current = true;
            setStatus('ready');
          });
          return;
        }
        setStatus('error');
        toast({ title: cartTexts.loadError, variant: 'destructive' });
      },
    );
    return () => {
      controller.abort();
      // Leaving (sign-out, another user): a change still waiting for the debounce is saved now,
      // quietly, since the person it belongs to is no longer looking.
      if (waiting()) void saveNow({ quiet: true });
    };
  }, [userId, loadCount, commit, scheduleSave, saveNow, dirtyRef, waiting, linesRef, setTerms, setStatus]);
}

type CartActions = Pick<CartContextValue, 'addItem' | 'setQuantity' | 'removeItem' | 'clear' | 'flushSave' | 'currentLines'>;

/** What the cart's buttons do: each change goes through the cart rules, is committed, then saved. */
function useCartActions(linesRef: RefObject<CartLine[]>, commit: (next: CartLine[]) => void, saving: CartSaving): CartActions {
  const { dirtyRef, saveChainRef, saveNow, scheduleSave } = saving;
  return useMemo<CartActions>(
    () => ({
      addItem: (product, quantity = 1) => {
        const change = addToLines(linesRef.current, product, quantity);
        showNotice(change.notice);
        if (change.lines === linesRef.current) return false;
        commit(change.lines);
        scheduleSave();
        return true;
      },
      setQuantity: (productId, quantity) => {
        const change = setLineQuantity(linesRef.current, productId, quantity);
        showNotice(change.notice);
        if (change.lines === linesRef.current) return;
        commit(change.lines);
        scheduleSave();
      },
      removeItem: (productId) => {
        const next = removeLine(linesRef.current, productId);
        if (next.length === linesRef.current.length) return;
        commit(next);
        scheduleSave();
      },
      clear: () => {
        commit([]);
        void saveNow();
      },
      flushSave: (options = {}) => (dirtyRef.current ? saveNow(options) : saveChainRef.current),
      // In the order the cart shows them: the order keeps its lines as sent.
      currentLines: () => sortForDisplay(linesRef.current).map((line) => ({ product_id: line.product.id, quantity: line.quantity })),
    }),
    [linesRef, commit, scheduleSave, saveNow, dirtyRef, saveChainRef],
  );
}

/**
 * The approved customer's cart (the data model and the states and transitions and the validation rules): loaded from the server after sign-in, saved
 * CART_SAVE_DEBOUNCE_MS after the last change and at once when cleared. Saves run one after
 * another, so an older save can never land after a newer one.
 */
export function CartProvider({ children }: { children: ReactNode }) {
  const value = useCartValue();
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

/** The cart's state and actions for whoever is signed in (an empty, idle cart for anyone but an approved customer). */
export function useCartValue(): CartContextValue {
  const { user, profile } = useAuth();
  const userId = user && isApproved(profile) ? user.id : null;
  const { lines, linesRef, commit } = useLines();
  const [status, setStatus] = useState<CartStatus>('idle');
  const [terms, setTerms] = useState<CartTerms>(DEFAULT_TERMS);
  const [loadCount, setLoadCount] = useState(0);
  const saving = useCartSaving(linesRef, userId, setTerms);
  useCartLoad({ userId, loadCount, linesRef, commit, setTerms, setStatus, saving });
  const actions = useCartActions(linesRef, commit, saving);
  const reload = useCallback(() => setLoadCount((n) => n + 1), []);

  return useMemo<CartContextValue>(
    () => ({ ...summarizeCart(lines, terms), status, ...actions, reload }),
    [lines, terms, status, actions, reload],
  );
}
