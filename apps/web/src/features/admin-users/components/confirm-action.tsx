import { useState, type ReactNode } from 'react';
import { adminUsers } from '@mayorista/core/messages/adminUsers';
import { Button, type ButtonProps } from '../../../components/ui/button';

/**
 * A consequential action behind a second, explicit tap: the first shows the question with
 * "Sí, …" and "Cancelar" in place of the button, so one sleepy tap changes nothing.
 */
export function ConfirmAction({
  label,
  question,
  confirmLabel,
  onConfirm,
  pending,
  variant = 'secondary',
}: {
  label: ReactNode;
  question: string;
  confirmLabel: string;
  onConfirm: () => void;
  pending: boolean;
  variant?: ButtonProps['variant'];
}) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <Button size="sm" variant={variant} disabled={pending} onClick={() => setAsking(true)}>
        {label}
      </Button>
    );
  }
  return (
    <div role="alertdialog" aria-label={question} className="w-full space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <p>{question}</p>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="destructive"
          disabled={pending}
          onClick={() => {
            setAsking(false);
            onConfirm();
          }}
        >
          {confirmLabel}
        </Button>
        <Button size="sm" variant="secondary" autoFocus onClick={() => setAsking(false)}>
          {adminUsers.cancel}
        </Button>
      </div>
    </div>
  );
}
