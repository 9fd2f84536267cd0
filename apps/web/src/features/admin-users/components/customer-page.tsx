import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatArPhone, formatCuit, isIvaCondition, IVA_CONDITION_LABELS } from '@mayorista/core/business';
import { orderNumber } from '@mayorista/core/constants';
import { formatDate } from '@mayorista/core/date-time';
import { accountPages } from '@mayorista/core/messages/accountPages';
import { adminUsers } from '@mayorista/core/messages/adminUsers';
import { business as labels } from '@mayorista/core/messages/business';
import { formatMoney } from '@mayorista/core/money';
import { formatDeliveryAddress } from '@mayorista/core/order-customer';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { adminCustomerQueryOptions, saveAdminNotes, type AdminCustomer } from '../api/admin-customer-api';
import { adminUsersKeys, setAdminRole, setApproval } from '../api/admin-users-api';
import { useAuth } from '../../../lib/auth';
import { ConfirmAction } from './confirm-action';
import { PointsDialog } from './points-dialog';
import { CustomerPriceListSlot } from './customer-price-list-slot';
import { CustomerZoneCard } from './customer-zone-card';
import { EntityHistory } from '../../../components/entity-history';
import { PointsMovementsList } from './points-movements-dialog';
import { cuentaCorrienteLink } from '../../../lib/receivables/nav-text';

