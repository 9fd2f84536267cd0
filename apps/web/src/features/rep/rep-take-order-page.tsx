import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useParams } from 'react-router';
import { rep as t } from '@mayorista/core/messages/rep';
import { formatMoney } from '@mayorista/core/money';
import { formatShortDateTime } from '@mayorista/core/date-time';
import type { RepCatalog } from '../../lib/offline/rep-day';
import type { RepCustomer } from '@mayorista/core/schemas/staff';
import { LoadError } from '../../components/ui/load-error';
import { Spinner } from '../../components/ui/spinner';
import type { AccountSummary } from '../../lib/receivables/types';
import { BackLink, customerName, customerPath } from './components/customer-parts';
import { RepQueueArea, useRepId } from './components/rep-queue-area';
import { repAccountQuery, repCatalogQuery, repCustomerQuery } from './rep-api';
import { OrderPanel } from './take-order/order-panel';
import { OrderPlaced, OrderQueued } from './take-order/order-placed';
import { ProductPicker } from './take-order/product-picker';
import { useTakeOrder, type TakeOrderDraft } from './take-order/use-take-order';

/** The form once the customer's catalogue is here: search and rows on the left (above on a phone), the order beside. */
function TakeOrderForm({ customer, catalog, account, draft }: { customer: RepCustomer; catalog: RepCatalog; account: AccountSummary | undefined; draft: TakeOrderDraft | null }) {
  const repId = useRepId();
  const order = useTakeOrder({ repId, customerId: customer.id, customerName: customerName(customer) }, catalog, draft);
  if (order.placed === 'queued') return <OrderQueued customerId={customer.id} onNewOrder={order.startOver} />;
  if (order.placed) return <OrderPlaced result={order.placed} customer={customer} onNewOrder={order.startOver} />;
  return (
    <>
      <div className="grid grid-cols-1 gap-3 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
        <ProductPicker order={order} />
        <div className="lg:sticky lg:top-2">
          <OrderPanel order={order} account={account} />
        </div>
      </div>
      {/* On a phone the order sits below a long list: its total and a way to it stay in sight. */}
      {order.summary.items.length > 0 ? (
        <a
          href="#rep-order"
          className="sticky bottom-2 mt-3 flex min-h-11 items-center justify-between rounded-lg bg-brand-800 px-3 text-sm font-semibold text-white shadow-lg lg:hidden"
        >
          <span>{t.lines(order.summary.items.length)}</span>
          <span>
            {t.total} {formatMoney(order.summary.total)}
          </span>
        </a>
      ) : null}
    </>
  );
}

/** /vendedor/pedido/:id — "Tomar pedido" for one of the rep's customers, at that customer's prices (decision 052). */
export default function RepTakeOrderPage() {
  const id = useParams().slug ?? '';
  const repId = useRepId();
  const location = useLocation();
  const draft = (location.state as { draft?: TakeOrderDraft } | null)?.draft ?? null;
  const customer = useQuery(repCustomerQuery(repId, id));
  const catalog = useQuery(repCatalogQuery(repId, id));
  const account = useQuery(repAccountQuery(repId, id));
  const failed = customer.error ?? catalog.error;
  // Prices read from the device are read again as soon as the network returns.
  const fromDevice = catalog.data?.fromDevice === true;
  const { refetch } = catalog;
  useEffect(() => {
    if (!fromDevice) return;
    const again = () => void refetch();
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, [fromDevice, refetch]);
  return (
    <div className="mx-auto w-full max-w-6xl px-3 py-3">
      <BackLink to={customerPath(id)}>{customer.data ? customerName(customer.data) : t.back}</BackLink>
      <h1 className="text-xl font-bold text-slate-900">{customer.data ? t.takeOrderTitle(customerName(customer.data)) : t.takeOrder}</h1>
      {catalog.data ? (
        <p className={catalog.data.fromDevice ? 'rounded-md bg-amber-100 px-2 py-1 text-sm font-medium text-amber-950' : 'text-sm text-slate-600'} data-testid="rep-prices-at">
          {catalog.data.fromDevice ? t.offlinePrices(formatShortDateTime(catalog.data.checkedAt)) : t.pricesOf(formatShortDateTime(catalog.data.checkedAt))}
        </p>
      ) : null}
      <RepQueueArea />
      {failed ? (
        <LoadError
          title={customer.error ? t.customerLoadError : t.catalogLoadError}
          detail={failed.message}
          retryLabel={t.retry}
          onRetry={() => void Promise.all([customer.refetch(), catalog.refetch()])}
        />
      ) : null}
      {!failed && (customer.isPending || catalog.isPending) ? <Spinner label={t.takeOrder} /> : null}
      {customer.data && catalog.data ? (
        <div className="mt-3">
          {/* Keyed by the visit: "Editar pedido" from the queue opens a fresh form even on this same screen. */}
          <TakeOrderForm key={location.key} customer={customer.data} catalog={catalog.data} account={account.data} draft={draft} />
        </div>
      ) : null}
    </div>
  );
}
