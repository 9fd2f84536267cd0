import * as ToastPrimitive from '@radix-ui/react-toast';
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from '@mayorista/core/constants';
import { app } from '@mayorista/core/messages/app';
import { cn } from '../../lib/cn';
import { dismissToast, useToasts, type ToastItem } from './toast-store';

/**
 * Renders the toast store (the screens and routes and the business constants) with Radix Toast, which brings the timers (paused while
 * hovered or focused), swipe-to-dismiss, the F8 hotkey and the screen-reader announcements.
 * The store keeps at most one toast, so a new one replaces the current one.
 */
export function Toaster() {
  const toasts = useToasts();
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      label={app.notificationLabel}
    >
      {toasts.map((item) => (
        <ToastCard key={item.id} item={item} />
      ))}
      <ToastPrimitive.Viewport
        label={app.notificationsLabel}
        className="toast-place" />
    </ToastPrimitive.Provider>
  );
}

function ToastCard({ item }: { item: ToastItem }) {
  const destructive = item.variant === 'destructive';
  return (
    <ToastPrimitive.Root
      open={item.open}
      duration={item.duration}
      // Errors interrupt (assertive); confirmations wait their turn (polite).
      type={destructive ? 'foreground' : 'background'}
      onOpenChange={(open) => {
        if (!open) dismissToast(item.id);
      }}
      data-variant={item.variant}
      className={cn(
        'toast-card relative flex w-full items-start gap-3 rounded-lg border p-4 pr-14 shadow-lg',
        destructive ? 'border-red-800 bg-red-700 text-white' : 'border-slate-200 bg-white text-slate-900',
      )}
    >
      <div className="min-w-0 flex-1">
        <ToastPrimitive.Title className="font-semibold">{item.title}</ToastPrimitive.Title>
        {item.description ? (
          <ToastPrimitive.Description className={cn('mt-1 text-sm', destructive ? 'text-white' : 'text-slate-700')}>{item.description}</ToastPrimitive.Description>
        ) : null}
        {item.action ? (
          <ToastPrimitive.Action
            altText={item.action.label}
            onClick={item.action.onClick}
            className={cn(
              'mt-3 inline-flex min-h-11 items-center rounded-md border px-3 text-sm font-semibold',
              destructive ? 'border-white/70 hover:bg-red-800' : 'border-slate-300 hover:bg-slate-100',
            )}
          >
            {item.action.label}
          </ToastPrimitive.Action>
        ) : null}
      </div>
      <ToastPrimitive.Close
        aria-label={app.closeNotification}
        className={cn(
          // 44 × 44 px: a thumb's target on a phone (the tap-target e2e measures it).
          'absolute top-1 right-1 inline-flex size-11 items-center justify-center rounded-md',
          destructive ? 'text-white hover:bg-red-800' : 'text-slate-600 hover:bg-slate-100',
        )}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M5 5l10 10M15 5L5 15" />
        </svg>
      </ToastPrimitive.Close>
    </ToastPrimitive.Root>
  );
}
