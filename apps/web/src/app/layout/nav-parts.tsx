import { flushSync } from 'react-dom';
import { lazy, Suspense, type RefObject } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { auth } from '@mayorista/core/messages/auth';
import { nav as navTexts } from '@mayorista/core/messages/nav';
import { useAuth } from '../../lib/auth';
import { toast } from '../../components/ui/toast-store';
import { cn } from '../../lib/cn';
import { cuentaCorrienteNavLabel } from '../../lib/receivables/nav-text';

// The balance comes from the network anyway: its query, its texts and the remembered balance
// offline (decision 057) load with it, after the shell, only for approved customers.
const PointsBalance = lazy(() => import('../../features/points').then((m) => ({ default: m.PointsBalance })));

export const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex min-h-11 items-center rounded-md px-3 text-base font-medium whitespace-nowrap hover:bg-slate-100 xl:px-2 xl:text-sm',
    isActive ? 'bg-brand-50 text-brand-900' : 'text-slate-800',
  );

/** The shield to /admin at 1280 px and wider; below, the menu's "Administración" link takes its place. */
export function AdminShieldLink() {
  return (
    <Link
      to="/admin"
      aria-label={navTexts.admin}
      title={navTexts.admin}
      // Below 1280 px the shield moves into the menu (the link "Administración" there).
      className="order-2 hidden size-11 items-center justify-center rounded-md text-slate-800 hover:bg-slate-100 xl:order-3 xl:inline-flex"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-6"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M12 3l8 4v5c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V7l8-4z" />
        <path d="M9 12l2 2 4-4" />
      </svg>
    </Link>
  );
}

/** "Menú" / "Cerrar menú": shown below 1280 px only. */
export function MenuToggle({
  open,
  menuId,
  toggleRef,
  onToggle,
}: {
  open: boolean;
  menuId: string;
  toggleRef: RefObject<HTMLButtonElement | null>;
  onToggle: () => void;
}) {
  return (
    <button
      ref={toggleRef}
      type="button"
      className="order-2 inline-flex size-11 shrink-0 items-center justify-center rounded-md text-slate-800 hover:bg-slate-100 xl:hidden"
      aria-expanded={open}
      aria-controls={menuId}
      aria-label={open ? navTexts.closeMenu : navTexts.openMenu}
      onClick={onToggle}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-6"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      >
        {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
      </svg>
    </button>
  );
}

function NavItem({ to, end, label, className }: { to: string; end?: boolean; label: string; className?: string }) {
  return (
    <li className={className}>
      <NavLink to={to} end={end} className={linkClass}>
        {label}
      </NavLink>
    </li>
  );
}

/** The page links for the visitor's state: home (not for staff who only work); ordering pages for those who buy; the staff's areas; sign-in and sign-up when signed out. */
export function NavLinks({
  signedIn,
  approved,
  admin,
  driver = false,
  rep = false,
  worker = false,
}: {
  signedIn: boolean;
  approved: boolean;
  admin: boolean;
  driver?: boolean;
  rep?: boolean;
  /** Staff who do not buy: their own area is their home, so no "Inicio" (decision 067). */
  worker?: boolean;
}) {
  return (
    <ul className="flex flex-col gap-1 xl:flex-row xl:items-center">
      {worker ? null : <NavItem to="/" end label={navTexts.home} />}
      {approved ? (
        <>
          <NavItem to="/catalog" label={navTexts.catalog} />
          <NavItem to="/pedido-rapido" label={navTexts.quickOrder} />
          <NavItem to="/mis-listas" label={navTexts.myLists} />
          <NavItem to="/my-orders" label={navTexts.myOrders} />
        </>
      ) : null}
      {/* A sales rep's phone home (decisions 047, 052). */}
      {rep ? <NavItem to="/vendedor" label={navTexts.myCustomers} /> : null}
      {/* A repartidor's whole app is their stops (decision 051). */}
      {driver ? <NavItem to="/repartidor" label={navTexts.driverStops} /> : null}
      {admin ? <NavItem to="/admin" label={navTexts.admin} className="xl:hidden" /> : null}
      {!signedIn ? (
        <>
          <NavItem to="/login" label={navTexts.login} />
          <NavItem to="/register" label={navTexts.register} />
        </>
      ) : null}
    </ul>
  );
}

/** The signed-in part: greeting, points (approved), "Mi cuenta" and "Cerrar sesión". */
export function AccountArea({ nombre, approved }: { nombre: string; approved: boolean }) {
  const { signOut } = useAuth();
  const navigate = useNavigate();
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
  return (
    <div className="flex flex-col gap-1 border-t border-slate-200 pt-2 xl:ml-2 xl:flex-row xl:items-center xl:gap-3 xl:border-0 xl:pt-0">
      <span className="px-3 text-sm whitespace-nowrap text-slate-700 xl:px-0" data-testid="nav-greeting">
        {nombre ? navTexts.greeting(nombre) : navTexts.greetingFallback}
      </span>
      {approved ? (
        <Suspense fallback={null}>
          <PointsBalance className="px-3 whitespace-nowrap xl:px-0" />
        </Suspense>
      ) : null}
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
  );
}
