import { useEffect, useRef } from 'react';
import { stockCount as t } from '@mayorista/core/messages/stockCount';

export interface SavedCount {
  changed: { productId: string; name: string; before: number; after: number; counted: number; reserved: number }[];
}

/** The count just saved: how many products changed and each one's stock before → after, with what was counted and what unprepared orders hold. Takes the focus so it is read out. */
export function StockCountResult({ saved }: { saved: SavedCount }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), [saved]);
  return (
    <div ref={box} role="status" tabIndex={-1} className="rounded-lg border border-green-300 bg-green-50 p-4 text-green-900 outline-none focus-visible:ring-2 focus-visible:ring-green-700">
      <p className="font-semibold">{t.saved(saved.changed.length)}</p>
      {saved.changed.length > 0 ? (
        <ul className="mt-2 space-y-1 text-sm">
          {saved.changed.map((line) => (
            <li key={line.productId} className="tabular-nums">
              {t.savedChange(line.name, line.before, line.after, line.counted, line.reserved)}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
