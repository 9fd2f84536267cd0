import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { CART_SAVE_DEBOUNCE_MS } from '@mayorista/core/constants';
import { cart as cartTexts } from '@mayorista/core/messages/cart';
import { priceCart } from '@mayorista/core/pricing';
import { DEFAULT_IVA_RATE, ivaBreakdown } from '@mayorista/core/iva-breakdown';
import { missingForMinimumOrder } from '@mayorista/core/quantity-rules';
import { ApiError } from '../api-client';
import { toast } from '../../components/ui/toast-store';
import { isApproved, useAuth } from '../auth';
import { fetchCart, saveCart } from './cart-api';
import { CartContext, type CartContextValue, type CartStatus } from './cart-context';
import { clearPendingCart, readPendingCart, writeKnownCart, writePendingCart } from './pending-cart';
import { offlineSource } from '../offline-source';
import { QUEUED_ORDER_PLACED } from './offline-events';
import { changeSinceAdded } from './added-prices';
import {
  addToLines,
  fromCartData,
  lineProblem,
  removeLine,
  setLineQuantity,
  toCartData,
  type CartLine,
  type CartNotice,
} from './cart-rules';

const showNotice = (notice: CartNotice | null) => {
  if (notice) toast(notice);
};

const ivaViewOf = (cart: { prices_include_iva?: boolean; iva_itemised?: boolean }) => ({
  pricesIncludeIva: cart.prices_include_iva ?? true,
  itemised: cart.iva_itemised ?? false,
});

/** Local changes made while the saved cart was still loading win over it, product by product. */
function mergeLoaded(loaded: CartLine[], local: CartLine[]): CartLine[] {
  const localIds = new Set(local.map((line) => line.product.id));
  return [...loaded.filter((line) => !localIds.has(line.product.id)), ...local];
}

const byName = new Intl.Collator('es', { sensitivity: 'base', numeric: true });

/**
 * Decision 033: lines show by category, then by name — the order of a stock list, the same after a
 * reload or on another device (the saved cart keeps no order of its own: it is a jsonb object).
 * Products without a category come last.
 */
function sortForDisplay<T extends { product: { name: string; category?: string | null } }>(items: T[]): T[] {
  return [...items].sort((a, b) => {
    const ca = a.product.category ?? '';
    const cb = b.product.category ?? '';
    if (ca !== cb) return ca === '' ? 1 : cb === '' ? -1 : byName.compare(ca, cb);
    return byName.compare(a.product.name, b.product.name);
  });
}

/**
 * The approved customer's cart (the data model and the states and transitions and the validation rules): loaded from the server after sign-in, saved
 * CART_SAVE_DEBOUNCE_MS after the last change and at once when cleared. Saves run one after
 * another, so an older save can never land after a newer one.
 */
