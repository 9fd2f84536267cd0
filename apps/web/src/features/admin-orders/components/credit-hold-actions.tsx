import { useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderNumber } from '@mayorista/core/constants';
import { ReasonDialog } from '../../../components/receivables/reason-dialog';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { receivables } from '../../../lib/receivables/texts';
import { adminOrdersKeys, rejectCreditHold, releaseCreditHold, type AdminOrder } from '../api/admin-orders-api';
import { ReleaseHoldDialog } from './release-hold-dialog';

const t = receivables.held;

/** A "Retenido por crédito" order in the admin's detail: why it waits, "Liberar" (confirmed first), and "Rechazar" with a reason. */
export function CreditHoldActions({ order }: { order: AdminOrder }) {
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const section = useRef<HTMLElement>(null);
  const releaseButton = useRef<HTMLButtonElement>(null);
  // Where the keyboard goes once the hold is decided: the buttons go with it, the order's dialog stays.
  const afterDecision = useRef<HTMLElement | null>(null);
  const number = orderNumber(order.id);
  const done = (title: string) => (updated: AdminOrder) => {
    // Not the page behind the order's dialog.
    afterDecision.current = section.current?.closest<HTMLElement>('[role="dialog"]') ?? null;
    afterDecision.current?.focus();
    queryClient.setQueryData(adminOrdersKeys.detail(order.id), updated);
    void queryClient.invalidateQueries({ queryKey: adminOrdersKeys.all });
    toast({ title, description: `#${number}` });
  };
  const release = useMutation({ mutationFn: () => releaseCreditHold(order.id), onSuccess: done(t.releasedTitle) });
  const reject = useMutation({ mutationFn: (reason: string) => rejectCreditHold(order.id, reason), onSuccess: done(t.rejectedTitle) });
  const openConfirmation = () => {
    // A refused release's message belongs to that attempt: the dialog opens clean (it is opened
    // here, by hand, so Radix's onOpenChange never sees it open).
    release.reset();
    setConfirming(true);
  };
  if (order.credit_hold !== 'pending') return null;
  return (
    <section ref={section} aria-labelledby="credit-hold-heading" className="rounded-md border border-amber-300 bg-amber-50 p-3" data-testid="credit-hold">
      <h3 id="credit-hold-heading" className="font-semibold text-amber-950">
        {t.heading}
      </h3>
      <p className="text-sm text-amber-950">{t.explanation}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button ref={releaseButton} size="sm" disabled={release.isPending || reject.isPending} onClick={openConfirmation}>
          {t.release}
        </Button>
        <Button size="sm" variant="destructive" disabled={release.isPending || reject.isPending} onClick={() => setRejecting(true)}>
          {t.reject}
        </Button>
      </div>
      <ReleaseHoldDialog
        order={order}
        number={number}
        open={confirming}
        onOpenChange={setConfirming}
        onConfirm={() => release.mutate()}
        pending={release.isPending}
        error={release.error ? release.error.message : null}
        onCloseAutoFocus={(event) => {
          // Radix returns the focus to a DialogTrigger; "Liberar" opens this one by hand.
          event.preventDefault();
          (afterDecision.current ?? releaseButton.current)?.focus();
        }}
      />
      <ReasonDialog
        open={rejecting}
        onOpenChange={setRejecting}
        text={{ title: t.rejectTitle(number), description: t.rejectDescription, reason: t.reason, reasonRequired: t.reasonRequired, submit: t.rejectSubmit, submitting: t.rejecting, cancel: t.cancel }}
        onSubmit={(reason) => reject.mutateAsync(reason)}
      />
    </section>
  );
}
