import { formatShortDateTime } from '@mayorista/core/date-time';
import { formatMoney } from '@mayorista/core/money';
import { points as pointsTexts } from '@mayorista/core/messages/points';
import { cn } from '../../../lib/cn';
import { useOfflineState } from '../../../lib/offline/offline-state';
import { usePointsBalance } from '../../../lib/queries/points';

/** the screens and routes and the business constants: the points balance in the nav, shown like an amount of money. */
export function PointsBalance({ className }: { className?: string }) {
  const { saldoPuntos, loading, offline: failedOffline, knownAt } = usePointsBalance();
  // Offline is what the requests find (decision 043), the balance's own or any other.
  const { online } = useOfflineState();
  const offline = failedOffline || !online;
  if (offline) {
    // Without network (decision 057): the last balance known on this device with its date, or why there is none.
    return (
      <span className={cn('text-sm text-slate-700', className)} data-testid="points-balance" data-offline="true">
        {saldoPuntos !== null && knownAt
          ? pointsTexts.knownBalance(formatMoney(saldoPuntos), formatShortDateTime(knownAt))
          : pointsTexts.offline}
      </span>
    );
  }
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
