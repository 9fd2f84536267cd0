import { useLayoutEffect, type RefObject } from 'react';

/** `--shell-top`: the sticky header's height; `--shell-bottom`: a bar kept at the bottom of the screen. */
export type ShellInset = '--shell-top' | '--shell-bottom';

/**
 * Publishes the height of a bar that stays on screen as a CSS variable on the document, so what
 * floats above the page (the toasts) is placed beside it instead of over it (decision 083): the
 * header keeps the cart's badge and the menu in sight, a bottom bar its "Realizar pedido". Follows
 * the bar's size (the header grows with its menu open) and is removed with the bar.
 */
export function useShellInset(ref: RefObject<HTMLElement | null>, inset: ShellInset): void {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement.style;
    const publish = () => root.setProperty(inset, `${element.offsetHeight}px`);
    publish();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.removeProperty(inset);
    };
  }, [ref, inset]);
}
