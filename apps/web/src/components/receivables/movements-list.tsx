import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { PagedQueryList, pageCountOf } from '../ui/paged-query-list';
import { receivables } from '../../lib/receivables/texts';
import type { AccountMovement, MovementsPage } from '../../lib/receivables/types';
import { MovementItem } from './movement-item';

/** A customer's ledger, newest first, a page at a time, with each row's buttons. */
export function MovementsList({
  query,
  page,
  onPageChange,
  actionsFor,
  emptyText = receivables.movements.empty,
}: {
  query: UseQueryResult<MovementsPage>;
  page: number;
  onPageChange: (page: number) => void;
  actionsFor?: (movement: AccountMovement) => ReactNode;
  emptyText?: string;
}) {
  return (
    <PagedQueryList
      query={query}
      text={{ ...receivables.movements, empty: emptyText }}
      page={page}
      pages={pageCountOf(query.data)}
      onPageChange={onPageChange}
      listLabel={receivables.movements.heading}
      listClassName="divide-y divide-slate-200"
      renderItem={(movement) => <MovementItem key={movement.id} movement={movement} actions={actionsFor?.(movement)} />}
    />
  );
}
