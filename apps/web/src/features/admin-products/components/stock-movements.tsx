import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ledgers } from '@mayorista/core/messages/ledgers';
import type { StockMovement } from '@mayorista/core/schemas/ledger';
import { LedgerMovementItem, signedChange } from '../../../components/ui/ledger-movement-item';
import { PagedQueryList, pageCountOf } from '../../../components/ui/paged-query-list';
import { stockMovementsQueryOptions } from '../api/admin-products-api';

const t = ledgers;
function MovementItem({ movement }: { movement: StockMovement }) {
  return (
    <LedgerMovementItem
      kindLabel={t.stockKinds[movement.kind]}
      orderId={movement.order_id}
      createdAt={movement.created_at}
      actorName={movement.actor_name}
      change={signedChange(movement.quantity)}
      balance={String(movement.balance)}
    />
  );
}

/** The product's stock ledger in the editor: who changed the stock, when and why, newest first. */
export function StockMovements({ productId }: { productId: string }) {
  const [page, setPage] = useState(1);
  const query = useQuery(stockMovementsQueryOptions(productId, page));
  const pages = pageCountOf(query.data);
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
