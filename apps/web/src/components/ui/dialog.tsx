import type { ReactNode } from 'react';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { cn } from '../../lib/cn';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

/** A modal centred on larger screens and full-width at the bottom on phones; focus is trapped by Radix. */
const WIDTHS = { md: 'sm:max-w-md', lg: 'sm:max-w-2xl' } as const;

export function DialogContent({
  title,
  description,
  children,
  size = 'md',
  onCloseAutoFocus,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  /** Width from the `sm` breakpoint up: `lg` for forms and details with several columns. */
  size?: keyof typeof WIDTHS;
  /** Where the keyboard goes when it closes (call `preventDefault`): by default, back to what opened it. */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <DialogPrimitive.Portal>
      {/* z-50 as the content: a dialog opened from a dialog ("Liberar", "Rechazar" in an order) dims the one below it. */}
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
      <DialogPrimitive.Content
        className={cn(
          'fixed inset-x-0 bottom-0 z-50 max-h-[90dvh] overflow-y-auto rounded-t-xl bg-white p-5 shadow-xl sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-full sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-xl',
          WIDTHS[size],
        )}
        {...(description ? {} : { 'aria-describedby': undefined })}
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <DialogPrimitive.Title className="text-lg font-semibold text-slate-900">{title}</DialogPrimitive.Title>
        {description ? <DialogPrimitive.Description className="mt-1 text-sm text-slate-700">{description}</DialogPrimitive.Description> : null}
        <div className="mt-4">{children}</div>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
