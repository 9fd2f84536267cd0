import { useCallback, useState } from 'react';

export type CatalogView = 'list' | 'cards';

const STORAGE_KEY = 'catalogo-vista';
/** Below this width the order-form list is the default (a phone); above it the cards are. */
const LIST_DEFAULT_BELOW_PX = 768;

function initialView(): CatalogView {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    if (stored === 'list' || stored === 'cards') return stored;
  } catch {
    // Storage blocked (private mode): fall back to the width.
  }
  return window.innerWidth < LIST_DEFAULT_BELOW_PX ? 'list' : 'cards';
}

/** The catalogue's view (the wholesale-ordering work, decision 016): the order-form list on phones, cards on larger screens, the choice remembered. */
export function useCatalogView(): [CatalogView, (view: CatalogView) => void] {
  const [view, setView] = useState<CatalogView>(initialView);
  const choose = useCallback((next: CatalogView) => {
    setView(next);
    try {
      window.localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Not remembered; the choice still applies now.
    }
  }, []);
  return [view, choose];
}
