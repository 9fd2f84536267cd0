import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { app } from '@mayorista/core/messages/app';
import { profileCan } from '@mayorista/core/roles';
import { isAdmin, isApproved, useAuth } from '../../lib/auth';
import { useAfterFirstPaint } from '../../lib/hooks/use-after-first-paint';
import { CartGate } from '../../lib/cart/cart-gate';
import { Spinner } from '../../components/ui/spinner';
import { dismissErrorToasts } from '../../components/ui/toast-store';
import { preloadPageFor } from '../page-loaders';
import { AnimatedOutlet } from './animated-outlet';
import { PageErrorBoundary } from './page-error-boundary';
import { SiteFooter } from './site-footer';
import { SiteNav } from './site-nav';

// Admins only: the WebSocket client stays out of the bundle every customer downloads.
// The business-identity work (decisions 017–019): signed-in accounts missing business data get a prompt; loaded only for them.
const CompleteProfileBanner = lazy(() => import('../../features/account').then((m) => ({ default: m.CompleteProfileBanner })));
const NewOrderNotifications = lazy(() => import('../../features/realtime').then((m) => ({ default: m.NewOrderNotifications })));
// Ordering without signal (decisions 042, 043): the worker and IndexedDB code load after the first screen.
// The update prompt alone for everyone (visitors too): the queue's and the snapshot's code only for customers.
const AppUpdates = lazy(() => import('../../features/offline/app-updates').then((m) => ({ default: m.AppUpdates })));
const OfflineShell = lazy(() => import('../../features/offline').then((m) => ({ default: m.OfflineShell })));

/** The shell every route renders in: skip link, navigation, animated page area, footer. */
export function RootLayout() {
  const { loading, profile, user } = useAuth();
  const { pathname } = useLocation();
  const afterFirstPaint = useAfterFirstPaint();
  // A navigation starts the new page's download at once, while the old page plays its leave
  // animation, instead of after it. (A failed download is reported by the page itself.)
  useEffect(() => {
    preloadPageFor(pathname).catch(() => undefined);
    // An error shown on the previous page does not follow the person to the next one.
    dismissErrorToasts();
  }, [pathname]);
  if (loading) {
    return <Spinner label={app.loadingApp} className="min-h-dvh" />;
  }
  return (
    <CartGate>
      <div className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-brand-900 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          {app.skipToContent}
        </a>
        <SiteNav />
        {afterFirstPaint ? (
          <PageErrorBoundary resetKey="offline" quiet>
            <Suspense fallback={null}>
              <AppUpdates />
              {user && isApproved(profile) && !isAdmin(profile) ? <OfflineShell userId={user.id} /> : null}
            </Suspense>
          </PageErrorBoundary>
        ) : null}
        {/* Customers only: staff accounts buy nothing and keep no business data. */}
        {profile && !isAdmin(profile) ? (
          <PageErrorBoundary resetKey={pathname} quiet>
            <Suspense fallback={null}>
              <CompleteProfileBanner />
            </Suspense>
          </PageErrorBoundary>
        ) : null}
        {/* The live feed admits only roles that read orders (decision 046): a rep or a driver would be refused. */}
        {profileCan(profile, 'orders.read') ? (
          <PageErrorBoundary resetKey={pathname} quiet>
            <Suspense fallback={null}>
              <NewOrderNotifications />
            </Suspense>
          </PageErrorBoundary>
        ) : null}
        <main id="main" tabIndex={-1} className="grid flex-1 outline-none">
          <PageErrorBoundary resetKey={pathname}>
            <Suspense fallback={<Spinner label={app.loadingPage} />}>
              <AnimatedOutlet />
            </Suspense>
          </PageErrorBoundary>
        </main>
        <SiteFooter />
      </div>
    </CartGate>
  );
}
