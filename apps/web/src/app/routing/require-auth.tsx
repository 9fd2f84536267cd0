import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { app } from '@mayorista/core/messages/app';
import { guard as guardTexts } from '@mayorista/core/messages/guard';
import { profileCan, type StaffAction } from '@mayorista/core/roles';
import { isAdmin, isApproved, seesPanel, shopsForSelf, staffHomeOf, useAuth } from '../../lib/auth';
import { Spinner } from '../../components/ui/spinner';
import { buttonVariants } from '../../components/ui/button';
import { usePublicSettings } from '../../lib/queries/public-settings';

/** What /login receives in router state so it can send the user back after signing in. */
export interface LoginRedirectState {
  from?: { pathname: string; search?: string; hash?: string };
}

/**
 * Whose page this is (decision 067): 'shop' the shopper's own screens, 'panel' /admin (a role with
 * at least one tab), or the staff action the page's work needs ('rep.customers', 'deliveries.drive').
 */
export type PageOwner = 'shop' | 'panel' | StaffAction;

function mayOpen(profile: Parameters<typeof shopsForSelf>[0], owner: PageOwner): boolean {
  if (owner === 'shop') return shopsForSelf(profile);
  if (owner === 'panel') return seesPanel(profile);
  return profileCan(profile, owner);
}

/**
 * The access guard of the states and transitions, in its exact order. `allowUnapproved` (Mi cuenta, the business-identity work (decisions 017–019)) lets a
 * signed-in account in before its approval. `owner` sends a role that opens another role's page to
 * its own home (the staff's area, else the catalogue) instead of a page the server answers with 403.
 */
export function RequireAuth({
  children,
  adminOnly = false,
  allowUnapproved = false,
  owner,
}: {
  children: ReactNode;
  adminOnly?: boolean;
  allowUnapproved?: boolean;
  owner?: PageOwner;
}) {
  const { loading, user, profile } = useAuth();
  const location = useLocation();

  if (loading) return <Spinner label={app.loadingGuard} />;
  if (!user) {
    const state: LoginRedirectState = { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
    return <Navigate to="/login" replace state={state} />;
  }
  if (!isApproved(profile) && !allowUnapproved) return <PendingApproval />;
  if (adminOnly && !isAdmin(profile)) return <Navigate to="/catalog" replace />;
  if (owner && !mayOpen(profile, owner)) return <Navigate to={staffHomeOf(profile) ?? '/catalog'} replace />;
  return <>{children}</>;
}

/**
 * For the pages a visitor may open too (the catalogue, a product): staff who do not buy go to
 * their own area instead (decision 067). The guard decides before the page renders: while a stored
 * session's profile is still on its way it renders nothing (the page itself would only show its
 * own "Cargando…" then, as it waits for the same profile), so a rep never sees the customer's
 * catalogue before Mis clientes. A visitor has no loading pass and gets the page at once.
 */
export function StaffAway({ children }: { children: ReactNode }) {
  const { loading, profile } = useAuth();
  if (loading) return null;
  const home = staffHomeOf(profile);
  return home ? <Navigate to={home} replace /> : <>{children}</>;
}

export function PendingApproval() {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center" aria-labelledby="pending-title">
      <h1 id="pending-title" className="text-2xl font-bold text-slate-900">
        {guardTexts.pendingTitle}
      </h1>
      <p className="mt-3 text-slate-700">{guardTexts.pendingText}</p>
      <PendingWaitAndNextSteps className="mt-4 items-center" />
    </section>
  );
}

/**
 * What a person waiting for approval can do meanwhile (decision 033): how long it usually takes
 * (a setting), the catalogue at retail prices, and their business data in Mi cuenta.
 */
export function PendingWaitAndNextSteps({ className = '' }: { className?: string }) {
  const settings = usePublicSettings();
  return (
    <div className={`flex flex-col gap-3 ${className}`}>
      {settings.data ? (
        <p className="text-slate-700" data-testid="pending-wait">
          {guardTexts.pendingWait(settings.data.approval_wait_hours)}
        </p>
      ) : null}
      <Link to="/catalog" className={buttonVariants()}>
        {guardTexts.pendingCatalogLink}
      </Link>
      <Link to="/mi-cuenta" className="inline-flex min-h-11 items-center font-medium text-brand-800 underline underline-offset-2">
        {guardTexts.pendingAccountLink}
      </Link>
    </div>
  );
}

/** Where to go after signing in: back to the guarded page the user asked for, else home. */
export function returnPathFrom(state: unknown): string {
  const from = (state as LoginRedirectState | null)?.from;
  if (!from || typeof from.pathname !== 'string' || !from.pathname.startsWith('/') || from.pathname.startsWith('//')) return '/';
  if (from.pathname === '/login' || from.pathname === '/register') return '/';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
