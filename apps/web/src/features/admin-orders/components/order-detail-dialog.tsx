import { Fragment, useRef, useState } from 'react';
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { orderNumber, type OrderStatus } from '@mayorista/core/constants';
import { adminOrders } from '@mayorista/core/messages/adminOrders';
import { receivables } from '@mayorista/core/messages/receivables';
import { formatMoney } from '@mayorista/core/money';
import { formatDateTime } from '@mayorista/core/date-time';
import { businessDetails } from '@mayorista/core/order-customer';
import { isDestructiveTransition, nextOrderStatuses } from '@mayorista/core/order-status';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { profileCan } from '@mayorista/core/roles';
import { useOptionalAuth } from '../../../lib/auth';
import {
  adminOrderQueryOptions,
  adminOrdersKeys,
  changeAdminOrderStatus,
  markAdminOrderPrepared,
  type AdminOrder,
} from '../api/admin-orders-api';
import { CreditHoldBadge, OrderStatusBadge } from './order-status-badge';
import { OrderLifeActions } from './order-life-actions';
import { CreditHoldActions } from './credit-hold-actions';
import { appConfig } from '../../../lib/app-config';
import { ivaRateLabel } from '@mayorista/core/iva';
import { iva as ivaTexts } from '@mayorista/core/messages/iva';
import { OrderIvaRows, orderIsItemised } from '../../../components/orders/order-iva';
import { OrderHistory } from './order-history';
import { OrderDeliveryDate } from '../../../components/orders/order-delivery';

const text = adminOrders;

