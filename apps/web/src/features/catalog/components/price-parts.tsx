import { products as productsTexts } from '@mayorista/core/messages/products';
import { formatMoney } from '@mayorista/core/money';
import type { LinePrice, tierLadder } from '@mayorista/core/pricing';
import { cn } from '../../../lib/cn';

const t = productsTexts.catalog;

/** "OFERTA", in the card's image corner or before the page's price. */
export function SaleBadge({ className }: { className?: string }) {
  return (
    <span className={cn(className, 'rounded-full bg-red-700 px-2.5 py-1 text-xs font-bold tracking-wide text-white uppercase')}>
      {t.saleBadge}
    </span>
  );
}

/** "Descuentos por cantidad": one line per tier, ascending. */
export function TierLadder({ ladder, className }: { ladder: ReturnType<typeof tierLadder>; className?: string }) {
  if (ladder.length === 0) return null;
  return (
    <ul aria-label={t.tiersLabel} className={cn(className, 'space-y-0.5 text-brand-900')}>
      {ladder.map((step) => (
        <li key={step.minQuantity}>{t.tierStep(step.minQuantity, formatMoney(step.unitPrice))}</li>
      ))}
    </ul>
  );
}

/** The product's quantity rules as chips ("Mínimo 6", "Bulto de 12"…); `large` on the product page. */
export function RuleHints({ hints, large = false }: { hints: string[]; large?: boolean }) {
  return (
    <p
      className={cn('flex flex-wrap gap-1 font-semibold text-slate-800', large ? 'mt-1 text-sm' : 'text-xs')}
      data-testid="quantity-rules"
    >
      {hints.map((hint) => (
        <span key={hint} className={cn('rounded bg-slate-100 py-0.5', large ? 'px-2' : 'px-1.5')}>
          {hint}
        </span>
      ))}
    </p>
  );
}

/** "Llevando N más, $ X c/u": how far the typed quantity is from the next tier. */
export function NextTierHint({ price }: { price: LinePrice | null }) {
  if (!price?.nextTier) return null;
  return (
    <p className="text-sm text-slate-700" aria-live="polite">
      {t.nextTierHint(price.nextTier.missing, formatMoney(price.nextTier.unitPrice))}
    </p>
  );
}
