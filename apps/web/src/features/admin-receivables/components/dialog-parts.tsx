import { Button } from '../../../components/ui/button';
import { DialogClose } from '../../../components/ui/dialog';
import { receivables } from '../../../lib/receivables/texts';

/** The server's refusal, in the dialog, and Cancelar / the submit button. */
export function DialogFooter({ serverError, pending, submit, submitting }: { serverError?: string; pending: boolean; submit: string; submitting: string }) {
  return (
    <>
      {serverError ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-800">
          {serverError}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <DialogClose asChild>
          <Button variant="secondary">{receivables.payment.cancel}</Button>
        </DialogClose>
        <Button type="submit" disabled={pending}>
          {pending ? submitting : submit}
        </Button>
      </div>
    </>
  );
}
