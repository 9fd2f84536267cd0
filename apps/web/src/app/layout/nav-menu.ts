import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * The "Menú" disclosure below 1280 px: open or closed, its id for aria-controls, and the toggle
 * button's ref. Closes on a page change and on Escape (the focus goes back to the toggle).
 */
export function useNavMenu() {
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  // A page change closes the menu (the pathname is the only dependency on purpose).
  const [menuPath, setMenuPath] = useState(location.pathname);
  if (menuPath !== location.pathname) {
    setMenuPath(location.pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return { open, toggle: () => setOpen((current) => !current), menuId, toggleRef };
}
