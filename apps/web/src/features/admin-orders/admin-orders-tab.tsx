import { useDeferredValue, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { adminOrders } from '@mayorista/core/messages/adminOrders';
import { Button } from '../../components/ui/button';
import { PagedQueryList } from '../../components/ui/paged-query-list';
import { toast } from '../../components/ui/toast-store';
import { saveBlob } from '../../lib/download';
import {
  ADMIN_ORDERS_PAGE_SIZE,
  adminOrdersQueryOptions,
  downloadAdminOrdersCsv,
  type AdminOrdersFilters,
} from './api/admin-orders-api';
import { OrderDetailDialog } from './components/order-detail-dialog';
import { EMPTY_FILTERS, OrderFilters } from './components/order-filters';
import { OrderRow } from './components/order-row';
import { PickingSheetButtons } from './components/picking-sheet-buttons';

const text = adminOrders;

/** The "Pedidos" tab of /admin: every order newest first, filters, detail, status changes, CSV export. */
export default function AdminOrdersTab() {
  const [filters, setFilters] = useState<AdminOrdersFilters>(EMPTY_FILTERS);
  const [page, setPage] = useState(1);
  const [openOrderId, setOpenOrderId] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const toggle = (orderId: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(orderId)) next.delete(orderId);
      else next.add(orderId);
      return next;
    });
  // Typing a name stays responsive; the request follows the deferred value.
  const deferredFilters = useDeferredValue(filters);
  const query = useQuery(adminOrdersQueryOptions(deferredFilters, page));
  const pages = Math.max(1, Math.ceil((query.data?.total ?? 0) / ADMIN_ORDERS_PAGE_SIZE));
  const update = (patch: Partial<AdminOrdersFilters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setPage(1);
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      saveBlob(await downloadAdminOrdersCsv(filters), `pedidos-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch (error) {
      toast({ title: text.exportError, description: (error as Error).message, variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  };

  return (
    <section aria-labelledby="admin-orders-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="admin-orders-heading" className="text-xl font-semibold text-slate-900">
          {text.heading}
        </h2>
        <div className="flex flex-wrap gap-2">
          <PickingSheetButtons selected={[...selected]} />
          <Button variant="secondary" size="sm" onClick={() => void exportCsv()} disabled={exporting}>
            {exporting ? text.exporting : text.exportCsv}
          </Button>
        </div>
      </div>

      <OrderFilters filters={filters} update={update} />

      <PagedQueryList
        query={query}
        text={text}
        page={page}
        pages={pages}
        onPageChange={setPage}
        listLabel={text.heading}
        listClassName="space-y-2"
        renderItem={(order) => (
          <OrderRow
            key={order.id}
            order={order}
            onOpen={() => setOpenOrderId(order.id)}
            selected={selected.has(order.id)}
            onToggle={() => toggle(order.id)}
          />
        )}
      />

      <OrderDetailDialog orderId={openOrderId} onClose={() => setOpenOrderId(null)} />
    </section>
  );
}
