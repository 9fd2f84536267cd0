import { cn } from '../../lib/cn';

/** A loading message that screen readers announce (role="status"); the ring is decorative. */
export function Spinner({ label, className }: { label: string; className?: string }) {
  return (
    <p role="status" className={cn('flex items-center justify-center gap-3 p-8 text-slate-700', className)}>
      <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-slate-300 border-t-brand-700 motion-reduce:animate-none" />
      <span>{label}</span>
    </p>
  );
}
