import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatMoney } from '@mayorista/core/money';
import { adminUsers } from '@mayorista/core/messages/adminUsers';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../components/ui/toast-store';
import { adjustPoints, adminUsersKeys, type AdminUser } from '../api/admin-users-api';
import { toPointsBody } from '../admin-users-bodies';

const text = adminUsers;
const MIN_REASON_LENGTH = 3;

/** "Motivo" (required): what the audit trail keeps about the change. */
function ReasonField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  const reasonId = useId();
  return (
    <div className="space-y-1">
      <Label htmlFor={reasonId}>{text.reasonLabel}</Label>
      <textarea
        id={reasonId}
        required
        rows={3}
        maxLength={500}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${reasonId}-error` : undefined}
        className="block w-full rounded-md border border-slate-400 px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-brand-700"
      />
      {error ? (
        <p id={`${reasonId}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Sets a customer's points balance with a required reason (the server keeps the audit trail). */
export function PointsDialog({ user, displayName }: { user: AdminUser; displayName: string }) {
  const [open, setOpen] = useState(false);
  const [balance, setBalance] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ balance?: string; reason?: string }>({});
  const queryClient = useQueryClient();

  const mutation = useMutation({
    mutationFn: (body: ReturnType<typeof toPointsBody>) => adjustPoints(user.id, body),
    onSuccess: (updated) => {
      void queryClient.invalidateQueries({ queryKey: adminUsersKeys.all });
      toast({
        title: text.pointsAdjustedTitle,
        description: text.pointsAdjustedText(displayName, formatMoney(updated.saldo_puntos)),
      });
      setOpen(false);
    },
    onError: (error: Error) => toast({ title: text.actionErrorTitle, description: error.message, variant: 'destructive' }),
  });

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      setBalance((user.saldo_puntos / 100).toFixed(2).replace('.', ','));
      setReason('');
      setErrors({});
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = toPointsBody({ balance, reason });
    const next: typeof errors = {};
    if (Number.isNaN(body.saldo_puntos)) next.balance = text.invalidBalance;
    if (body.reason.length < MIN_REASON_LENGTH) next.reason = text.reasonRequired;
    setErrors(next);
    if (next.balance || next.reason) return;
    mutation.mutate(body);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm">
          {text.adjustPoints}
        </Button>
      </DialogTrigger>
      <DialogContent title={text.adjustPointsFor(displayName)} description={text.adjustDescription}>
        <p className="mb-4 text-sm text-slate-700">
          {text.currentBalance}: <strong>{formatMoney(user.saldo_puntos)}</strong>
        </p>
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <Field
            label={text.newBalanceLabel}
            inputMode="decimal"
            required
            value={balance}
            onChange={(e) => setBalance(e.target.value)}
            error={errors.balance}
          />
          <ReasonField value={reason} onChange={setReason} error={errors.reason} />
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button variant="secondary">{text.cancel}</Button>
            </DialogClose>
            <Button type="submit" disabled={mutation.isPending}>
              {mutation.isPending ? text.saving : text.save}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
