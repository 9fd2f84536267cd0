import { useEffect, useRef } from 'react';
import { Button } from './button';

interface LoadErrorProps {
  title?: string;
  detail?: string;
  retryLabel: string;
  onRetry: () => void;
  /** When the error replaces a whole page: the title is its heading and takes the focus, so a screen reader reads it. */
  replacesPage?: boolean;
}

/** A failed load: what failed, the server's reason when there is one, and a way to try again. */
export function LoadError({ title, detail, retryLabel, onRetry, replacesPage = false }: LoadErrorProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (replacesPage) box.current?.focus();
  }, [replacesPage]);
  const Title = replacesPage ? 'h1' : 'p';
  return (
    <div
      ref={box}
      role="alert"
      tabIndex={replacesPage ? -1 : undefined}
      className="rounded-md border border-red-300 bg-red-50 p-4 text-red-900 outline-none focus-visible:ring-2 focus-visible:ring-red-700"
    >
      {title ? <Title className={replacesPage ? 'text-lg font-semibold' : undefined}>{title}</Title> : null}
      {detail ? <p className={title ? 'text-sm' : undefined}>{detail}</p> : null}
      <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  );
}
