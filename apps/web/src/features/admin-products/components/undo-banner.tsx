import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pricing } from '@mayorista/core/messages/pricing';
import { products } from '@mayorista/core/messages/products';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { productKeys } from '../../../lib/queries/products';
import { undoPriceChange } from '../api/pricing-api';

const t = pricing.admin;

/** After a bulk change or an import: what happened, and "Deshacer" while the admin is on the tab. */
export function UndoBanner({ change, onDone }: { change: { id: string; product_count: number }; onDone: () => void }) {
  const queryClient = useQueryClient();
  const undo = useMutation({
    mutationFn: () => undoPriceChange(change.id),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: productKeys.all });
      // An import's undo (decision 022) may restore products whose prices it did not change.
      toast({ title: t.undone(Math.max(result.restored, result.fields_restored), result.skipped.length, result.removed) });
      onDone();
    },
    onError: (error) => toast({ title: products.errorTitle, description: error.message, variant: 'destructive' }),
  });
  return (
    <div role="status" className="flex flex-col gap-2 rounded-lg border border-green-200 bg-green-50 p-3 text-green-900 sm:flex-row sm:items-center sm:justify-between">
      <p>{t.applied(change.product_count)}</p>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" disabled={undo.isPending} onClick={() => undo.mutate()}>
          {t.undo}
        </Button>
        <Button variant="ghost" size="sm" onClick={onDone}>
          {t.close}
        </Button>
      </div>
    </div>
  );
}
