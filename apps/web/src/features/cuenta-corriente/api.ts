import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { myAccountKeys } from '../../lib/queries/my-account';
import type { MovementsPage } from '../../lib/receivables/types';

/** GET /api/me/account/movements?page=: newest first; the previous page stays on screen while the next loads. */
export const myMovementsQueryOptions = (userId: string | undefined, page: number) =>
  queryOptions({
    queryKey: myAccountKeys.movements(userId, page),
    queryFn: ({ signal }) => apiRequest<MovementsPage>('/api/me/account/movements', { query: { page }, signal }),
    enabled: !!userId,
    placeholderData: keepPreviousData,
  });

export const receiptPdfPath = (paymentId: number) => `/api/me/receipts/${paymentId}/pdf`;
export const STATEMENT_PATH = '/api/me/account/statement.pdf';
