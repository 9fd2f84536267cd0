import { useState, type FormEvent } from 'react';
import { Button } from '../ui/button';
import { Dialog, DialogClose, DialogContent } from '../ui/dialog';
import { ReasonField } from '../reason-field';

const MIN_REASON = 3;

export interface ReasonDialogTexts {
  title: string;
  description: string;
  reason: string;
  reasonRequired: string;
  submit: string;
  submitting: string;
  cancel: string;
}

/**
 * An action that needs a reason (reverse a payment, reject a held order): the reason is required,
 * judged on submit, and the server's refusal stays in the dialog.
 */
export function ReasonDialog({
  open,
  onOpenChange,
  text,
  onSubmit,
  destructive = true,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  text: ReasonDialogTexts;
  onSubmit: (reason: string) => Promise<unknown>;
  destructive?: boolean;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const change = (next: boolean) => {
    if (next) {
      setReason('');
      setError(null);
    }
    onOpenChange(next);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (reason.trim().length < MIN_REASON) return setError(text.reasonRequired);
    setPending(true);
    setError(null);
    try {
      await onSubmit(reason.trim());
      onOpenChange(false);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setPending(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent title={text.title} description={text.description}>
        <form noValidate onSubmit={(e) => void submit(e)} className="space-y-3">
          <ReasonField label={text.reason} value={reason} onChange={setReason} error={error} announce />
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button variant="secondary">{text.cancel}</Button>
            </DialogClose>
            <Button type="submit" variant={destructive ? 'destructive' : 'primary'} disabled={pending}>
              {pending ? text.submitting : text.submit}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
