import { useDeferredValue, useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { formatCuit } from '@mayorista/core/business';
import { formatMoney } from '@mayorista/core/money';
import { adminUsers } from '@mayorista/core/messages/adminUsers';
import { pricing } from '@mayorista/core/messages/pricing';
import { profileCan } from '@mayorista/core/roles';
import { staffRoleLabel } from '../../components/audit-summary';
import { useAuth } from '../../lib/auth';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { PagedQueryList } from '../../components/ui/paged-query-list';
import { toast } from '../../components/ui/toast-store';
import { cn } from '../../lib/cn';
import { apiDownload } from '../../lib/api-client';
import { saveBlob } from '../../lib/download';
import {
  ADMIN_USERS_PAGE_SIZE,
  adminUsersKeys,
  adminUsersQueryOptions,
  rejectPending,
  setApproval,
  type AdminUser,
  type AdminUserStatusFilter,
} from './api/admin-users-api';
import { CustomerPage } from './components/customer-page';
import { PointsDialog } from './components/points-dialog';
import { PointsMovementsDialog } from './components/points-movements-dialog';
import { PriceListSelect } from './components/price-list-select';
import { ConfirmAction } from './components/confirm-action';

const text = adminUsers;

const fullName = (user: AdminUser) => `${user.nombre} ${user.apellido}`.trim() || user.email;

/**
 * The "Usuarios" tab of /admin: pending accounts first, search, approval, points, admin role. With
 * `cliente=<id>` in the URL it shows that customer's page instead (the business-identity work, decisions 017–019).
 */
export default function AdminUsersTab() {
  const [params] = useSearchParams();
  const customerId = params.get('cliente');
  if (customerId) return <CustomerPage key={customerId} id={customerId} />;
  return <AdminUsersList />;
}

function AdminUsersList() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<AdminUserStatusFilter>('all');
  const [page, setPage] = useState(1);
  // Typing stays responsive; the request follows the deferred value.
  const deferredSearch = useDeferredValue(search);
  const query = useQuery(adminUsersQueryOptions({ search: deferredSearch, status, page }));
  const searchId = useId();
  const statusId = useId();
  const pages = Math.max(1, Math.ceil((query.data?.total ?? 0) / ADMIN_USERS_PAGE_SIZE));

  return (
    <section aria-labelledby="admin-users-heading" className="space-y-4">
      <h2 id="admin-users-heading" className="text-xl font-semibold text-slate-900">
        {text.heading}
      </h2>
      <div className="grid gap-3 sm:grid-cols-[1fr_auto]">
        <div className="space-y-1">
          <Label htmlFor={searchId}>{text.searchLabel}</Label>
          <Input
            id={searchId}
            type="search"
            placeholder={text.searchPlaceholder}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor={statusId}>{text.statusLabel}</Label>
          <select
            id={statusId}
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as AdminUserStatusFilter);
              setPage(1);
            }}
            className="block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 text-base"
          >
            <option value="all">{text.statusAll}</option>
            <option value="pending">{text.statusPending}</option>
            <option value="approved">{text.statusApproved}</option>
          </select>
        </div>
      </div>

      <PagedQueryList
        query={query}
        text={text}
        page={page}
        pages={pages}
        onPageChange={setPage}
        listClassName="space-y-3"
        renderItem={(user) => <AdminUserRow key={user.id} user={user} />}
      />
    </section>
  );
}

function Badge({ children, tone }: { children: string; tone: 'amber' | 'green' | 'slate' }) {
  const tones = {
    amber: 'bg-amber-100 text-amber-950',
    green: 'bg-green-100 text-green-900',
    slate: 'bg-slate-200 text-slate-900',
  };
  return <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', tones[tone])}>{children}</span>;
}

/** Approve or revoke, reject a sign-up, and download the customer's price list; each toasts its outcome. */
function useUserActions(user: AdminUser, name: string) {
  const queryClient = useQueryClient();
  const onError = (error: Error) => toast({ title: text.actionErrorTitle, description: error.message, variant: 'destructive' });

  const approval = useMutation({
    mutationFn: (approved: boolean) => setApproval(user.id, approved),
    onSuccess: (updated) => {
      void queryClient.invalidateQueries({ queryKey: adminUsersKeys.all });
      toast(
        updated.approved
          ? { title: text.approvedTitle, description: text.approvedText(name) }
          : { title: text.revokedTitle, description: text.revokedText(name) },
      );
    },
    onError,
  });

  const reject = useMutation({
    mutationFn: () => rejectPending(user.id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminUsersKeys.all });
      toast({ title: text.rejectedTitle, description: text.rejectedText(name) });
    },
    onError,
  });

  // The repricing work (decision 015): the customer's "Lista de precios", at that customer's prices.
  const priceList = useMutation({
    mutationFn: async () =>
      saveBlob(
        await apiDownload(`/api/admin/users/${encodeURIComponent(user.id)}/price-list.pdf`),
        `lista-de-precios-${user.dni}.pdf`,
      ),
    onError,
  });
  return { approval, reject, priceList };
}

type UserActions = ReturnType<typeof useUserActions>;

