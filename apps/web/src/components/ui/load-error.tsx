import { Button } from './button';

/** A failed load: what failed, the server's reason when there is one, and a way to try again. */
export function LoadError({ title, detail, retryLabel, onRetry }: { title?: string; detail?: string; retryLabel: string; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-4 text-red-900">
      {title ? <p>{title}</p> : null}
      {detail ? <p className={title ? 'text-sm' : undefined}>{detail}</p> : null}
      <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  );
}
