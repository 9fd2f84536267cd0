import { lazy, Suspense, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import * as Tabs from '@radix-ui/react-tabs';
import '../../staff.css';
import { adminOrders } from '@mayorista/core/messages/adminOrders';
import { adminPage } from '@mayorista/core/messages/adminPage';
import { adminUsers } from '@mayorista/core/messages/adminUsers';
import { deliveries } from '@mayorista/core/messages/deliveries';
import { orderLife } from '@mayorista/core/messages/orderLife';
import { products } from '@mayorista/core/messages/products';
import { settings } from '@mayorista/core/messages/settings';
import { staff } from '@mayorista/core/messages/staff';
import { stockCount } from '@mayorista/core/messages/stockCount';
import { profileCan } from '@mayorista/core/roles';
import { useAuth, type PanelAction } from '../../lib/auth';
import { Spinner } from '../../components/ui/spinner';
import { receivablesTabTitle } from '../../lib/receivables/nav-text';

const loaders = {
  panel: () => import('../../features/admin-dashboard/admin-dashboard-tab'),
  pedidos: () => import('../../features/admin-orders/admin-orders-tab'),
  productos: () => import('../../features/admin-products/admin-products-tab'),
  stock: () => import('../../features/admin-stock/admin-stock-tab'),
  usuarios: () => import('../../features/admin-users/admin-users-tab'),
  listas: () => import('../../features/admin-price-lists/admin-price-lists-tab'),
  cuentas: () => import('../../features/admin-receivables/admin-receivables-tab'),
  repartos: () => import('../../features/admin-deliveries/admin-deliveries-tab'),
  ajustes: () => import('../../features/admin-settings/admin-settings-tab'),
  personal: () => import('../../features/admin-staff/admin-staff-tab'),
  actividad: () => import('../../features/admin-staff/admin-audit-tab'),
};
const AdminDashboardTab = lazy(loaders.panel);
const AdminOrdersTab = lazy(loaders.pedidos);
const AdminProductsTab = lazy(loaders.productos);
const AdminStockTab = lazy(loaders.stock);
const AdminUsersTab = lazy(loaders.usuarios);
const AdminSettingsTab = lazy(loaders.ajustes);
const AdminPriceListsTab = lazy(loaders.listas);
const AdminReceivablesTab = lazy(loaders.cuentas);
const AdminDeliveriesTab = lazy(loaders.repartos);
const AdminStaffTab = lazy(loaders.personal);
const AdminAuditTab = lazy(loaders.actividad);

/**
 * Each tab shows for the roles the permission matrix allows its action (core/roles.ts, decision 046).
 * The actions are lib/auth's PANEL_ACTIONS: the nav's panel link and the /admin guard ask the same list.
 */
const TABS = [
  { value: 'panel', label: orderLife.dashboard.tabTitle, Content: AdminDashboardTab, action: 'reports.read' },
  { value: 'pedidos', label: adminOrders.tabTitle, Content: AdminOrdersTab, action: 'orders.read' },
  { value: 'productos', label: products.admin.tabTitle, Content: AdminProductsTab, action: 'products.manage' },
  { value: 'stock', label: stockCount.tabTitle, Content: AdminStockTab, action: 'stock.manage' },
  { value: 'usuarios', label: adminUsers.tabTitle, Content: AdminUsersTab, action: 'customers.read' },
  { value: 'listas', label: adminPage.priceListsTab, Content: AdminPriceListsTab, action: 'prices.manage' },
  { value: 'cuentas', label: receivablesTabTitle, Content: AdminReceivablesTab, action: 'customers.read' },
  { value: 'repartos', label: deliveries.tabTitle, Content: AdminDeliveriesTab, action: 'deliveries.plan' },
  { value: 'ajustes', label: settings.tabTitle, Content: AdminSettingsTab, action: 'settings.manage' },
  { value: 'personal', label: staff.title, Content: AdminStaffTab, action: 'staff.manage' },
  { value: 'actividad', label: staff.activity, Content: AdminAuditTab, action: 'audit.read' },
] as const satisfies readonly { value: string; label: string; Content: unknown; action: PanelAction }[];
type TabValue = (typeof TABS)[number]['value'];

/** /admin: one tab per admin capability, each loaded on demand; the open tab lives in the URL. */
export default function AdminPage() {
  const [params, setParams] = useSearchParams();
  const { profile } = useAuth();
  const tabs = TABS.filter((tab) => profileCan(profile, tab.action));
  const requested = params.get('tab');
  const current: TabValue | undefined = tabs.find((tab) => tab.value === requested)?.value ?? tabs[0]?.value;

  // The other tabs' code comes down once the open one is idle, so a tap on a tab shows it at once
  // instead of after a download (decision 033: ~2 s on a phone before).
  useEffect(() => {
    const load = () => tabs.forEach((tab) => void loaders[tab.value]().catch(() => undefined));
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(load, { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(load, 1500);
    return () => clearTimeout(timer);
    // The tabs change only with the role; the first render's list is the one to preload.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A role with no tab never gets here: the route's guard sends it to its own home (decision 067).
  return (
    <div className="mx-auto w-full max-w-6xl px-3 py-3 md:px-4 md:py-6">
      <h1 className="text-xl font-bold text-slate-900 md:text-2xl">{adminPage.title}</h1>
      <Tabs.Root value={current} onValueChange={(value) => setParams({ tab: value }, { replace: true })} className="mt-2 md:mt-4">
        {/* Every tab in sight (decision 033): three per row on a phone; wider, as many per row as fit,
            the rest on a second row — never cut off or hidden behind a sideways scroll. */}
        <Tabs.List aria-label={adminPage.tabsLabel} className="grid grid-cols-3 gap-1 border-b border-slate-200 sm:flex sm:flex-wrap">
          {tabs.map((tab) => (
            <Tabs.Trigger
              key={tab.value}
              value={tab.value}
              className="-mb-px min-h-11 rounded-t-md border-b-2 border-transparent px-2 text-sm leading-tight font-medium text-slate-700 hover:text-slate-900 data-[state=active]:border-brand-700 data-[state=active]:bg-brand-50 data-[state=active]:text-brand-900 sm:px-4 sm:text-base sm:whitespace-nowrap sm:data-[state=active]:bg-transparent"
            >
              {tab.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {tabs.map(({ value, Content }) => (
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