/** The detail of one order (items, notes, customer, points flag) with the allowed next statuses. */
export function OrderDetailDialog({ orderId, onClose }: { orderId: string | null; onClose: () => void }) {
  return (
    <Dialog open={orderId !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {orderId ? (
        <DialogContent title={text.detailTitle(orderNumber(orderId))} size="lg">
          <OrderDetail orderId={orderId} />
          <div className="mt-6 flex justify-end">
            <DialogClose asChild>
              <Button variant="secondary">{text.close}</Button>
            </DialogClose>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

/** Who ordered: name, e-mail, DNI, the business data the order recorded, and whether points paid it. */
function CustomerSection({ order }: { order: AdminOrder }) {
  return (
    <section aria-labelledby="order-customer-heading">
      <h3 id="order-customer-heading" className="font-semibold">
        {text.customerData}
      </h3>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">{text.customerName}</dt>
        <dd className="break-words">{`${order.user_info.nombre} ${order.user_info.apellido}`}</dd>
        <dt className="text-slate-600">{text.customerEmail}</dt>
        <dd className="break-all">{order.user_info.email}</dd>
        <dt className="text-slate-600">{text.customerDni}</dt>
        <dd>{order.user_info.dni}</dd>
        {/* The business-identity work (decisions 017–019): the business data the order recorded (absent on older orders). */}
        {businessDetails(order.user_info).map((detail) => (
          <Fragment key={detail.label}>
            <dt className="text-slate-600">{detail.label}</dt>
            <dd className="break-words">{detail.value}</dd>
          </Fragment>
        ))}
        <dt className="text-slate-600">{text.paidWithPoints}</dt>
        <dd>{order.canjeado_con_puntos ? text.paidWithPointsYes : text.paidWithPointsNo}</dd>
      </dl>
    </section>
  );
}

/** The items with their prices and IVA rate, the savings, the IVA rows and the total. */
function ItemsSection({ order }: { order: AdminOrder }) {
  return (
    <section aria-labelledby="order-items-heading">
      <h3 id="order-items-heading" className="font-semibold">
        {text.items}
      </h3>
      <ul className="mt-1 divide-y divide-slate-200 text-sm">
        {order.items.map((item, index) => (
          <li key={`${item.product_id}-${index}`} className="flex flex-wrap justify-between gap-x-3 py-2">
            <span className="min-w-0 break-words">
              {item.quantity} × {item.name}
              <span className="block text-slate-600">
                {text.itemPrice}: {formatMoney(item.price)}
                {item.iva_rate !== undefined ? ` · ${ivaTexts.ivaLine(ivaRateLabel(item.iva_rate))}` : null}
              </span>
            </span>
            <span className="font-medium" aria-label={`${text.itemTotal}: ${formatMoney(item.total)}`}>
              {formatMoney(item.total)}
            </span>
          </li>
        ))}
      </ul>
      <dl className="mt-2 space-y-1 border-t border-slate-200 pt-2 text-sm">
        {order.total_savings > 0 ? (
          <div className="flex justify-between">
            <dt>{text.totalSavings}</dt>
            <dd>{formatMoney(order.total_savings)}</dd>
          </div>
        ) : null}
        {/* The admin always reads the breakdown itemised (decision 019), whatever the customer sees. */}
        <OrderIvaRows order={order} itemised />
        <div className="flex justify-between text-base font-semibold">
          <dt>{text.total}</dt>
          <dd>{formatMoney(order.total)}</dd>
        </div>
      </dl>
      {order.iva ? (
        <p className="mt-1 text-xs text-slate-600">
          {order.iva.prices_include_iva ? ivaTexts.adminPricesIncluded : ivaTexts.adminPricesExcluded}{' '}
          {orderIsItemised(order) ? ivaTexts.adminCustomerItemised : ivaTexts.adminCustomerFinal}
        </p>
      ) : null}
    </section>
  );
}

function OrderDetail({ orderId }: { orderId: string }) {
  const query = useQuery(adminOrderQueryOptions(orderId));
  const statusLine = useRef<HTMLDivElement>(null);
  const profile = useOptionalAuth()?.profile;
  const manage = profileCan(profile, 'orders.manage');
  const prepare = profileCan(profile, 'orders.prepare');
  if (query.isPending) return <Spinner label={text.detailLoading} />;
  if (query.isError) {
    return <LoadError detail={query.error.message} retryLabel={text.retry} onRetry={() => void query.refetch()} />;
  }
  const order = query.data;
  return (
    <div className="space-y-5 text-slate-900">
      {/* Focused after a status change: the button pressed is gone, and this line says the new status. */}
      <div
        ref={statusLine}
        tabIndex={-1}
        className="flex flex-wrap items-center gap-2 rounded-md text-sm text-slate-700 outline-offset-2 focus-visible:outline-2"
        data-testid="order-detail-status"
      >
        <OrderStatusBadge status={order.status} />
        <CreditHoldBadge order={order} />
        <span>{formatDateTime(order.created_at)}</span>
        <OrderDeliveryDate order={order} />
      </div>

      <CustomerSection order={order} />
      <ItemsSection order={order} />

      <section aria-labelledby="order-notes-heading">
        <h3 id="order-notes-heading" className="font-semibold">
          {text.notes}
        </h3>
        <p className="mt-1 text-sm whitespace-pre-wrap break-words">{order.observaciones || text.noNotes}</p>
      </section>

      {/* Only the buttons the role may use (decision 067): the warehouse prepares, the office manages. */}
      {manage ? <CreditHoldActions order={order} /> : null}
      <StatusActions order={order} manage={manage} prepare={prepare} onChanged={() => statusLine.current?.focus()} />
      <OrderLifeActions order={order} catalogName={appConfig.catalogName} canEdit={manage} />
      <OrderHistory orderId={order.id} />
    </div>
  );
}

/**
 * The next statuses the role may set: every one with 'orders.manage'; with 'orders.prepare' alone
 * (the warehouse) only "Preparado", through its own route.
 */
function StatusActions({
  order,
  manage,
  prepare,
  onChanged,
}: {
  order: AdminOrder;
  manage: boolean;
  prepare: boolean;
  onChanged: () => void;
}) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<OrderStatus | null>(null);
  const changed = useRef(false);
  const change = useMutation({
    mutationFn: (status: OrderStatus) => (manage ? changeAdminOrderStatus(order.id, status) : markAdminOrderPrepared(order.id)),
    onSuccess: (updated) => {
      queryClient.setQueryData(adminOrdersKeys.detail(order.id), updated);
      void queryClient.invalidateQueries({ queryKey: adminOrdersKeys.all });
      toast({ title: text.statusChangedTitle, description: text.statusChangedText(orderNumber(order.id), updated.status) });
      // After React has drawn the new status (and removed the button that had the focus). From the
      // confirmation dialog, its closing must not put the focus back on that button: see onCloseAutoFocus.
      changed.current = true;
      requestAnimationFrame(onChanged);
    },
    onError: (error: Error) => {
      // Someone else may have moved it meanwhile: show the current state.
      void queryClient.invalidateQueries({ queryKey: adminOrdersKeys.all });
      toast({ title: text.statusChangeErrorTitle, description: error.message, variant: 'destructive' });
    },
    onSettled: () => setConfirming(null),
  });
  // Held by the credit check: it moves on only once released, or it is cancelled (the server's rule);
  // offering "Marcar como Confirmado" would only earn a refusal.
  const held = order.credit_hold === 'pending';
  const next = nextOrderStatuses(order.status).filter((status) => (manage || (prepare && status === 'Preparado')) && (!held || status === 'Cancelado'));
  if (!manage && next.length === 0) return null;

  return (
    <section aria-labelledby="order-status-heading">
      <h3 id="order-status-heading" className="font-semibold">
        {text.changeStatusLegend}
      </h3>
      {held ? <p className="mt-1 text-sm text-amber-900">{receivables.creditHeldStatus}</p> : null}
      {next.length === 0 ? (
        <p className="mt-1 text-sm text-slate-700">{text.noNextStatus}</p>
      ) : (
        <div className="mt-2 flex flex-wrap gap-2">
          {next.map((status) => (
            <Button
              key={status}
              size="sm"
              variant={isDestructiveTransition(status) ? 'destructive' : 'primary'}
              disabled={change.isPending}
              onClick={() => (isDestructiveTransition(status) ? setConfirming(status) : change.mutate(status))}
            >
              {text.moveTo(status)}
            </Button>
          ))}
        </div>
      )}
      <ConfirmStatusDialog
        confirming={confirming}
        pending={change.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={(status) => change.mutate(status)}
        onClosed={(event) => {
          if (!changed.current) return;
          changed.current = false;
          event.preventDefault();
          onChanged();
        }}
      />
    </section>
  );
}

/**
 * "¿Marcar el pedido como Cancelado?": the destructive statuses ask first. `onClosed` is Radix's
 * onCloseAutoFocus: after a change, the caller puts the focus on the new status instead of the
 * button that opened it (gone by then).
 */
function ConfirmStatusDialog({
  confirming,
  pending,
  onCancel,
  onConfirm,
  onClosed,
}: {
  confirming: OrderStatus | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (status: OrderStatus) => void;
  onClosed: (event: Event) => void;
}) {
  return (
    <AlertDialog.Root open={confirming !== null} onOpenChange={(open) => (open ? undefined : onCancel())}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <AlertDialog.Content
          onCloseAutoFocus={onClosed}
          className="fixed inset-x-0 bottom-0 z-50 rounded-t-xl bg-white p-5 shadow-xl sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-full sm:max-w-md sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-xl"
        >
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">
            {confirming ? text.confirmTitle(confirming) : ''}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-700">
            {confirming === 'Rechazado' ? text.confirmReject : text.confirmCancel}
          </AlertDialog.Description>
          <div className="mt-5 flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">{text.cancelAction}</Button>
            </AlertDialog.Cancel>
            <Button variant="destructive" disabled={pending} onClick={() => confirming && onConfirm(confirming)}>
              {text.confirmAction}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
