import { formatMoney } from '@mayorista/core/money';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { receivables } from '../../../lib/receivables/texts';
import type { AdminOrder } from '../api/admin-orders-api';

const t = receivables.held;

/** "Juan Pérez (Almacén Don Juan)": the name the order recorded, with the business when it has one. */
function customerOf(order: AdminOrder): string {
  const name = `${order.user_info.nombre} ${order.user_info.apellido}`.trim();
  const business = order.user_info.razon_social?.trim();
  return business && business !== name ? `${name} (${business})` : name;
}

/**
 * "Liberar" lets a customer past their credit check, so it asks first: whose order, how much, and
 * that the customer is e-mailed (the release's e-mail, always sent). "Cancelar" comes first and
 * takes the focus, so Enter or a second tap does not release; Escape cancels; `onCloseAutoFocus`
 * says where the keyboard goes on closing ("Liberar" again, or the order once it is released).
 * While the release is on its way the dialog stays (Cancelar disabled, Escape and a tap outside
 * ignored): its answer, a refusal included, is read here, and the focus does not land on a
 * disabled "Liberar".
 */
export function ReleaseHoldDialog({
  order,
  number,
  open,
  onOpenChange,
  onConfirm,
  pending,
  error,
  onCloseAutoFocus,
}: {
  order: AdminOrder;
  number: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  pending: boolean;
  error: string | null;
  onCloseAutoFocus: (event: Event) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next || !pending) onOpenChange(next);
      }}
    >
      <DialogContent
        title={t.releaseConfirmTitle(number)}
        description={t.releaseConfirmText(customerOf(order), formatMoney(order.total))}
        onCloseAutoFocus={onCloseAutoFocus}
      >
        {error ? (
          <p role="alert" className="mb-3 text-sm font-medium text-red-800">
            {error}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary" disabled={pending}>
              {t.cancel}
            </Button>
          </DialogClose>
          <Button disabled={pending} onClick={onConfirm}>
            {pending ? t.releasing : t.releaseConfirm}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
