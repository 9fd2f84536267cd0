import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { orderNumber } from '@mayorista/core/constants';
import { messages } from '@mayorista/core/messages';
import { formatDateTime } from '@mayorista/core/money';
import type { StockMovement } from '@mayorista/core/schemas/ledger';
import { PagedQueryList } from '../../../components/ui/paged-query-list';
import { stockMovementsQueryOptions } from '../api/admin-products-api';

const t = messages.ledgers;
const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

function MovementItem({ movement }: { movement: StockMovement }) {
  return (
    <li className="flex items-start justify-between gap-3 py-2">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          {t.stockKinds[movement.kind]}
          {movement.order_id ? ` · ${t.orderRef(orderNumber(movement.order_id))}` : ''}
        </p>
        <p className="text-sm text-slate-700">
          <time dateTime={movement.created_at}>{formatDateTime(movement.created_at)}</time> · {movement.actor_name ?? t.system}
        </p>
      </div>
      <div className="text-right">
        <p className="font-semibold text-slate-900 tabular-nums">{signed(movement.quantity)}</p>
        <p className="text-sm text-slate-700 tabular-nums">{t.balanceAfter(String(movement.balance))}</p>
      </div>
    </li>
  );
}

/** The product's stock ledger in the editor: who changed the stock, when and why, newest first. */
export function StockMovements({ productId }: { productId: string }) {
  const [page, setPage] = useState(1);
  const query = useQuery(stockMovementsQueryOptions(productId, page));
  const pages = query.data ? Math.max(1, Math.ceil(query.data.total / query.data.page_size)) : 1;
  return (
    <section aria-labelledby={`stock-movements-${productId}`} className="mt-6 space-y-2 border-t border-slate-200 pt-4">
      <h3 id={`stock-movements-${productId}`} className="font-semibold text-slate-900">
        {t.stockHistoryTitle}
      </h3>
      <p className="text-sm text-slate-700">{t.stockHistoryDescription}</p>
      <PagedQueryList
        query={query}
        text={t}
        page={page}
        pages={pages}
        onPageChange={setPage}
        listLabel={t.stockHistoryTitle}
        listClassName="divide-y divide-slate-200"
        renderItem={(movement) => <MovementItem key={movement.id} movement={movement} />}
      />
    </section>
  );
}
