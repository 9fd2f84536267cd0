import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { orderNumber } from '@mayorista/core/constants';
import { formatMoney } from '@mayorista/core/money';
import { formatDateTime } from '@mayorista/core/date-time';
import { cart } from '@mayorista/core/messages/cart';
import { cartPage } from '@mayorista/core/messages/cartPage';
import { orders as ordersTexts } from '@mayorista/core/messages/orders';
import { iva as ivaTexts } from '@mayorista/core/messages/iva';
import type { Order } from '@mayorista/core/schemas/order';
import { Button, buttonVariants } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { useAuth } from '../../../lib/auth';
import { fetchCartProducts, useCart } from '../../../lib/cart';
import { saveBlob } from '../../../lib/download';
import { ordersQueryKey } from '../../../lib/queries/order-keys';
import { canCustomerCancel } from '@mayorista/core/order-status';
import { downloadOrderPdf, fetchMyOrders } from '../api/orders-api';
import { CancelOrderButton } from './cancel-order-button';
import { CreditHoldNote } from './credit-hold-note';
import { OrderDeliveryDate } from '../../../components/orders/order-delivery';
import {
  OrderIvaNote,
  OrderIvaRows,
  orderIsItemised,
  orderLineAmounts,
  orderSavingsShown,
} from '../../../components/orders/order-iva';

/** The items with their amounts, the notes, the savings, the IVA rows and the total. */
function OrderLines({ order, itemised }: { order: Order; itemised: boolean }) {
  const lineAmounts = orderLineAmounts(order, itemised);
  return (
    <>
      <h3 className="sr-only">{ordersTexts.items}</h3>
      <ul className="mt-3 space-y-1 text-sm">
        {order.items.map((item, index) => (
          <li key={item.product_id} className="flex justify-between gap-3">
            <span>{ordersTexts.itemLine(item.quantity, item.name)}</span>
            <span className="tabular-nums" data-testid="order-line-total">
              {formatMoney(lineAmounts[index]!.total)}
            </span>
          </li>
        ))}
      </ul>
      {order.observaciones ? (
        <p className="mt-2 text-sm text-slate-700">
          {ordersTexts.notes}: {order.observaciones}
        </p>
      ) : null}

      <dl className="mt-3 border-t border-slate-200 pt-2 text-sm">
        {order.total_savings > 0 ? (
          <div className="flex justify-between text-green-800">
            <dt>{itemised ? ivaTexts.orderSavingsNet : ordersTexts.totalSavings}</dt>
            <dd className="tabular-nums" data-testid="order-savings">
              {formatMoney(orderSavingsShown(order, itemised))}
            </dd>
          </div>
        ) : null}
        <OrderIvaRows order={order} itemised={itemised} />
        <div className="flex justify-between text-base font-bold">
          <dt>{ordersTexts.total}</dt>
          <dd className="tabular-nums" data-testid="order-total">
            {formatMoney(order.total)}
          </dd>
        </div>
      </dl>
    </>
  );
}

/** "Descargar PDF" and "Repetir pedido" (today's prices and stock apply: each line goes through addItem with its usual messages). */
function useOrderActions(order: Order, number: string) {
  const { addItem } = useCart();
  const navigate = useNavigate();
  const [downloading, setDownloading] = useState(false);
  const [repeating, setRepeating] = useState(false);
  const onDownload = async () => {
    setDownloading(true);
    try {
      saveBlob(await downloadOrderPdf(order.id), `pedido-${number}.pdf`);
    } catch (error) {
      toast({ title: ordersTexts.pdfErrorTitle, description: (error as Error).message, variant: 'destructive' });
    } finally {
      setDownloading(false);
    }
  };

  // Today's prices and stock apply: each line goes through addItem with its usual messages.
  const onRepeat = async () => {
    setRepeating(true);
    try {
      const products = new Map((await fetchCartProducts(order.items.map((item) => item.product_id))).map((p) => [p.id, p]));
      let added = 0;
      for (const item of order.items) {
        const product = products.get(item.product_id);
        if (product && addItem(product, item.quantity)) added += 1;
      }
      if (products.size < order.items.length) {
        toast({ title: cart.removedTitle, description: ordersTexts.repeatUnavailable, variant: 'destructive' });
      }
      if (added > 0) navigate('/cart');
    } catch (error) {
      toast({ title: cart.loadError, description: (error as Error).message, variant: 'destructive' });
    } finally {
      setRepeating(false);
    }
  };

  return { downloading, onDownload, repeating, onRepeat };
}

function OrderCard({ order }: { order: Order }) {
  const number = orderNumber(order.id);
  const itemised = orderIsItemised(order);
  const { downloading, onDownload, repeating, onRepeat } = useOrderActions(order, number);
  const titleId = `pedido-${order.id}`;

  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4" aria-labelledby={titleId} data-testid="order-card">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={titleId} className="text-lg font-semibold">
          {ordersTexts.orderTitle(number)}
        </h2>
        <span className="rounded-full bg-slate-100 px-3 py-0.5 text-sm font-medium text-slate-800">
          <span className="sr-only">{ordersTexts.status}: </span>
          {order.status}
        </span>
      </div>
      <p className="text-sm text-slate-600">
        {ordersTexts.date}: <time dateTime={order.created_at}>{formatDateTime(order.created_at)}</time>
      </p>
      <OrderDeliveryDate order={order} className="mt-1" />
      <CreditHoldNote order={order} />
      {order.canjeado_con_puntos ? (
        <p className="mt-1 inline-block rounded bg-brand-50 px-2 text-sm font-medium text-brand-900">
          {ordersTexts.paidWithPoints}
        </p>
      ) : null}

      <OrderLines order={order} itemised={itemised} />
      <OrderIvaNote order={order} itemised={itemised} />

      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void onDownload()} disabled={downloading} aria-describedby={titleId}>
          {downloading ? ordersTexts.downloadingPdf : ordersTexts.downloadPdf}
        </Button>
        <Button variant="secondary" onClick={() => void onRepeat()} disabled={repeating} aria-describedby={titleId}>
          {ordersTexts.repeat}
        </Button>
        {canCustomerCancel(order.status) ? <CancelOrderButton order={order} describedBy={titleId} /> : null}
      </div>
    </li>
  );
}

/** /my-orders: the customer's orders, newest first. */
export default function MyOrdersView() {
  const { user } = useAuth();
  const query = useQuery({
    queryKey: ordersQueryKey(user?.id),
    queryFn: ({ signal }) => fetchMyOrders(signal),
    enabled: !!user,
  });

  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-6">
      <h1 className="text-2xl font-bold text-slate-900">{ordersTexts.myOrdersTitle}</h1>
      {query.isPending ? (
        <Spinner label={ordersTexts.loading} paused={query.fetchStatus === 'paused'} />
      ) : query.isError ? (
        <div className="mt-4">
          <p role="alert" className="text-red-800">
            {ordersTexts.loadError} {query.error.message}
          </p>
          <Button className="mt-3" variant="secondary" onClick={() => void query.refetch()}>
            {ordersTexts.retry}
          </Button>
        </div>
      ) : query.data.length === 0 ? (
        <div className="mt-4 flex flex-col items-start gap-3">
          <p className="text-slate-700">{ordersTexts.empty}</p>
          <Link to="/catalog" className={buttonVariants({ variant: 'primary' })}>
            {cartPage.goToCatalog}
          </Link>
        </div>
      ) : (
        <ul className="mt-4 space-y-4">
          {query.data.map((order) => (
            <OrderCard key={order.id} order={order} />
          ))}
        </ul>
      )}
    </section>
  );
}
