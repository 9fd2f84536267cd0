// The dashboard module's public surface: the sales summaries (sales_daily_* tables, kept by the
// orders' triggers) read as the admin's dashboard.
export { periodBounds, readDashboard, type PeriodBounds } from './dashboard.repository';
