import { flushSync } from 'react-dom';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { auth } from '@mayorista/core/messages/auth';
import { nav as navTexts } from '@mayorista/core/messages/nav';
import { isAdmin, isApproved, useAuth } from '../../lib/auth';
import { CartNavLink } from '../../features/cart';
import { PointsBalance } from '../../features/points';
import { toast } from '../../components/ui/toast-store';
import { cn } from '../../lib/cn';
import { appConfig } from '../../lib/app-config';
import { cuentaCorrienteNavLabel } from '../../lib/receivables/nav-text';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex min-h-11 items-center rounded-md px-3 text-base font-medium whitespace-nowrap hover:bg-slate-100 xl:px-2 xl:text-sm',
    isActive ? 'bg-brand-50 text-brand-900' : 'text-slate-800',
  );

/**
 * Top navigation of the screens and routes. Links depend on the visitor's state; below 1280 px (seven links and
 * the account details do not fit in one row) they collapse behind a "Menú" button (a disclosure: aria-expanded + aria-controls, closes on Escape and on navigation).
 */
export function SiteNav() {
  const { user, profile, signOut } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const approved = isApproved(profile);
  const admin = isAdmin(profile);

  // A page change closes the menu (the pathname is the only dependency on purpose).
  const [menuPath, setMenuPath] = useState(location.pathname);
  if (menuPath !== location.pathname) {
    setMenuPath(location.pathname);
    setMenuOpen(false);
  }

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  const handleSignOut = async () => {
    // Leave first, synchronously: the router's updates are transitions, and a guarded page that
    // saw the session vanish before the navigation committed would redirect to /login instead.
    flushSync(() => {
      void navigate('/');
    });
    const { error } = await signOut();
    // With an error the provider already showed "Error al cerrar sesión"; the one toast slot keeps it.
    if (!error) toast({ title: auth.signedOut });
  };

  const nombre = profile?.nombre || (typeof user?.user_metadata.nombre === 'string' ? user.user_metadata.nombre : '');

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav aria-label={navTexts.mainLabel} className="mx-auto flex max-w-7xl flex-wrap items-center gap-2 px-3 py-2 xl:flex-nowrap xl:px-4">
        {/* Decision 033: one row at 360–430 px for every role. The name takes what is left (basis 0,
            so it never pushes the buttons to a second row) and is cut with "…" when long. */}
        <Link
          to="/"
          title={appConfig.catalogName}
          className="mr-auto flex min-h-11 min-w-0 grow basis-0 items-center rounded-md px-1 text-lg font-bold text-brand-900 xl:grow-0 xl:basis-auto"
        >
          <span className="truncate">{appConfig.catalogName}</span>
        </Link>

        {approved ? <CartNavLink className="order-2 xl:order-3" /> : null}
        {admin ? (
          <Link
            to="/admin"
            aria-label={navTexts.admin}
            title={navTexts.admin}
            // Below 1280 px the shield moves into the menu (the link "Administración" there).
            className="order-2 hidden size-11 items-center justify-center rounded-md text-slate-800 hover:bg-slate-100 xl:order-3 xl:inline-flex"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
              <path d="M12 3l8 4v5c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V7l8-4z" />
              <path d="M9 12l2 2 4-4" />
            </svg>
          </Link>
        ) : null}

        <button
          ref={toggleRef}
          type="button"
          className="order-2 inline-flex size-11 shrink-0 items-center justify-center rounded-md text-slate-800 hover:bg-slate-100 xl:hidden"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-label={menuOpen ? navTexts.closeMenu : navTexts.openMenu}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </button>

        <div
          id={menuId}
          className={cn(
            'order-4 w-full flex-col gap-1 border-t border-slate-200 pt-2 xl:order-2 xl:flex xl:w-auto xl:flex-row xl:items-center xl:border-0 xl:pt-0',
            menuOpen ? 'flex' : 'hidden',
          )}
        >
          <ul className="flex flex-col gap-1 xl:flex-row xl:items-center">
            <li>
              <NavLink to="/" end className={linkClass}>
                {navTexts.home}
              </NavLink>
            </li>
            {approved ? (
              <>
                <li>
                  <NavLink to="/catalog" className={linkClass}>
                    {navTexts.catalog}
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/pedido-rapido" className={linkClass}>
                    {navTexts.quickOrder}
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/mis-listas" className={linkClass}>
                    {navTexts.myLists}
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/my-orders" className={linkClass}>
                    {navTexts.myOrders}
                  </NavLink>
                </li>
              </>
            ) : null}
            {admin ? (
              <li className="xl:hidden">
                <NavLink to="/admin" className={linkClass}>
                  {navTexts.admin}
                </NavLink>
              </li>
            ) : null}
            {!user ? (
              <>
                <li>
                  <NavLink to="/login" className={linkClass}>
                    {navTexts.login}
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/register" className={linkClass}>
                    {navTexts.register}
                  </NavLink>
                </li>
              </>
            ) : null}
          </ul>
          {user ? (
            <div className="flex flex-col gap-1 border-t border-slate-200 pt-2 xl:ml-2 xl:flex-row xl:items-center xl:gap-3 xl:border-0 xl:pt-0">
              <span className="px-3 text-sm whitespace-nowrap text-slate-700 xl:px-0" data-testid="nav-greeting">
                {nombre ? navTexts.greeting(nombre) : navTexts.greetingFallback}
              </span>
              {approved ? <PointsBalance className="px-3 whitespace-nowrap xl:px-0" /> : null}
              {/* The business-identity work (decisions 017–019): approved or not, every account reaches its own data. */}
              <NavLink to="/mi-cuenta" className={linkClass}>
                {navTexts.myAccount}
              </NavLink>
              {/* In the menu below 1280 px; in the one-row bar there is no room left (the name would be cut), so there Mi cuenta links to it. */}
              {approved ? (
                <NavLink to="/cuenta-corriente" className={(state) => cn(linkClass(state), 'xl:hidden')}>
                  {cuentaCorrienteNavLabel}
                </NavLink>
              ) : null}
              <button
                type="button"
                onClick={() => void handleSignOut()}
                className="flex min-h-11 items-center rounded-md px-3 text-left text-base font-medium text-slate-800 hover:bg-slate-100 xl:px-2 xl:whitespace-nowrap xl:text-sm"
              >
                {navTexts.logout}
              </button>
            </div>
          ) : null}
        </div>
      </nav>
    </header>
  );
}
