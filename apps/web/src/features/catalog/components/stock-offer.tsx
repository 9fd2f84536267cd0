import { products } from '@mayorista/core/messages/products';
import { quantityFix, type QuantityProblem, type QuantityRuleProduct } from '@mayorista/core/quantity-rules';
import { Button } from '../../../components/ui/button';

const t = products.catalog;

/**
 * A way forward from "No hay suficiente stock": "Solo quedan 3 — ¿Agregás 3?" with a button that
 * adds what there is (rounded down to the product's pack). Nothing when nothing can be offered.
 */
export function StockOffer({
  product,
  problem,
  onAccept,
}: {
  product: QuantityRuleProduct;
  problem: QuantityProblem | null;
  onAccept: (quantity: number) => void;
}) {
  if (problem?.kind !== 'above_stock') return null;
  const offer = quantityFix(product, problem);
  if (offer === null || offer < 1) return null;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm text-slate-900" data-testid="stock-offer">
      <span>{t.stockOffer(problem.stock, offer)}</span>
      <Button size="sm" variant="secondary" onClick={() => onAccept(offer)}>
        {t.addQuantity(offer)}
      </Button>
    </div>
  );
}
