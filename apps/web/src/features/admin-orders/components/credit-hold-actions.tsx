import { useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderNumber } from '@mayorista/core/constants';
import { ReasonDialog } from '../../../components/receivables/reason-dialog';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { receivables } from '../../../lib/receivables/texts';
import { adminOrdersKeys, rejectCreditHold, releaseCreditHold, type AdminOrder } from '../api/admin-orders-api';

const t = receivables.held;

/** A "Retenido por crédito" order in the admin's detail: why it waits, "Liberar", and "Rechazar" with a reason. */
export function CreditHoldActions({ order }: { order: AdminOrder }) {
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState(false);
  const section = useRef<HTMLElement>(null);
  const number = orderNumber(order.id);
  const done = (title: string) => (updated: AdminOrder) => {
    // The buttons go away with the hold: keep the keyboard in the order's dialog, not on the page behind.
    section.current?.closest<HTMLElement>('[role="dialog"]')?.focus();
    queryClient.setQueryData(adminOrdersKeys.detail(order.id), updated);
    void queryClient.invalidateQueries({ queryKey: adminOrdersKeys.all });
    toast({ title, description: `#${number}` });
  };
  const release = useMutation({
    mutationFn: () => releaseCreditHold(order.id),
    onSuccess: done(t.releasedTitle),
    onError: (error: Error) => toast({ title: receivables.admin.actionError, description: error.message, variant: 'destructive' }),
  });
  const reject = useMutation({ mutationFn: (reason: string) => rejectCreditHold(order.id, reason), onSuccess: done(t.rejectedTitle) });
  if (order.credit_hold !== 'pending') return null;
  return (
    <section ref={section} aria-labelledby="credit-hold-heading" className="rounded-md border border-amber-300 bg-amber-50 p-3" data-testid="credit-hold">
      <h3 id="credit-hold-heading" className="font-semibold text-amber-950">
        {t.heading}
      </h3>
      <p className="text-sm text-amber-950">{t.explanation}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button size="sm" disabled={release.isPending || reject.isPending} onClick={() => release.mutate()}>
          {release.isPending ? t.releasing : t.release}
        </Button>
        <Button size="sm" variant="destructive" disabled={release.isPending || reject.isPending} onClick={() => setRejecting(true)}>
          {t.reject}
        </Button>
      </div>
      <ReasonDialog
        open={rejecting}
        onOpenChange={setRejecting}
        text={{ title: t.rejectTitle(number), description: t.rejectDescription, reason: t.reason, reasonRequired: t.reasonRequired, submit: t.rejectSubmit, submitting: t.rejecting, cancel: t.cancel }}
        onSubmit={(reason) => reject.mutateAsync(reason)}
      />
    </section>
  );
}
