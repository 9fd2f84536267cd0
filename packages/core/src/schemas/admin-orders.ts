import { z } from 'zod';
import { isCalendarDate } from '../calendar-date';
import { ORDER_STATUSES } from '../constants';
import { adminOrders } from '../messages/adminOrders';

export const ADMIN_ORDERS_PAGE_SIZE = 25;

const isoDateSchema = z.string().refine(isCalendarDate, { message: adminOrders.invalidDate });

const orderStatusSchema = z.enum(ORDER_STATUSES, { message: adminOrders.invalidStatus });

const filterFields = {
  status: z.preprocess((v) => (v === '' ? undefined : v), orderStatusSchema.optional()),
  customer: z.string().trim().max(100).optional(),
  /** Inclusive calendar days, interpreted in Argentina's time zone by the server. */
  from: z.preprocess((v) => (v === '' ? undefined : v), isoDateSchema.optional()),
  to: z.preprocess((v) => (v === '' ? undefined : v), isoDateSchema.optional()),
  /** `pending`: only the orders "Retenido por crédito" (decision 038). */
  credit_hold: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['pending']).optional()),
};
const datesInOrder = (f: { from?: string; to?: string }) => !f.from || !f.to || f.from <= f.to;
const datesInOrderIssue = { message: adminOrders.invalidDateRange, path: ['from'] };

/** Filters of the CSV export (query string: everything arrives as text). */
export const adminOrdersFilterSchema = z.object(filterFields).refine(datesInOrder, datesInOrderIssue);
export type AdminOrdersFilter = z.infer<typeof adminOrdersFilterSchema>;

/** The admin order list: the same filters plus a page. */
export const adminOrdersListQuerySchema = z
  .object({
    ...filterFields,
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    page_size: z.coerce.number().int().min(1).max(100).default(ADMIN_ORDERS_PAGE_SIZE),
  })
  .refine(datesInOrder, datesInOrderIssue);
export type AdminOrdersListQuery = z.infer<typeof adminOrdersListQuerySchema>;

export const changeOrderStatusSchema = z.strictObject({ status: orderStatusSchema });
export type ChangeOrderStatusInput = z.infer<typeof changeOrderStatusSchema>;
