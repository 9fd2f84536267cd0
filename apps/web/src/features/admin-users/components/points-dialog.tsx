import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatMoney } from '@mayorista/core/money';
import { adminUsers } from '@mayorista/core/messages/adminUsers';
import { ReasonField } from '../../../components/reason-field';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toast-store';
import { adjustPoints, adminUsersKeys, type AdminUser } from '../api/admin-users-api';
import { toPointsBody } from '../admin-users-bodies';

const text = adminUsers;
const MIN_REASON_LENGTH = 3;

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
          <ReasonField label={text.reasonLabel} value={reason} onChange={setReason} error={errors.reason} />
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
