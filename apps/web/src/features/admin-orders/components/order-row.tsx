import { orderNumber } from '@mayorista/core/constants';
import { formatDeliveryDayShort } from '@mayorista/core/deliveries';
import { adminOrders } from '@mayorista/core/messages/adminOrders';
import { orderLife } from '@mayorista/core/messages/orderLife';
import { formatMoney } from '@mayorista/core/money';
import { formatDateTime } from '@mayorista/core/date-time';
import type { AdminOrder } from '../api/admin-orders-api';
import { CreditHoldBadge, OrderStatusBadge } from './order-status-badge';

const text = adminOrders;

/** One order of the list: its tick box (for the picking sheet) and the button that opens its detail. */
export function OrderRow({
  order,
  onOpen,
  selected,
  onToggle,
}: {
  order: AdminOrder;
  onOpen: () => void;
  selected: boolean;
  onToggle: () => void;
}) {
  const number = orderNumber(order.id);
  return (
    <li className="flex items-stretch gap-2">
      <label className="flex min-w-11 items-center justify-center rounded-lg border border-slate-200 bg-white">
        <input
          type="checkbox"
          className="h-5 w-5"
          checked={selected}
          onChange={onToggle}
          aria-label={orderLife.documents.selectOrder(number)}
        />
      </label>
      <button
        type="button"
        onClick={onOpen}
        className="flex w-full flex-col gap-1 rounded-lg border border-slate-200 bg-white p-3 text-left hover:border-brand-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 sm:flex-row sm:items-center sm:gap-4"
      >
        <span className="flex flex-wrap items-center justify-between gap-2 sm:w-52 sm:shrink-0 sm:justify-start">
          <span className="sr-only">{text.viewDetail(number)}</span>
          <span aria-hidden="true" className="font-mono text-sm text-slate-700">
            #{number}
          </span>
          <OrderStatusBadge status={order.status} />
          <CreditHoldBadge order={order} />
        </span>
        <span className="min-w-0 flex-1 font-semibold break-words text-slate-900">
          {`${order.user_info.nombre} ${order.user_info.apellido}`}
          <span className="block text-xs font-normal text-slate-600">
            {formatDateTime(order.created_at)}
            {order.canjeado_con_puntos ? ` · ${text.paidWithPoints}` : ''}
          </span>
        </span>
        <span className="text-sm text-slate-900 sm:w-28 sm:shrink-0" data-testid="order-row-delivery">
          <span className="text-slate-600">{text.deliveryLabel} </span>
          {order.delivery_date ? (
            formatDeliveryDayShort(order.delivery_date)
          ) : (
            <>
              <span aria-hidden="true">{text.noDelivery}</span>
              <span className="sr-only">{text.noDeliveryRead}</span>
            </>
          )}
        </span>
        <span className="font-medium text-slate-900 sm:text-right">{formatMoney(order.total)}</span>
      </button>
    </li>
  );
}
