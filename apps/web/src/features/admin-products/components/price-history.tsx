import { useQuery } from '@tanstack/react-query';
import { ledgers } from '@mayorista/core/messages/ledgers';
import { pricing } from '@mayorista/core/messages/pricing';
import { formatMoney } from '@mayorista/core/money';
import { formatDateTime } from '@mayorista/core/date-time';
import { priceHistoryQueryOptions } from '../api/pricing-api';

const t = pricing;

/** The product editor's price history (the repricing work, decision 015): date, who, old → new, and what changed it. */
export function PriceHistory({ productId }: { productId: string }) {
  const query = useQuery(priceHistoryQueryOptions(productId));
  const items = query.data?.items ?? [];
  return (
    <section aria-labelledby={`price-history-${productId}`} className="mt-6 space-y-2 border-t border-slate-200 pt-4">
      <h3 id={`price-history-${productId}`} className="font-semibold text-slate-900">{t.admin.historyTitle}</h3>
      {query.isSuccess && items.length === 0 ? <p className="text-sm text-slate-700">{t.admin.historyEmpty}</p> : null}
      {query.isError ? <p role="alert" className="text-sm text-red-700">{query.error.message}</p> : null}
      <ul className="divide-y divide-slate-200">
        {items.map((item) => (
          <li key={item.change_id} className="flex items-start justify-between gap-3 py-2">
            <div className="min-w-0">
              <p className="font-medium text-slate-900">{t.sources[item.source]}</p>
              <p className="text-sm text-slate-700">
                <time dateTime={item.created_at}>{formatDateTime(item.created_at)}</time> · {item.actor_name ?? ledgers.system}
              </p>
            </div>
            <p className="text-right text-sm text-slate-900 tabular-nums">
              {t.admin.historyLine(formatMoney(item.before.price), formatMoney(item.after.price))}
              {item.before.retail_price !== item.after.retail_price ? (
                <span className="block text-slate-700">{t.admin.historyLine(formatMoney(item.before.retail_price), formatMoney(item.after.retail_price))}</span>
              ) : null}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
