/**
 * Where toasts show (the specification: at the top on small screens, at the bottom right on larger
 * ones), beside the bars that stay on screen rather than over them (decision 083): on a phone just
 * below the sticky header, so the cart's badge and the menu stay in sight after "Agregar"; on a
 * larger screen above a bottom bar ("Realizar pedido" on /cart below 1024 px) and the safe area.
 * The shell publishes those bars' heights (lib/hooks/use-shell-inset). Radix's toaster and its
 * plain stand-in (deferred-toaster) both use it; a file of its own keeps Radix out of start-up.
 */
export const TOAST_PLACE =
  'fixed inset-x-0 top-[var(--shell-top,0px)] z-[100] flex max-h-dvh flex-col gap-2 p-3 outline-none sm:inset-x-auto sm:top-auto sm:right-0 sm:bottom-[var(--shell-bottom,0px)] sm:w-full sm:max-w-sm sm:p-4 sm:pb-[max(1rem,env(safe-area-inset-bottom))]';
