import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateTime } from '@mayorista/core/date-time';
import { adminPage } from '@mayorista/core/messages/adminPage';
import { staff as text } from '@mayorista/core/messages/staff';
import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from '@mayorista/core/roles';
import type { StaffList, StaffMember } from '@mayorista/core/schemas/staff';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { LoadError } from '../../components/ui/load-error';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast-store';
import { changeRole, inviteStaff, removeStaff, staffKeys, staffQueryOptions } from './staff-api';
import { ZoneRepPanel } from './zone-rep-panel';
import { RepCommission } from './rep-commission';

const failed = (error: Error) => toast({ title: error.message, variant: 'destructive' });

function RoleSelect({ value, onChange, label, disabled }: { value: StaffRole; onChange: (role: StaffRole) => void; label: string; disabled?: boolean }) {
  return (
    <select
      aria-label={label}
      className="min-h-11 rounded-md border border-slate-300 bg-white px-2 text-sm"
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value as StaffRole)}
    >
      {STAFF_ROLES.map((role) => (
        <option key={role} value={role}>
          {STAFF_ROLE_LABELS[role]}
        </option>
      ))}
    </select>
  );
}

function MemberRow({ member }: { member: StaffMember }) {
  const queryClient = useQueryClient();
  const name = `${member.nombre} ${member.apellido}`.trim();
  const role = useMutation({
    mutationFn: (next: StaffRole) => changeRole(member.id, next),
    onSuccess: (list) => {
      queryClient.setQueryData<StaffList>(staffKeys.list, list);
      toast({ title: text.roleChanged });
    },
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: () => removeStaff(member.id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: staffKeys.list });
      toast({ title: text.removed });
    },
    onError: failed,
  });
  return (
    <li className="flex flex-wrap items-center gap-2 border-b border-slate-200 py-2">
      <div className="min-w-0 flex-1">
        <p className="font-medium text-slate-900">{name}</p>
        <p className="truncate text-sm text-slate-600">{member.email}</p>
        {/* Its own line: on a phone a long address is cut, the count never. */}
        {member.role === 'sales' ? <p className="text-sm text-slate-600">{text.customersCount(member.customers)}</p> : null}
      </div>
      {/* On a phone the role and the removal go below the name, so nothing runs off the screen. */}
      <div className="flex w-full items-center justify-between gap-2 sm:w-auto">
        <RoleSelect value={member.role} label={`${text.roleLabel}: ${name}`} disabled={role.isPending} onChange={(next) => role.mutate(next)} />
        <Button variant="ghostDanger" size="sm" disabled={remove.isPending} onClick={() => window.confirm(text.removeConfirm(name)) && remove.mutate()}>
          {text.remove}
        </Button>
      </div>
      {member.role === 'sales' ? <RepCommission key={member.commission_bp ?? 'none'} member={member} name={name} /> : null}
    </li>
  );
}

function InviteForm() {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('sales');
  const invite = useMutation({
    mutationFn: () => inviteStaff(email, role),
    onSuccess: () => {
      toast({ title: text.invitationSent(email) });
      setEmail('');
      void queryClient.invalidateQueries({ queryKey: staffKeys.list });
    },
    onError: failed,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate();
  };
  return (
    <form onSubmit={submit} className="space-y-2 rounded-lg border border-slate-200 p-3">
      <h2 className="font-semibold text-slate-900">{text.inviteTitle}</h2>
      <Field label={text.inviteEmail} type="email" required value={email} onChange={(event) => setEmail(event.target.value)} autoComplete="off" />
      <div className="flex flex-wrap items-center gap-2">
        <RoleSelect value={role} label={text.roleLabel} onChange={setRole} />
        <Button type="submit" disabled={invite.isPending}>
          {text.inviteSubmit}
        </Button>
      </div>
    </form>
  );
}

/** /admin?tab=personal: the owner's staff screen — roles, removal and invitations (decision 046). */
export default function AdminStaffTab() {
  const query = useQuery(staffQueryOptions());
  if (query.isPending) return <Spinner label={adminPage.loadingTab} />;
  if (query.isError) return <LoadError title={text.loadError} detail={query.error.message} retryLabel={text.retry} onRetry={() => void query.refetch()} />;
  const { items, invitations } = query.data;
  return (
    <div className="grid gap-4 md:grid-cols-[2fr_1fr]">
      <ul aria-label={text.title} className="min-w-0">
        {items.map((member) => (
          <MemberRow key={member.id} member={member} />
        ))}
      </ul>
      <div className="min-w-0 space-y-3">
        <InviteForm />
        <ZoneRepPanel reps={items.filter((member) => member.role === 'sales')} />
        {invitations.length > 0 ? (
          <section>
            <h2 className="font-semibold text-slate-900">{text.pendingInvitations}</h2>
            <ul className="text-sm text-slate-700">
              {invitations.map((invitation) => (
                <li key={invitation.email} className="py-1">
                  {invitation.email} · {STAFF_ROLE_LABELS[invitation.role]} · {text.invitationUntil(formatDateTime(invitation.expires_at))}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </div>
  );
}
