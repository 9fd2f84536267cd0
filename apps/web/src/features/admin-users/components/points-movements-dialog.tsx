import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { orderNumber } from '@mayorista/core/constants';
import { messages } from '@mayorista/core/messages';
import { formatDateTime, formatMoney } from '@mayorista/core/money';
import type { PointsMovement } from '@mayorista/core/schemas/ledger';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { PagedQueryList } from '../../../components/ui/paged-query-list';
import { pointsMovementsQueryOptions } from '../api/admin-users-api';

const t = messages.ledgers;
const signedMoney = (centavos: number) => (centavos > 0 ? `+${formatMoney(centavos)}` : formatMoney(centavos));

function MovementItem({ movement }: { movement: PointsMovement }) {
  return (
    <li className="flex items-start justify-between gap-3 py-2">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          {t.pointsKinds[movement.kind]}
          {movement.order_id ? ` · ${t.orderRef(orderNumber(movement.order_id))}` : ''}
        </p>
        <p className="text-sm text-slate-700">
          <time dateTime={movement.created_at}>{formatDateTime(movement.created_at)}</time> · {movement.actor_name ?? t.system}
        </p>
        {movement.reason ? <p className="text-sm break-words text-slate-700">{movement.reason}</p> : null}
      </div>
      <div className="text-right">
        <p className="font-semibold whitespace-nowrap text-slate-900 tabular-nums">{signedMoney(movement.amount)}</p>
        <p className="text-sm whitespace-nowrap text-slate-700 tabular-nums">{t.balanceAfter(formatMoney(movement.balance))}</p>
      </div>
    </li>
  );
}

function PointsMovementsList({ userId }: { userId: string }) {
  const [page, setPage] = useState(1);
  const query = useQuery(pointsMovementsQueryOptions(userId, page));
  const pages = query.data ? Math.max(1, Math.ceil(query.data.total / query.data.page_size)) : 1;
  return (
    <div className="space-y-2">
      <PagedQueryList
        query={query}
        text={t}
        page={page}
        pages={pages}
        onPageChange={setPage}
        listLabel={t.pointsHistoryTitle}
        listClassName="divide-y divide-slate-200"
        renderItem={(movement) => <MovementItem key={movement.id} movement={movement} />}
      />
    </div>
  );
}

/** The customer's points ledger (Usuarios tab): every redemption, refund and adjustment, newest first. */
export function PointsMovementsDialog({ userId, displayName }: { userId: string; displayName: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm">
          {t.showPointsHistory}
        </Button>
      </DialogTrigger>
      <DialogContent title={t.pointsHistoryFor(displayName)} description={t.pointsHistoryDescription} size="lg">
        {/* Mounted only while open: the history is fetched when the admin asks for it. */}
        {open ? <PointsMovementsList userId={userId} /> : null}
        <div className="mt-4 flex justify-end">
          <DialogClose asChild>
            <Button variant="secondary">{t.close}</Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}
