import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { RootLayout } from './layout/root-layout';
import { RequireAuth } from './routing/require-auth';

import HomePage from './pages/home-page';

// Every page is its own chunk (SPEC §2: pages load on demand), so the entry stays small. The home
// page is the exception: it is tiny and the most common landing page, so it paints without a
// second round trip.
const LoginPage = lazy(() => import('./pages/login-page'));
const RegisterPage = lazy(() => import('./pages/register-page'));
const VerifyEmailPage = lazy(() => import('./pages/verify-email-page'));
const ForgotPasswordPage = lazy(() => import('./pages/forgot-password-page'));
const ResetPasswordPage = lazy(() => import('./pages/reset-password-page'));
const NotFoundPage = lazy(() => import('./pages/not-found-page'));
const AdminPage = lazy(() => import('./pages/admin-page'));
const CatalogPage = lazy(() => import('../features/catalog/catalog-page'));
const CartPage = lazy(() => import('../features/cart/cart-page'));
const MyOrdersPage = lazy(() => import('../features/orders/my-orders-page'));

/** SPEC §2 routes; tests mount them in a memory router. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/verificar-correo', element: <VerifyEmailPage /> },
      { path: '/recuperar-clave', element: <ForgotPasswordPage /> },
      { path: '/restablecer-clave', element: <ResetPasswordPage /> },
      { path: '/catalog', element: <CatalogPage /> },
      {
        path: '/cart',
        element: (
          <RequireAuth>
            <CartPage />
          </RequireAuth>
        ),
      },
      {
        path: '/my-orders',
        element: (
          <RequireAuth>
            <MyOrdersPage />
          </RequireAuth>
        ),
      },
      {
        path: '/admin',
        element: (
          <RequireAuth adminOnly>
            <AdminPage />
          </RequireAuth>
        ),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

