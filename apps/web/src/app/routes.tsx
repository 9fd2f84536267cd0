import type { RouteObject } from 'react-router';
import { RootLayout } from './layout/root-layout';
import { RequireAuth } from './routing/require-auth';
import {
  AdminPage,
  CartPage,
  CatalogPage,
  ProductPage,
  ForgotPasswordPage,
  HomePage,
  LoginPage,
  MyOrdersPage,
  NotFoundPage,
  QuickOrderPage,
  MyListsPage,
  MyAccountPage,
  CuentaCorrientePage,
  DriverPage,
  RegisterPage,
  RepHomePage,
  RepCustomerPage,
  RepTakeOrderPage,
  RepSalesPage,
  StaffInvitationPage,
  ResetPasswordPage,
  VerifyEmailPage,
} from './page-loaders';

/** the screens and routes routes; tests mount them in a memory router. */
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
      { path: '/invitacion', element: <StaffInvitationPage /> },
      { path: '/catalog', element: <CatalogPage /> },
      // Like /catalog, no guard: visitors see the retail view (the screens and routes, the abuse-limits work (decision 010)).
      { path: '/catalogo/:slug', element: <ProductPage /> },
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
        path: '/pedido-rapido',
        element: (
          <RequireAuth>
            <QuickOrderPage />
          </RequireAuth>
        ),
      },
      {
        path: '/mis-listas',
        element: (
          <RequireAuth>
            <MyListsPage />
          </RequireAuth>
        ),
      },
      {
        // The business-identity work (decisions 017–019): unapproved accounts too (they complete their data while they wait).
        path: '/mi-cuenta',
        element: (
          <RequireAuth allowUnapproved>
            <MyAccountPage />
          </RequireAuth>
        ),
      },
      {
        path: '/cuenta-corriente',
        element: (
          <RequireAuth>
            <CuentaCorrientePage />
          </RequireAuth>
        ),
      },
      {
        // The server answers the stops only to a driver (or the owner); anyone else sees its 403 message.
        path: '/repartidor',
        element: (
          <RequireAuth adminOnly>
            <DriverPage />
          </RequireAuth>
        ),
      },
      {
        // Sales reps (decision 047): "Mis clientes" on the phone. The server answers 403 to anyone else.
        path: '/vendedor',
        element: (
          <RequireAuth adminOnly>
            <RepHomePage />
          </RequireAuth>
        ),
      },
      {
        path: '/vendedor/clientes/:slug',
        element: (
          <RequireAuth adminOnly>
            <RepCustomerPage />
          </RequireAuth>
        ),
      },
      {
        path: '/vendedor/pedido/:slug',
        element: (
          <RequireAuth adminOnly>
            <RepTakeOrderPage />
          </RequireAuth>
        ),
      },
      {
        path: '/vendedor/ventas',
        element: (
          <RequireAuth adminOnly>
            <RepSalesPage />
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

