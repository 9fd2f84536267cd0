import { useCallback, useContext, useEffect, useRef, useState, type ContextType, type ReactNode } from 'react';
import { UNSAFE_LocationContext as LocationContext, useLocation, useOutlet } from 'react-router';
import { AuthContext } from '../../lib/auth/auth-context';

/** Longest page animation in styles.css, plus slack: the fallback if animationend never fires. */
const LEAVE_FALLBACK_MS = 400;

function animationsWanted(): boolean {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return false;
  return !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * What a page saw when it was last on screen. While it fades out it keeps seeing exactly that:
 * a guarded page that saw the new location or the signed-out state would redirect again.
 */
interface PageFrame {
  element: ReactNode;
  auth: ContextType<typeof AuthContext>;
  location: ContextType<typeof LocationContext>;
}

/**
 * Route outlet with page transitions in CSS only: the outgoing page plays `page-leave` to the end,
 * then the new page mounts and plays `page-enter`. With reduced motion the swap is immediate.
 */
export function AnimatedOutlet() {
  const location = useLocation();
  const outlet = useOutlet();
  const auth = useContext(AuthContext);
  const locationContext = useContext(LocationContext);
  const [shownPath, setShownPath] = useState(location.pathname);
  const [leaving, setLeaving] = useState<PageFrame | null>(null);
  // The page a visit opens appears at once: there is no page it replaces, and a fade-in from
  // transparent only delays its first contentful paint (Lighthouse's LCP waited for it).
  const [firstPage, setFirstPage] = useState(true);
  const lastShown = useRef<PageFrame>({ element: outlet, auth, location: locationContext });

  // Derived state: a new path starts the leave phase (or swaps at once without animations). React
  // re-runs this render before committing, so the old page never renders with the new location.
  if (location.pathname !== shownPath && leaving === null) {
    if (firstPage) setFirstPage(false);
    if (animationsWanted()) setLeaving(lastShown.current);
    else setShownPath(location.pathname);
  }

  useEffect(() => {
    if (leaving === null && location.pathname === shownPath) lastShown.current = { element: outlet, auth, location: locationContext };
  });

  const currentPath = useRef(location.pathname);
  useEffect(() => {
    currentPath.current = location.pathname;
  }, [location.pathname]);

  const finishLeaving = useCallback(() => {
    setLeaving(null);
    setShownPath(currentPath.current);
  }, []);

  useEffect(() => {
    if (leaving === null) return;
    const timer = setTimeout(finishLeaving, LEAVE_FALLBACK_MS);
    return () => clearTimeout(timer);
  }, [leaving, finishLeaving]);

  // After a page change, start at the top and move focus to the main region so screen readers
  // announce the new page instead of staying on the link that was activated.
  const firstPath = useRef(shownPath);
  useEffect(() => {
    if (shownPath === firstPath.current) return;
    firstPath.current = '';
    if (document.scrollingElement) document.scrollingElement.scrollTop = 0;
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [shownPath]);

  const frame: PageFrame = leaving ?? { element: outlet, auth, location: locationContext };
  // The same wrapper in both phases, so the leaving page is not remounted (which would re-run its effects).
  return (
    <div
      key={shownPath}
      className={leaving ? 'page-leave' : firstPage ? 'page-enter page-first' : 'page-enter'}
      aria-hidden={leaving ? true : undefined}
      // Nothing on the fading page can take focus or input any more.
      inert={leaving ? true : undefined}
      onAnimationEnd={(event) => {
        if (leaving && event.target === event.currentTarget) finishLeaving();
      }}
    >
      <LocationContext.Provider value={frame.location}>
        <AuthContext.Provider value={frame.auth}>{frame.element}</AuthContext.Provider>
      </LocationContext.Provider>
    </div>
  );
}
