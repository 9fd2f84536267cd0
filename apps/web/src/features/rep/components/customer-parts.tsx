import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '@mayorista/core/money';
import { formatDate } from '@mayorista/core/date-time';
import { staff as text } from '@mayorista/core/messages/staff';
import type { RepCustomer } from '@mayorista/core/schemas/staff';
import { balanceLine } from '../../../lib/receivables/format';

const link =
  'inline-flex min-h-11 items-center justify-center rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-900 hover:bg-slate-100';

export const customerName = (customer: Pick<RepCustomer, 'razon_social' | 'nombre' | 'apellido'>) =>
  customer.razon_social ?? `${customer.nombre} ${customer.apellido}`;

export const customerPath = (id: string) => `/vendedor/clientes/${id}`;
export const takeOrderPath = (id: string) => `/vendedor/pedido/${id}`;

/** "← Mis clientes" (or another way back) at the top of the rep's screens. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="inline-flex min-h-11 items-center text-sm font-medium text-brand-800 underline-offset-2 hover:underline">
      ← {children}
    </Link>
  );
}

/** One figure of a customer: a label over its value. */
export function Figure({ label, children, tone }: { label: string; children: ReactNode; tone?: 'alert' }) {
  return (
    <div>
      <dt className="text-slate-600">{label}</dt>
      <dd className={tone === 'alert' ? 'font-medium text-red-700' : 'font-medium text-slate-900'}>{children}</dd>
    </div>
  );
}

/** Saldo, Vencido and Último pedido, as the card and the customer's screen show them. */
export function CustomerFigures({ customer }: { customer: RepCustomer }) {
  return (
    <dl className="mt-2 grid grid-cols-3 gap-1 text-sm">
      <Figure label={text.balance}>{balanceLine(customer.balance)}</Figure>
      <Figure label={text.overdue} {...(customer.overdue > 0 ? { tone: 'alert' as const } : {})}>
        {formatMoney(customer.overdue)}
      </Figure>
      <Figure label={text.lastOrder}>{customer.last_order_at ? formatDate(customer.last_order_at) : text.never}</Figure>
    </dl>
  );
}

/** Llamar and WhatsApp, when the customer has a number. */
export function ContactLinks({ whatsapp }: { whatsapp: string | null }) {
  if (!whatsapp) return null;
  return (
    <div className="mt-2 grid grid-cols-2 gap-2">
      <a className={link} href={`tel:+${whatsapp}`}>
        {text.call}
      </a>
      <a className={link} href={`https://wa.me/${whatsapp}`} target="_blank" rel="noreferrer">
        {text.whatsapp}
      </a>
    </div>
  );
}
