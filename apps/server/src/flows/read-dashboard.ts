import type pg from 'pg';
import type { Dashboard, DashboardPeriod } from '@mayorista/core/schemas/order-life';
import { readDashboard } from '../modules/dashboard';
import { countByStatus, listEmails } from '../modules/outbox';
import { loadSettings } from '../modules/settings';

/**
 * The admin's whole dashboard (decision 014): the settings' low-stock threshold first, then
 * together the business figures (the dashboard module's summaries), the outbox's counts and its
 * last failed e-mails.
 */
export async function loadDashboard(pool: pg.Pool, period: DashboardPeriod, now?: Date): Promise<Dashboard> {
  const settings = await loadSettings(pool);
  const [figures, counts, recentFailed] = await Promise.all([
    readDashboard(pool, period, settings.low_stock_threshold, now),
    countByStatus(pool),
    listEmails(pool, 'failed', 10),
  ]);
  return { ...figures, emails: { ...counts, recent_failed: recentFailed } };
}
