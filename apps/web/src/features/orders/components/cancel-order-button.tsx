import { useState } from 'react';
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderNumber } from '@mayorista/core/constants';
import { orderLife } from '@mayorista/core/messages/orderLife';
import { formatMoney } from '@mayorista/core/money';
import type { Order } from '@mayorista/core/schemas/order';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { useAuth } from '../../../lib/auth';
import { ordersQueryKey } from '../../../lib/queries/order-keys';
import { updatePointsBalance } from '../../../lib/queries/points';
import { cancelMyOrder } from '../api/orders-api';

const text = orderLife.cancel;

/** "Cancelar pedido" with a confirmation: stock and points go back on the server, in one transaction. */
export function CancelOrderButton({ order, describedBy }: { order: Order; describedBy: string }) {
  const [open, setOpen] = useState(false);
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const number = orderNumber(order.id);
  const cancel = useMutation({
    mutationFn: () => cancelMyOrder(order.id),
    onSuccess: (result) => {
      setOpen(false);
      if (user) updatePointsBalance(queryClient, user.id, result.saldo_puntos);
      toast({ title: text.done, description: text.doneText(number) });
    },
    onError: (error: Error) => toast({ title: text.errorTitle, description: error.message, variant: 'destructive' }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ordersQueryKey(user?.id) });
    },
  });

  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger asChild>
        <Button variant="destructive" aria-describedby={describedBy}>
          {text.button}
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <AlertDialog.Content className="fixed inset-x-0 bottom-0 z-50 rounded-t-xl bg-white p-5 shadow-xl sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-full sm:max-w-md sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-xl">
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">{text.title(number)}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-700">
            {order.canjeado_con_puntos ? text.descriptionPoints(formatMoney(order.total)) : text.description}
          </AlertDialog.Description>
          <div className="mt-5 flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">{text.back}</Button>
            </AlertDialog.Cancel>
            <Button variant="destructive" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
              {cancel.isPending ? text.cancelling : text.confirm}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
