import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ledgers } from '@mayorista/core/messages/ledgers';
import { formatMoney } from '@mayorista/core/money';
import type { PointsMovement } from '@mayorista/core/schemas/ledger';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { LedgerMovementItem, signedChange } from '../../../components/ui/ledger-movement-item';
import { PagedQueryList, pageCountOf } from '../../../components/ui/paged-query-list';
import { pointsMovementsQueryOptions } from '../api/admin-users-api';

const t = ledgers;
function MovementItem({ movement }: { movement: PointsMovement }) {
  return (
    <LedgerMovementItem
      kindLabel={t.pointsKinds[movement.kind]}
      orderId={movement.order_id}
      createdAt={movement.created_at}
      actorName={movement.actor_name}
      reason={movement.reason}
      change={signedChange(movement.amount, formatMoney)}
      balance={formatMoney(movement.balance)}
    />
  );
}

export function PointsMovementsList({ userId }: { userId: string }) {
  const [page, setPage] = useState(1);
  const query = useQuery(pointsMovementsQueryOptions(userId, page));
  const pages = pageCountOf(query.data);
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
