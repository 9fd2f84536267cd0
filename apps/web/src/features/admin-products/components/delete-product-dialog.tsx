import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { products } from '@mayorista/core/messages/products';
import { Button, buttonVariants } from '../../../components/ui/button';

const t = products.admin;

export interface DeleteProductDialogProps {
  productName: string | null;
  deleting: boolean;
  onConfirm: () => void;
  onOpenChange: (open: boolean) => void;
}

/** Confirmation before a delete; Radix puts focus on Cancelar first, so Enter never deletes by accident. */
export function DeleteProductDialog({ productName, deleting, onConfirm, onOpenChange }: DeleteProductDialogProps) {
  return (
    <AlertDialog.Root open={productName !== null} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <AlertDialog.Content className="fixed inset-x-0 bottom-0 z-50 rounded-t-xl bg-white p-5 shadow-xl sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-full sm:max-w-md sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-xl">
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">{t.confirmDeleteTitle}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-700">{t.confirmDeleteText(productName ?? '')}</AlertDialog.Description>
          <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonVariants({ variant: 'secondary' })}>{t.cancel}</AlertDialog.Cancel>
            <Button
              variant="destructive"
              disabled={deleting}
              onClick={(event) => {
                // Keep the dialog open until the server answers.
                event.preventDefault();
                onConfirm();
              }}
            >
              {t.delete}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
