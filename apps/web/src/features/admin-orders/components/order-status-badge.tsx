import type { OrderStatus } from '@mayorista/core/constants';
import type { Order } from '@mayorista/core/schemas/order';
import { cn } from '../../../lib/cn';
import { receivables } from '../../../lib/receivables/texts';

const TONES: Record<OrderStatus, string> = {
  Pendiente: 'bg-amber-100 text-amber-950',
  'Pendiente de Canje': 'bg-amber-100 text-amber-950',
  Confirmado: 'bg-sky-100 text-sky-950',
  Preparado: 'bg-indigo-100 text-indigo-950',
  Entregado: 'bg-green-100 text-green-900',
  Canjeado: 'bg-green-100 text-green-900',
  Cancelado: 'bg-slate-200 text-slate-900',
  Rechazado: 'bg-red-100 text-red-900',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <span className={cn('inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap', TONES[status])}>{status}</span>;
}

/** "Retenido por crédito" beside the status while an admin has not released or rejected the order. */
export function CreditHoldBadge({ order }: { order: Pick<Order, 'credit_hold'> }) {
  if (order.credit_hold !== 'pending') return null;
  return <span className="inline-block rounded-full bg-amber-200 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-950">{receivables.held.status}</span>;
}