const text = adminUsers;

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-200 bg-white p-4 sm:p-5">
      <h3 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h3>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function CustomerData({ customer }: { customer: AdminCustomer }) {
  const missing = customer.missing_business_fields.length;
  const value = (v: string | null | undefined) => (v ? v : <span className="text-slate-500 italic">{text.notProvided}</span>);
  const rows: [string, ReactNode][] = [
    [labels.razonSocialLabel, value(customer.razon_social)],
    [labels.cuitLabel, value(customer.cuit ? formatCuit(customer.cuit) : null)],
    [labels.ivaConditionLabel, value(isIvaCondition(customer.iva_condition) ? IVA_CONDITION_LABELS[customer.iva_condition] : null)],
    [
      labels.whatsappLabel,
      customer.whatsapp ? (
        <a className="font-medium text-brand-800 underline underline-offset-2" href={`https://wa.me/${customer.whatsapp}`} target="_blank" rel="noreferrer">
          {formatArPhone(customer.whatsapp)}
        </a>
      ) : (
        value(null)
      ),
    ],
    [accountPages.emailLabel, customer.email],
    [text.dniLabel, customer.dni],
    [labels.addressLabel, value(formatDeliveryAddress(customer))],
    [labels.deliveryNotesLabel, value(customer.delivery_notes)],
  ];
  return (
    <>
      {missing > 0 ? <p className="mb-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950">{text.missingData(missing)}</p> : null}
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        {rows.map(([label, content]) => (
          <div key={label} className="min-w-0">
            <dt className="font-medium text-slate-600">{label}</dt>
            <dd className="break-words text-slate-900">{content}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

function AdminNotes({ customer }: { customer: AdminCustomer }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [notes, setNotes] = useState(customer.admin_notes ?? '');
  const save = useMutation({
    mutationFn: () => saveAdminNotes(customer.id, notes),
    onSuccess: (saved) => {
      queryClient.setQueryData(adminCustomerQueryOptions(customer.id).queryKey, saved);
      toast({ title: text.notesSavedTitle });
    },
    onError: (error) => toast({ title: text.actionErrorTitle, description: error.message, variant: 'destructive' }),
  });
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm text-slate-700">
        {text.notesHint}
      </label>
      <textarea
        id={id}
        rows={4}
        maxLength={4000}
        value={notes}
        onChange={(e) => setNotes(e.target.value)}
        className="block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 focus-visible:border-brand-700 focus-visible:outline-2 focus-visible:outline-brand-700"
      />
      <Button size="sm" disabled={save.isPending} onClick={() => save.mutate()}>
        {save.isPending ? text.notesSaving : text.notesSave}
      </Button>
    </div>
  );
}

function CustomerOrders({ customer }: { customer: AdminCustomer }) {
  if (customer.recent_orders.length === 0) return <p className="text-sm text-slate-700">{text.noOrders}</p>;
  return (
    <>
      <p className="text-sm text-slate-700">
        {text.ordersCount(customer.orders_count)}
        {customer.orders_count > customer.recent_orders.length ? ` ${text.ordersShown(customer.recent_orders.length)}` : ''}
      </p>
      <ul className="mt-2 divide-y divide-slate-200">
        {customer.recent_orders.map((order) => (
          <li key={order.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2 text-sm">
            <span className="font-medium text-slate-900">#{orderNumber(order.id)}</span>
            <span className="text-slate-700">{formatDate(order.created_at)}</span>
            <span className="text-slate-700">{order.status}</span>
            <span className="font-semibold text-slate-900 tabular-nums">{formatMoney(order.total)}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * What the list's card no longer carries (decision 033): approval, points and — for super admins,
 * behind a confirmation — the admin role.
 */
function CustomerActions({ customer, name }: { customer: AdminCustomer; name: string }) {
  const { profile: me } = useAuth();
  const queryClient = useQueryClient();
  const onError = (error: Error) => toast({ title: text.actionErrorTitle, description: error.message, variant: 'destructive' });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: adminUsersKeys.all });
  const approval = useMutation({
    mutationFn: (approved: boolean) => setApproval(customer.id, approved),
    onSuccess: (updated) => {
      refresh();
      toast(
        updated.approved
          ? { title: text.approvedTitle, description: text.approvedText(name) }
          : { title: text.revokedTitle, description: text.revokedText(name) },
      );
    },
    onError,
  });
  const role = useMutation({
    mutationFn: (isAdmin: boolean) => setAdminRole(customer.id, isAdmin),
    onSuccess: (updated) => {
      refresh();
      toast({ title: text.adminGrantedTitle, description: updated.is_admin ? text.adminGrantedText(name) : text.adminRevokedText(name) });
    },
    onError,
  });
  const isMe = me?.id === customer.id;
  const canChangeRole = !!me?.is_super_admin && !isMe && !customer.is_super_admin;
  return (
    <div role="group" aria-label={text.actionsFor(name)} className="flex flex-wrap items-start gap-2">
      {!isMe ? (
        <Button size="sm" variant={customer.approved ? 'secondary' : 'primary'} disabled={approval.isPending} onClick={() => approval.mutate(!customer.approved)}>
          {customer.approved ? text.revoke : text.approve}
        </Button>
      ) : null}
      <PointsDialog user={customer} displayName={name} />
      {canChangeRole ? (
        <ConfirmAction
          label={customer.is_admin ? text.revokeAdmin : text.grantAdmin}
          question={customer.is_admin ? text.roleRevokeConfirm(name) : text.roleConfirm(name)}
          confirmLabel={text.roleYes}
          pending={role.isPending}
          onConfirm={() => role.mutate(!customer.is_admin)}
        />
      ) : null}
    </div>
  );
}

/**
 * The admin customer page (the business-identity work, decisions 017–019), opened from the Usuarios tab at
 * /admin?tab=usuarios&cliente=<id>: data, price list, private notes, orders and points movements.
 */
export function CustomerPage({ id }: { id: string }) {
  const query = useQuery(adminCustomerQueryOptions(id));
  const queryClient = useQueryClient();
  const back = (
    <Link to="/admin?tab=usuarios" className="inline-flex min-h-11 items-center font-medium text-brand-800 underline underline-offset-2">
      ← {text.backToList}
    </Link>
  );
  if (query.isPending) return <Spinner label={text.customerLoading} />;
  if (query.isError) {
    return (
      <div className="space-y-3">
        {back}
        <LoadError
          title={text.customerLoadError}
          detail={query.error.message}
          retryLabel={text.retry}
          onRetry={() => void queryClient.invalidateQueries({ queryKey: adminUsersKeys.all })}
        />
      </div>
    );
  }
  const customer = query.data;
  const name = `${customer.nombre} ${customer.apellido}`.trim();
  return (
    <article aria-labelledby="customer-heading" className="space-y-4">
      {back}
      <header>
        <h2 id="customer-heading" className="text-xl font-semibold break-words text-slate-900">
          {customer.razon_social ?? name}
        </h2>
        <p className="text-sm text-slate-700">
          {customer.razon_social ? `${name} · ` : ''}
          {customer.approved ? text.approvedBadge : text.pendingBadge}
        </p>
      </header>
      <CustomerActions customer={customer} name={name} />
      {customer.approved ? (
        <Link
          to={`/admin?tab=cuentas&cliente=${encodeURIComponent(customer.id)}`}
          className="inline-flex min-h-11 items-center rounded-md border border-brand-700 bg-white px-3 text-sm font-medium text-brand-800 hover:bg-brand-50"
        >
          {cuentaCorrienteLink.staffTitle}
        </Link>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-2">
        <Card id="customer-data" title={text.customerDataTitle}>
          <CustomerData customer={customer} />
        </Card>
        <div className="space-y-4">
          <CustomerPriceListSlot customer={customer} />
          <CustomerZoneCard customer={customer} />
          <Card id="customer-notes" title={text.notesTitle}>
            <AdminNotes customer={customer} />
          </Card>
        </div>
        <Card id="customer-orders" title={text.ordersTitle}>
          <CustomerOrders customer={customer} />
        </Card>
        <Card id="customer-points" title={text.pointsTitle}>
          <PointsMovementsList userId={customer.id} />
        </Card>
      </div>
      <EntityHistory entity="customer" entityId={customer.id} />
    </article>
  );
}
