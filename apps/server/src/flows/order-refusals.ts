// Why an order's last trip refused, told after its rollback (decision 023): the writes that can
// refuse (the points debit, the stock taken) raise inside the pipelined transaction, and the
// customer's message is built here from the database as it is once nothing was written.
import { messages } from '@mayorista/core/messages';
import type pg from 'pg';
import { raisedRefusal } from '../db/pg-errors';
import { AppError } from '../lib/errors';
import { refusedStockError } from '../modules/orders';
import { POINTS_REFUSED } from '../modules/points';
import { STOCK_REFUSED } from '../modules/stock';

/** The products a stock refusal names (takeAllStock's detail), or none for any other error. */
function stockRefusedIds(error: unknown): string[] {
  const refusal = raisedRefusal(error);
  return refusal?.reason === STOCK_REFUSED ? refusal.detail.split(',').filter(Boolean) : [];
}

/**
 * A write of the order's last trip that refused (decision 023): not enough points, or stock
 * lines refused — explained after the rollback, from the stock as it is then. Other errors as they are.
 */
export async function refusalError(pool: pg.Pool, error: unknown): Promise<unknown> {
  const refusal = raisedRefusal(error);
  if (refusal?.reason === POINTS_REFUSED) return new AppError('insufficient_points', messages.points.insufficient);
  if (refusal?.reason === STOCK_REFUSED) return refusedStockError(pool, stockRefusedIds(error));
  return error;
}
