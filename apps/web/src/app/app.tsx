import { lazy, Suspense } from 'react';
import { createBrowserRouter, Outlet, RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { messages } from '@mayorista/core/messages';
import { queryClient } from '../lib/query-client';
import { appConfig } from '../lib/app-config';

const HomePage = lazy(() => import('./pages/home-page'));
const NotFoundPage = lazy(() => import('./pages/not-found-page'));

function PageFallback() {
  return (
    <p role="status" className="p-8 text-center text-slate-600">
      {messages.app.loadingPage}
    </p>
  );
}

function Layout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <main className="flex-1">
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="border-t border-slate-200 py-4 text-center text-sm text-slate-600">
        {messages.footer.copyright(appConfig.catalogName, new Date().getFullYear())}
      </footer>
    </div>
  );
}

const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
