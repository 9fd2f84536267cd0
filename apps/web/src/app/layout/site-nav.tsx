import { useRef } from 'react';
import { Link } from 'react-router';
import { nav as navTexts } from '@mayorista/core/messages/nav';
import { profileCan } from '@mayorista/core/roles';
import { seesPanel, shopsForSelf, staffHomeOf, useAuth } from '../../lib/auth';
import { CartNavLink } from '../../features/cart';
import { cn } from '../../lib/cn';
import { appConfig } from '../../lib/app-config';
import { useNavMenu } from './nav-menu';
import { useShellInset } from '../../lib/hooks/use-shell-inset';
import { AccountArea, AdminShieldLink, MenuToggle, NavLinks } from './nav-parts';

/**
 * Top navigation of the screens and routes. Links depend on the visitor's state; below 1280 px (seven links and
 * the account details do not fit in one row) they collapse behind a "Menú" button (a disclosure: aria-expanded + aria-controls, closes on Escape and on navigation).
 */
export function SiteNav() {
  const { user, profile } = useAuth();
  const menu = useNavMenu();
  const header = useRef<HTMLElement>(null);
  useShellInset(header, '--shell-top');
  // The permission matrix decides the shell (decision 067): the shopper's links, cart and points
  // only for those who buy (customers, the owner, the office); the panel for a role with a tab; a
  // rep's "Mis clientes" and a driver's stops for those whose work they are, not for the owner,
  // whose way to that work is the panel.
  const approved = shopsForSelf(profile);
  const admin = seesPanel(profile);
  const worker = staffHomeOf(profile) !== null;
  const rep = !admin && profileCan(profile, 'rep.customers');
  const driver = !admin && profileCan(profile, 'deliveries.drive');
  const nombre = profile?.nombre || (typeof user?.user_metadata.nombre === 'string' ? user.user_metadata.nombre : '');

  return (
    <header ref={header} className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
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
            worker={worker}
          />
          {user ? <AccountArea nombre={nombre} approved={approved} /> : null}
        </div>
      </nav>
    </header>
  );
}
