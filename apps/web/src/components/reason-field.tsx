import { useId } from 'react';
import { Label } from './ui/label';

/**
 * "Motivo": a required reason, a few lines, at most 500 characters (what the audit trail and the
 * account's movement keep), its message wired to it. `announce`: the message is an alert, for a
 * dialog whose only message slot also carries the server's refusal.
 */
export function ReasonField({
  label,
  value,
  onChange,
  error,
  announce = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null | undefined;
  announce?: boolean;
}) {
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
        <p id={`${id}-error`} {...(announce ? { role: 'alert' } : {})} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
