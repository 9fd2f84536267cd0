import { Link } from 'react-router';
import { nav as navTexts } from '@mayorista/core/messages/nav';
import { staffRoleOf } from '@mayorista/core/roles';
import { isAdmin, isApproved, useAuth } from '../../lib/auth';
import { CartNavLink } from '../../features/cart';
import { cn } from '../../lib/cn';
import { appConfig } from '../../lib/app-config';
import { useNavMenu } from './nav-menu';
import { AccountArea, AdminShieldLink, MenuToggle, NavLinks } from './nav-parts';

/**
 * Top navigation of the screens and routes. Links depend on the visitor's state; below 1280 px (seven links and
 * the account details do not fit in one row) they collapse behind a "Menú" button (a disclosure: aria-expanded + aria-controls, closes on Escape and on navigation).
 */
export function SiteNav() {
  const { user, profile } = useAuth();
  const menu = useNavMenu();
  // A repartidor's whole app is their stops (decision 051): no catalogue, cart or panel in the menu.
  const driver = staffRoleOf(profile) === 'driver';
  // A sales rep orders for their customers from "Mis clientes", never for themself: no cart,
  // catalogue or points of their own (decision 052).
  const rep = staffRoleOf(profile) === 'sales';
  const approved = isApproved(profile) && !driver && !rep;
  const admin = isAdmin(profile) && !driver;
  const nombre = profile?.nombre || (typeof user?.user_metadata.nombre === 'string' ? user.user_metadata.nombre : '');

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav
        aria-label={navTexts.mainLabel}
        className="mx-auto flex max-w-7xl flex-wrap items-center gap-2 px-3 py-2 xl:flex-nowrap xl:px-4"
      >
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
        {admin ? <AdminShieldLink /> : null}
        <MenuToggle open={menu.open} menuId={menu.menuId} toggleRef={menu.toggleRef} onToggle={menu.toggle} />
        <div
          id={menu.menuId}
          className={cn(
            'order-4 w-full flex-col gap-1 border-t border-slate-200 pt-2 xl:order-2 xl:flex xl:w-auto xl:flex-row xl:items-center xl:border-0 xl:pt-0',
            menu.open ? 'flex' : 'hidden',
          )}
        >
          <NavLinks
            signedIn={Boolean(user)}
            approved={approved}
            admin={admin}
            driver={driver}
            rep={rep}
          />
          {user ? <AccountArea nombre={nombre} approved={approved} /> : null}
        </div>
      </nav>
    </header>
  );
}
