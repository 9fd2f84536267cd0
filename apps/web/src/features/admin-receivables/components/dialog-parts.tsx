import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { DialogClose } from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { receivables } from '../../../lib/receivables/texts';

/** A required reason, several lines, its message wired to it. */
export function ReasonField({ label, value, onChange, error }: { label: string; value: string; onChange: (v: string) => void; error?: string }) {
  const id = useId();
  return (
    <div className="space-y-1">
      <Label htmlFor={id}>{label}</Label>
      <textarea
        id={id}
        required
        rows={3}
        maxLength={500}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="block w-full rounded-md border border-slate-400 px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-brand-700 aria-[invalid=true]:border-red-700"
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

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