/** Name, e-mail, business, CUIT, DNI and points, with the approval and role badges. */
function UserSummary({ user, name }: { user: AdminUser; name: string }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <p className="font-semibold break-words text-slate-900">{name}</p>
        <p className="text-sm break-all text-slate-700">{user.email}</p>
        {user.razon_social ? <p className="text-sm font-medium break-words text-slate-800">{user.razon_social}</p> : null}
        <p className="text-sm text-slate-700">
          {user.cuit ? `${text.cuitLabel}: ${formatCuit(user.cuit)} · ` : ''}
          {text.dniLabel}: {user.dni} · {text.pointsLabel}: {formatMoney(user.saldo_puntos)}
        </p>
      </div>
      <div className="flex flex-wrap gap-1">
        {user.approved ? <Badge tone="green">{text.approvedBadge}</Badge> : <Badge tone="amber">{text.pendingBadge}</Badge>}
        {user.is_super_admin ? (
          <Badge tone="slate">{text.superAdminBadge}</Badge>
        ) : user.is_admin ? (
          <Badge tone="slate">{text.adminBadge}</Badge>
        ) : null}
        {user.staff_role ? <Badge tone="slate">{staffRoleLabel(user.staff_role)}</Badge> : null}
      </div>
    </div>
  );
}

/** A sign-up waiting for approval: only "Aprobar", "Rechazar" (confirmed) and the customer page. */
function WaitingActions({ user, name, actions: { approval, reject } }: { user: AdminUser; name: string; actions: UserActions }) {
  return (
    <div role="group" aria-label={text.actionsFor(name)} className="mt-3 flex flex-wrap items-center gap-2">
      <Button size="sm" disabled={approval.isPending || reject.isPending} onClick={() => approval.mutate(true)}>
        {text.approve}
      </Button>
      <ConfirmAction
        label={text.reject}
        variant="ghostDanger"
        question={text.rejectConfirm(name)}
        confirmLabel={text.rejectYes}
        pending={reject.isPending || approval.isPending}
        onConfirm={() => reject.mutate()}
      />
      <Link
        to={`/admin?tab=usuarios&cliente=${encodeURIComponent(user.id)}`}
        aria-label={text.openCustomerFor(name)}
        className="ml-auto inline-flex min-h-11 items-center px-1 text-sm font-medium text-brand-800 underline underline-offset-2"
      >
        {text.openCustomer}
      </Link>
    </div>
  );
}

/** Everyone else: the customer page, approve or revoke (not oneself), points, the price list and its choice. */
function AccountActions({
  user,
  name,
  isMe,
  actions: { approval, priceList },
}: {
  user: AdminUser;
  name: string;
  isMe: boolean;
  actions: UserActions;
}) {
  return (
    <div role="group" aria-label={text.actionsFor(name)} className="mt-3 flex flex-wrap gap-2">
      <Link
        to={`/admin?tab=usuarios&cliente=${encodeURIComponent(user.id)}`}
        aria-label={text.openCustomerFor(name)}
        className="inline-flex min-h-11 items-center rounded-md border border-brand-700 bg-white px-3 text-sm font-medium text-brand-800 hover:bg-brand-50"
      >
        {text.openCustomer}
      </Link>
      {!isMe ? (
        <Button
          size="sm"
          variant={user.approved ? 'secondary' : 'primary'}
          disabled={approval.isPending}
          onClick={() => approval.mutate(!user.approved)}
        >
          {user.approved ? text.revoke : text.approve}
        </Button>
      ) : null}
      <PointsDialog user={user} displayName={name} />
      <PointsMovementsDialog userId={user.id} displayName={name} />
      <Button size="sm" variant="secondary" disabled={priceList.isPending} onClick={() => priceList.mutate()}>
        {pricing.customer.adminDownload}
      </Button>
      {/* The business-identity work (decisions 017–019): staff always buy at the base list, so only customers get the control. */}
      {!user.is_admin && !user.is_super_admin ? <PriceListSelect user={user} displayName={name} /> : null}
    </div>
  );
}

/**
 * A staff member in the list (the warehouse, a driver, a rep…): not a customer, so no approval,
 * points or price list here — revoking the approval would lock them out of their job. The owner
 * manages them in Personal.
 */
function StaffNote() {
  const { profile: me } = useAuth();
  return (
    <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
      <p>{text.staffMember}</p>
      {profileCan(me, 'staff.manage') ? (
        <Link to="/admin?tab=personal" className="inline-flex min-h-11 items-center font-medium text-brand-800 underline underline-offset-2">
          {text.openStaff}
        </Link>
      ) : null}
    </div>
  );
}

function AdminUserRow({ user }: { user: AdminUser }) {
  const { profile: me } = useAuth();
  const name = fullName(user);
  const actions = useUserActions(user, name);
  const isMe = me?.id === user.id;
  // A sign-up waiting for approval: only "Aprobar" and "Rechazar" (decision 033). Roles, points
  // and the rest live on the customer page, roles behind a confirmation.
  const waiting = !user.approved && !user.is_admin && !user.is_super_admin && !isMe;

  return (
    <li className={cn('rounded-lg border bg-white p-4', user.approved ? 'border-slate-200' : 'border-amber-300')}>
      <UserSummary user={user} name={name} />
      {user.staff_role ? (
        <StaffNote />
      ) : waiting ? (
        <WaitingActions user={user} name={name} actions={actions} />
      ) : (
        <AccountActions user={user} name={name} isMe={isMe} actions={actions} />
      )}
    </li>
  );
}
