import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { stockCount as t } from '@mayorista/core/messages/stockCount';
import type { StockCountInput, StockCountResult } from '@mayorista/core/schemas/stock-count';
import { isApiError } from '../../../lib/api-client';
import { productKeys } from '../../../lib/queries/products';
import { saveStockCount, type StockProduct } from '../api';
import type { SavedCount } from '../components/stock-count-result';
import { countFieldId, stockCountChanges, type CountLine } from '../stock-count-body';

/** What was typed for a product, with its name for the result (a search may hide it meanwhile). */
interface Draft extends CountLine {
  name: string;
}

/** Focuses the first field on screen (in the list's order) among the refused ones; one hidden by a search cannot take it. */
function focusFirstInvalid(wrong: string[]) {
  const fields = wrong.map((id) => document.getElementById(countFieldId(id))).filter((field) => field !== null);
  fields.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  fields[0]?.focus();
}

/**
 * The count being written: the "Contado" of every product typed so far (kept across searches),
 * the fields that are not a whole number, and the save — one request with every filled line.
 */
export function useStockCount() {
  const queryClient = useQueryClient();
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [invalid, setInvalid] = useState<ReadonlySet<string>>(new Set());
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<SavedCount | null>(null);

  const save = useMutation({
    mutationFn: ({ counts }: { counts: StockCountInput['counts']; submitted: Record<string, Draft> }) => saveStockCount({ counts }),
    onSuccess: (result: StockCountResult, { submitted }) => {
      setSaved({
        changed: result.changed.map((c) => ({
          productId: c.product_id,
          name: submitted[c.product_id]?.name ?? c.product_id,
          before: c.before,
          after: c.after,
          counted: c.counted,
          reserved: c.reserved,
        })),
      });
      // What was counted is done (sent, or already right); a field typed into while saving stays.
      setDrafts((current) => Object.fromEntries(Object.entries(current).filter(([id, draft]) => submitted[id]?.counted !== draft.counted)));
      void queryClient.invalidateQueries({ queryKey: productKeys.all });
    },
    onError: (error) => setProblem(isApiError(error) ? error.message : t.saveError),
  });

  function setCounted(product: StockProduct, counted: string) {
    setDrafts((current) => ({
      ...current,
      [product.id]: { productId: product.id, name: product.name, counted },
    }));
    if (invalid.has(product.id)) setInvalid((current) => new Set([...current].filter((id) => id !== product.id)));
  }

  function submit() {
    setSaved(null);
    const { counts, invalid: wrong } = stockCountChanges({ lines: Object.values(drafts) });
    setInvalid(new Set(wrong));
    if (wrong.length > 0) {
      focusFirstInvalid(wrong);
      return setProblem(t.invalidLines);
    }
    if (counts.length === 0) return setProblem(t.nothingToSave);
    setProblem(null);
    save.mutate({ counts, submitted: drafts });
  }

  const pending = stockCountChanges({ lines: Object.values(drafts) }).counts.length;
  return { drafts, invalid, problem, saved, saving: save.isPending, pending, setCounted, submit };
}