export function CartProvider({ children }: { children: ReactNode }) {
  const { user, profile } = useAuth();
  const userId = user && isApproved(profile) ? user.id : null;

  const [lines, setLines] = useState<CartLine[]>([]);
  const [status, setStatus] = useState<CartStatus>('idle');
  const [minOrderAmount, setMinOrderAmount] = useState(0);
  // Until the server says otherwise: prices include IVA and nothing is itemised (the defaults).
  const [ivaView, setIvaView] = useState({ pricesIncludeIva: true, itemised: false });
  /** The server's unit price of each line when it was added (the repricing work, decision 015). */
  const [added, setAdded] = useState<Record<string, number>>({});
  const [loadCount, setLoadCount] = useState(0);
  // Rules read and write the latest lines synchronously, so each action toasts exactly once.
  const linesRef = useRef<CartLine[]>([]);
  const dirtyRef = useRef(false);
  const timerRef = useRef<ReturnType<typeof setTimeout> | null>(null);
  const saveChainRef = useRef<Promise<void>>(Promise.resolve());
  const userIdRef = useRef(userId);
  userIdRef.current = userId;

  const commit = useCallback((next: CartLine[]) => {
    linesRef.current = next;
    setLines(next);
  }, []);

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
            setMinOrderAmount(saved.min_order_amount ?? 0);
            setIvaView(ivaViewOf(saved));
            setAdded(saved.added_prices ?? {});
          },
          (error: unknown) => {
            // Without network the change waits on the device (decision 043) and goes out when the
            // browser is back online; the offline banner already says why.
            if (error instanceof ApiError && error.code === 'network_error') {
              if (owner) writePendingCart(owner, cartData);
              dirtyRef.current = true;
              return;
            }
            if (options.quiet) return;
            // The server's own rules (the wholesale-ordering work, decision 016) name the product; anything else is a generic failure.
            const refused = error instanceof ApiError && error.code === 'quantity_rule_violated';
            toast({ title: cartTexts.saveError, description: refused ? error.message : undefined, variant: 'destructive' });
          },
        ),
      );
      return saveChainRef.current;
    },
    [cancelTimer],
  );

  const scheduleSave = useCallback(() => {
    dirtyRef.current = true;
    if (userIdRef.current) writePendingCart(userIdRef.current, toCartData(linesRef.current));
    cancelTimer();
    timerRef.current = setTimeout(() => void saveNow(), CART_SAVE_DEBOUNCE_MS);
  }, [cancelTimer, saveNow]);

  useEffect(() => {
    commit([]);
    setAdded({});
    dirtyRef.current = false;
    if (!userId) {
      setStatus('idle');
      return;
    }
    const controller = new AbortController();
    setStatus('loading');
    // A change that never reached the server (the page was reloaded within the debounce) is saved first.
    const pending = readPendingCart(userId);
    const loading = pending ? saveCart(pending) : fetchCart(controller.signal);
    loading.then(
      (cart) => {
        if (controller.signal.aborted) return;
        if (pending) clearPendingCart(userId, pending);
        writeKnownCart(userId, cart.cart_data);
        const loaded = fromCartData(cart.cart_data, cart.products);
        setMinOrderAmount(cart.min_order_amount ?? 0);
        setIvaView(ivaViewOf(cart));
        setAdded(cart.added_prices ?? {});
        if (dirtyRef.current) {
          commit(mergeLoaded(loaded, linesRef.current));
          scheduleSave();
        } else {
          commit(loaded);
        }
        setStatus('ready');
        if (cart.removed.length > 0) {
          toast({
            title: cartTexts.removedTitle,
            description: cartTexts.removedText(cart.removed.map((r) => r.name ?? cartTexts.unknownProduct)),
          });
        }
      },
      (error: unknown) => {
        if ((error as Error)?.name === 'AbortError') return;
        if (error instanceof ApiError && error.code === 'network_error') {
          // Without network: the device's copy, priced from its snapshot (decision 043).
          void offlineSource()
            .then((source) => source?.offlineCart(userId).catch(() => null) ?? null)
            .then((offline) => {
              if (controller.signal.aborted) return;
              if (!offline) {
                setStatus('error');
                toast({ title: cartTexts.loadError, variant: 'destructive' });
                return;
              }
              setMinOrderAmount(offline.minOrderAmount);
              setIvaView({ pricesIncludeIva: offline.pricesIncludeIva, itemised: false });
              commit(dirtyRef.current ? mergeLoaded(offline.lines, linesRef.current) : offline.lines);
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
      if (timerRef.current !== null) void saveNow({ quiet: true });
    };
  }, [userId, loadCount, commit, scheduleSave, saveNow]);

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
  // the saved cart, so the lines on screen are saved again (decision 043).
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
  }, [saveNow]);

  const addItem = useCallback<CartContextValue['addItem']>(
    (product, quantity = 1) => {
      const change = addToLines(linesRef.current, product, quantity);
      showNotice(change.notice);
      if (change.lines === linesRef.current) return false;
      commit(change.lines);
      scheduleSave();
      return true;
    },
    [commit, scheduleSave],
  );

  const setQuantity = useCallback<CartContextValue['setQuantity']>(
    (productId, quantity) => {
      const change = setLineQuantity(linesRef.current, productId, quantity);
      showNotice(change.notice);
      if (change.lines === linesRef.current) return;
      commit(change.lines);
      scheduleSave();
    },
    [commit, scheduleSave],
  );

  const removeItem = useCallback<CartContextValue['removeItem']>(
    (productId) => {
      const next = removeLine(linesRef.current, productId);
      if (next.length === linesRef.current.length) return;
      commit(next);
      scheduleSave();
    },
    [commit, scheduleSave],
  );

  const clear = useCallback(() => {
    commit([]);
    void saveNow();
  }, [commit, saveNow]);

  const flushSave = useCallback(
    (options: { quiet?: boolean } = {}) => (dirtyRef.current ? saveNow(options) : saveChainRef.current),
    [saveNow],
  );
  const currentLines = useCallback(
    () => linesRef.current.map((line) => ({ product_id: line.product.id, quantity: line.quantity })),
    [],
  );
  const reload = useCallback(() => setLoadCount((n) => n + 1), []);

  const value = useMemo<CartContextValue>(() => {
    const priced = priceCart(lines, 'wholesale');
    // The same rule the server applies when the order is placed: IVA on the priced lines.
    const breakdown = ivaBreakdown(
      priced.lines.map((price, index) => ({
        lineTotal: price.lineTotal,
        ivaRate: lines[index]!.product.iva_rate ?? DEFAULT_IVA_RATE,
      })),
      ivaView.pricesIncludeIva,
    );
    const missingForMinimum = missingForMinimumOrder(breakdown.total, minOrderAmount);
    const items = sortForDisplay(
      lines.map((line, index) => ({
        ...line,
        price: priced.lines[index]!,
        iva: breakdown.lines[index]!,
        changedPercent: changeSinceAdded(added, line.product),
        problem: lineProblem(line),
      })),
    );
    return {
      items,
      minOrderAmount,
      missingForMinimum,
      blocked: missingForMinimum > 0 || items.some((item) => item.problem !== null),
      count: lines.reduce((sum, line) => sum + line.quantity, 0),
      total: breakdown.total,
      totalSavings: priced.totalSavings,
      iva: { breakdown, ...ivaView },
      status,
      addItem,
      setQuantity,
      removeItem,
      clear,
      flushSave,
      currentLines,
      reload,
    };
  }, [lines, added, status, minOrderAmount, ivaView, addItem, setQuantity, removeItem, clear, flushSave, currentLines, reload]);

  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}
