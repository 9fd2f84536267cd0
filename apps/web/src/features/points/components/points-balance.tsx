import { formatMoney } from '@mayorista/core/money';
import { points as pointsTexts } from '@mayorista/core/messages/points';
import { cn } from '../../../lib/cn';
import { usePointsBalance } from '../../../lib/queries/points';

/** the screens and routes and the business constants: the points balance in the nav, shown like an amount of money. */
export function PointsBalance({ className }: { className?: string }) {
  const { saldoPuntos, loading } = usePointsBalance();
  if (loading) {
    return (
      <span role="status" className={cn('text-sm text-slate-600', className)}>
        {pointsTexts.loading}
      </span>
    );
  }
  if (saldoPuntos === null) return null;
  const amount = formatMoney(saldoPuntos);
  return (
    <span className={cn('text-sm font-medium text-slate-800', className)} data-testid="points-balance">
      {pointsTexts.balanceLabel(amount)}
    </span>
  );
}
