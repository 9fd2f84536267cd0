import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import * as Tabs from '@radix-ui/react-tabs';
import { adminOrders } from '@mayorista/core/messages/adminOrders';
import { adminPage } from '@mayorista/core/messages/adminPage';
import { adminUsers } from '@mayorista/core/messages/adminUsers';
import { orderLife } from '@mayorista/core/messages/orderLife';
import { products } from '@mayorista/core/messages/products';
import { settings } from '@mayorista/core/messages/settings';
import { Spinner } from '../../components/ui/spinner';

const AdminDashboardTab = lazy(() => import('../../features/admin-dashboard/admin-dashboard-tab'));
const AdminOrdersTab = lazy(() => import('../../features/admin-orders/admin-orders-tab'));
const AdminProductsTab = lazy(() => import('../../features/admin-products/admin-products-tab'));
const AdminUsersTab = lazy(() => import('../../features/admin-users/admin-users-tab'));
const AdminSettingsTab = lazy(() => import('../../features/admin-settings/admin-settings-tab'));

const TABS = [
  { value: 'panel', label: orderLife.dashboard.tabTitle, Content: AdminDashboardTab },
  { value: 'pedidos', label: adminOrders.tabTitle, Content: AdminOrdersTab },
  { value: 'productos', label: products.admin.tabTitle, Content: AdminProductsTab },
  { value: 'usuarios', label: adminUsers.tabTitle, Content: AdminUsersTab },
  { value: 'ajustes', label: settings.tabTitle, Content: AdminSettingsTab },
] as const;
type TabValue = (typeof TABS)[number]['value'];

const isTab = (value: string | null): value is TabValue => TABS.some((tab) => tab.value === value);

/** /admin: one tab per admin capability, each loaded on demand; the open tab lives in the URL. */
export default function AdminPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const current: TabValue = isTab(requested) ? requested : 'panel';

  return (
    <div className="mx-auto w-full max-w-6xl px-3 py-6 md:px-4">
      <h1 className="text-2xl font-bold text-slate-900">{adminPage.title}</h1>
      <Tabs.Root value={current} onValueChange={(value) => setParams({ tab: value }, { replace: true })} className="mt-4">
        <Tabs.List aria-label={adminPage.tabsLabel} className="flex gap-1 overflow-x-auto border-b border-slate-200">
          {TABS.map((tab) => (
            <Tabs.Trigger
              key={tab.value}
              value={tab.value}
              className="-mb-px min-h-11 border-b-2 border-transparent px-4 font-medium whitespace-nowrap text-slate-700 hover:text-slate-900 data-[state=active]:border-brand-700 data-[state=active]:text-brand-900"
            >
              {tab.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map(({ value, Content }) => (
          <Tabs.Content key={value} value={value} className="pt-4 outline-none">
            <Suspense fallback={<Spinner label={adminPage.loadingTab} />}>
              <Content />
            </Suspense>
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
}
