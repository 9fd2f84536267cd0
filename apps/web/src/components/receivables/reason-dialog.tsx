import { useId, useState, type FormEvent } from 'react';
import { Button } from '../ui/button';
import { Dialog, DialogClose, DialogContent } from '../ui/dialog';
import { Label } from '../ui/label';

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
  const id = useId();
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
          <div className="space-y-1">
            <Label htmlFor={id}>{text.reason}</Label>
            <textarea
              id={id}
              required
              rows={3}
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              className="block w-full rounded-md border border-slate-400 px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-brand-700 aria-[invalid=true]:border-red-700"
            />
            {error ? (
              <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
                {error}
              </p>
            ) : null}
          </div>
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
