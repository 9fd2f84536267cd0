import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatCommissionPercent, parseCommissionPercent } from '@mayorista/core/commission';
import { formatMoney } from '@mayorista/core/money';
import { staff as text } from '@mayorista/core/messages/staff';
import type { StaffList, StaffMember } from '@mayorista/core/schemas/staff';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { repSummaryQueryOptions, setCommission, staffKeys } from './staff-api';

const typed = (bp: number | null) => (bp === null ? '' : formatCommissionPercent(bp).replace(' %', ''));

/** A sales rep's commission on the staff screen: the rate the owner types, and what it comes to on the last 30 days' sales. */
export function RepCommission({ member, name }: { member: StaffMember; name: string }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [value, setValue] = useState(typed(member.commission_bp));
  const [invalid, setInvalid] = useState(false);
  const summary = useQuery(repSummaryQueryOptions(member.id));
  const save = useMutation({
    mutationFn: (bp: number | null) => setCommission(member.id, bp),
    onSuccess: (list) => {
      queryClient.setQueryData<StaffList>(staffKeys.list, list);
      void queryClient.invalidateQueries({ queryKey: repSummaryQueryOptions(member.id).queryKey });
      toast({ title: text.commissionSaved });
    },
    onError: (error: Error) => toast({ title: error.message, variant: 'destructive' }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const bp = parseCommissionPercent(value);
    setInvalid(bp === undefined);
    if (bp !== undefined) save.mutate(bp);
  };
  return (
    <form onSubmit={submit} className="w-full space-y-1 rounded-md bg-slate-50 p-2 text-sm">
      <label htmlFor={`${id}-rate`} className="block font-medium text-slate-900">
        {text.commissionLabel(name)}
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <input
          id={`${id}-rate`}
          inputMode="decimal"
          autoComplete="off"
          className="min-h-11 w-24 rounded-md border border-slate-300 bg-white px-2"
          value={value}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          onChange={(event) => setValue(event.target.value)}
        />
        <Button type="submit" variant="secondary" size="sm" disabled={save.isPending}>
          {text.commissionSave}
        </Button>
      </div>
      {invalid ? (
        <p id={`${id}-error`} className="font-medium text-red-700">
          {text.commissionInvalid}
        </p>
      ) : null}
      {summary.data ? (
        <p className="text-slate-700">
          {summary.data.commission_bp === null
            ? text.commissionNone
            : text.commissionPeriod(formatMoney(summary.data.commission), formatMoney(summary.data.sales_total))}
        </p>
      ) : null}
    </form>
  );
}
