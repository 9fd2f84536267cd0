import { useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';

/**
 * Window-scrolled virtual rows (the catalogue-at-scale work, decision 008): a list of thousands of rows keeps only the rows
 * near the screen in the DOM, so "Cargar más" fifty times costs what one screenful costs. The page
 * still scrolls as a whole (no inner scroll box), and the space of the rows not rendered is kept
 * as padding before and after, so the scroll bar and position stay true.
 *
 * `measure` goes on each rendered row (with `data-index`): rows are measured as they render, so
 * cards of different heights are fine; `estimate` is only the first guess for rows never seen.
 */
export function useWindowRows<T extends HTMLElement>(count: number, estimate: number, overscan = 3) {
  const listRef = useRef<T>(null);
  // Where the list starts in the page: the virtualizer counts rows from there. Re-read when the
  // rows change (a page loaded, the grid's columns changed with the width).
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const top = listRef.current ? listRef.current.getBoundingClientRect().top + window.scrollY : 0;
    if (Math.abs(top - scrollMargin) > 1) setScrollMargin(top);
  }, [count, scrollMargin]);
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: () => estimate,
    overscan,
    scrollMargin,
    // The window's size from the start (the library's default is 0 × 0 until its first effect):
    // the first render already holds the rows that fill the screen, not one row that a second,
    // synchronous render then completes in the same task (decision 024).
    initialRect: { width: window.innerWidth, height: window.innerHeight },
  });
  const rows = virtualizer.getVirtualItems();
  const first = rows[0];
  const last = rows[rows.length - 1];
  return {
    listRef,
    rows,
    before: first ? first.start - scrollMargin : 0,
    after: last ? Math.max(0, virtualizer.getTotalSize() - (last.end - scrollMargin)) : 0,
    measure: virtualizer.measureElement,
  };
}

const subscribeToResize = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};

/**
 * How many columns a responsive grid has at the current width, from its breakpoints
 * (`[[minWidthPx, columns], …]`, ascending), matching the grid's own CSS classes.
 */
export function useColumns(breakpoints: readonly (readonly [number, number])[]): number {
  return useSyncExternalStore(
    subscribeToResize,
    () => breakpoints.reduce((columns, [minWidth, n]) => (window.innerWidth >= minWidth ? n : columns), 1),
    () => 1,
  );
}
