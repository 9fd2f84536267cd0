import type { RouteObject } from 'react-router';
import { RootLayout } from './layout/root-layout';
import { RequireAuth, StaffAway } from './routing/require-auth';
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
      {
        path: '/catalog',
        element: (
          <StaffAway>
            <CatalogPage />
          </StaffAway>
        ),
      },
      // Like /catalog, no guard: visitors see the retail view (the screens and routes, the abuse-limits work (decision 010)).
      {
        path: '/catalogo/:slug',
        element: (
          <StaffAway>
            <ProductPage />
          </StaffAway>
        ),
      },
      {
        path: '/cart',
        element: (
          <RequireAuth owner="shop">
            <CartPage />
          </RequireAuth>
        ),
      },
      {
        path: '/my-orders',
        element: (
          <RequireAuth owner="shop">
            <MyOrdersPage />
          </RequireAuth>
        ),
      },
      {
        path: '/pedido-rapido',
        element: (
          <RequireAuth owner="shop">
            <QuickOrderPage />
          </RequireAuth>
        ),
      },
      {
        path: '/mis-listas',
        element: (
          <RequireAuth owner="shop">
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
          <RequireAuth owner="shop">
            <CuentaCorrientePage />
          </RequireAuth>
        ),
      },
      {
        // The stops are a driver's (or the owner's); anyone else goes to their own home (decision 067).
        path: '/repartidor',
        element: (
          <RequireAuth adminOnly owner="deliveries.drive">
            <DriverPage />
          </RequireAuth>
        ),
      },
      {
        // Sales reps (decision 047): "Mis clientes" on the phone; anyone else goes to their own home.
        path: '/vendedor',
        element: (
          <RequireAuth adminOnly owner="rep.customers">
            <RepHomePage />
          </RequireAuth>
        ),
      },
      {
        path: '/vendedor/clientes/:slug',
        element: (
          <RequireAuth adminOnly owner="rep.customers">
            <RepCustomerPage />
          </RequireAuth>
        ),
      },
      {
        path: '/vendedor/pedido/:slug',
        element: (
          <RequireAuth adminOnly owner="rep.customers">
            <RepTakeOrderPage />
          </RequireAuth>
        ),
      },
      {
        path: '/vendedor/ventas',
        element: (
          <RequireAuth adminOnly owner="rep.customers">
            <RepSalesPage />
          </RequireAuth>
        ),
      },
      {
        path: '/admin',
        element: (
          <RequireAuth adminOnly owner="panel">
            <AdminPage />
          </RequireAuth>
        ),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

