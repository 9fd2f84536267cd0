import { receivables as texts } from './messages/receivables';
import { formatMoney } from './money';
import type { Aging, PaymentMethod } from './schemas/receivables';

/**
 * The cuenta corriente's rules, pure (decisions 037–039): due dates, how a payment is applied,
 * aging, the credit check at order time and the cheque date rules. The server is the authority and
 * calls these with what it read in the order's or payment's transaction; the web calls the same
 * ones to explain in the cart what the server will decide.
 *
 * Dates are the business's calendar days, `AAAA-MM-DD` in America/Argentina/Buenos_Aires.
 */

const BUSINESS_TIME_ZONE = 'America/Argentina/Buenos_Aires';
const dayFormatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const DAY_MS = 86_400_000;

/** The business's calendar day at `now`, whatever the server's own time zone. */
export function businessDay(now: Date): string {
  return dayFormatter.format(now);
}

const dayNumber = (date: string): number => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

export function addDays(date: string, days: number): string {
  return new Date((dayNumber(date) + days) * DAY_MS).toISOString().slice(0, 10);
}

/** `to − from` in whole days (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round(dayNumber(to) - dayNumber(from));
}

/** A charge falls due `terms` days after delivery; Contado (0) is due the day it is delivered. */
export function dueDateFor(deliveredOn: string, termsDays: number): string {
  return addDays(deliveredOn, termsDays);
}

/** An open charge (or a bounced-cheque reversal): what the customer still owes of it. */
export interface OpenItem {
  id: number;
  order_id: string | null;
  due_date: string;
  open: number;
}

export interface Allocation {
  id: number;
  order_id: string | null;
  amount: number;
}

export interface AllocationResult {
  allocations: Allocation[];
  /** What was left after every open item was paid: it stays "a favor" of the customer. */
  unapplied: number;
  /** Orders in `appliesTo` with nothing open in `items`: the caller refuses the payment. */
  unknownOrders: string[];
}

const oldestFirst = (a: OpenItem, b: OpenItem) => (a.due_date < b.due_date ? -1 : a.due_date > b.due_date ? 1 : a.id - b.id);

/**
 * Applies `amount` to the orders the staff picked (in the order given), then to the oldest open
 * items first (by due date, then by when they were posted). What is left stays as credit.
 */
export function allocatePayment(amount: number, items: readonly OpenItem[], appliesTo: readonly string[] = []): AllocationResult {
  const open = items.filter((item) => item.open > 0);
  const picked = new Set(appliesTo);
  const unknownOrders = [...picked].filter((orderId) => !open.some((item) => item.order_id === orderId));
  const ordered = [
    ...[...picked].flatMap((orderId) => open.filter((item) => item.order_id === orderId).sort(oldestFirst)),
    ...open.filter((item) => item.order_id === null || !picked.has(item.order_id)).sort(oldestFirst),
  ];
  const allocations: Allocation[] = [];
  let left = amount;
  for (const item of ordered) {
    if (left <= 0) break;
    const applied = Math.min(left, item.open);
    allocations.push({ id: item.id, order_id: item.order_id, amount: applied });
    left -= applied;
  }
  return { allocations, unapplied: left, unknownOrders };
}

/** Days past due of an item at `today`; 0 or less means it is not overdue. */
export const daysOverdue = (dueDate: string, today: string): number => daysBetween(dueDate, today);

/** Which aging bucket `days` past due falls in: "al día" is not yet past its due date. */
export function agingBucket(days: number): keyof Aging {
  if (days <= 0) return 'al_dia';
  if (days <= 30) return 'd1_30';
  if (days <= 60) return 'd31_60';
  if (days <= 90) return 'd61_90';
  return 'over_90';
}

export const emptyAging = (): Aging => ({ al_dia: 0, d1_30: 0, d31_60: 0, d61_90: 0, over_90: 0 });

/** Open amounts by how long they are past due at `today`. */
export function agingAt(items: readonly Pick<OpenItem, 'due_date' | 'open'>[], today: string): Aging {
  const aging = emptyAging();
  for (const item of items) if (item.open > 0) aging[agingBucket(daysOverdue(item.due_date, today))] += item.open;
  return aging;
}

/** What is past due at `today` and how many days the oldest of it is late. */
export function overdueAt(
  items: readonly Pick<OpenItem, 'due_date' | 'open'>[],
  today: string,
): { overdue: number; days: number } {
  let overdue = 0;
  let days = 0;
  for (const item of items) {
    const late = daysOverdue(item.due_date, today);
    if (item.open > 0 && late > 0) {
      overdue += item.open;
      days = Math.max(days, late);
    }
  }
  return { overdue, days };
}

/**
 * "Cheques a cobrar": what post-dated cheques already received pay of the open items (their
 * `by_cheque`), in the balance already, in the buckets until each cheque's date.
 */
export function pendingChequesOf(items: readonly { by_cheque: number }[]): number {
  return items.reduce((sum, item) => sum + item.by_cheque, 0);
}

/** The next day something falls due (today included) and how much falls due that day. */
export function nextDueAt(
  items: readonly Pick<OpenItem, 'due_date' | 'open'>[],
  today: string,
): { date: string; amount: number } | null {
  const coming = items.filter((item) => item.open > 0 && item.due_date >= today);
  if (coming.length === 0) return null;
  const date = coming.reduce((min, item) => (item.due_date < min ? item.due_date : min), coming[0]!.due_date);
  return { date, amount: coming.filter((item) => item.due_date === date).reduce((sum, item) => sum + item.open, 0) };
}

/** limit − balance − undelivered, never below zero; null when the customer has no limit. */
export function availableCredit(creditLimit: number | null, balance: number, undelivered: number): number | null {
  if (creditLimit === null) return null;
  return Math.max(0, creditLimit - balance - undelivered);
}

export interface CreditCheckInput {
  creditLimit: number | null;
  /** What the customer owes now (negative: credit in their favour). */
  balance: number;
  /** Orders placed and not yet delivered or cancelled, this one excluded. */
  undelivered: number;
  orderTotal: number;
  /** How late the oldest open item is, in days (0: nothing overdue). */
  overdueDays: number;
  overdue: number;
  /** The settings' rule: refuse when something is more than this many days late; null = off. */
  overdueDaysLimit: number | null;
}

export type CreditDecision =
  | { ok: true }
  | { ok: false; reason: 'overdue'; days: number; overdue: number }
  | { ok: false; reason: 'limit'; available: number; exceededBy: number };

/**
 * The credit check at order time. Overdue is checked first: a customer who is late is stopped
 * whatever their limit says. The limit counts what is owed, what is on its way (undelivered) and
 * this order; a balance "a favor" (negative) adds to what they may order.
 */
export function creditDecision(input: CreditCheckInput): CreditDecision {
  if (input.overdueDaysLimit !== null && input.overdue > 0 && input.overdueDays > input.overdueDaysLimit) {
    return { ok: false, reason: 'overdue', days: input.overdueDaysLimit, overdue: input.overdue };
  }
  if (input.creditLimit !== null) {
    const committed = input.balance + input.undelivered + input.orderTotal;
    if (committed > input.creditLimit) {
      return {
        ok: false,
        reason: 'limit',
        available: availableCredit(input.creditLimit, input.balance, input.undelivered)!,
        exceededBy: committed - input.creditLimit,
      };
    }
  }
  return { ok: true };
}

/** Cheques de pago diferido run to 360 days by law; a year is the most a payment date may be ahead. */
export const MAX_CHEQUE_DAYS_AHEAD = 365;

export type ChequeProblem = 'fields' | 'past' | 'too_far';

/**
 * A cheque needs its bank, number and payment date; the date is today or later (a cheque dated
 * before today is "al día" and recorded as today's) and at most a year ahead. Other methods pass.
 */
export function chequeProblem(
  payment: { method: PaymentMethod; bank: string | null; cheque_number: string | null; cheque_date: string | null },
  today: string,
): ChequeProblem | null {
  if (payment.method !== 'cheque') return null;
  if (!payment.bank || !payment.cheque_number || !payment.cheque_date) return 'fields';
  if (payment.cheque_date < today) return 'past';
  if (daysBetween(today, payment.cheque_date) > MAX_CHEQUE_DAYS_AHEAD) return 'too_far';
  return null;
}

/** The day a payment counts as paid: a cheque on its date, anything else the day it is recorded. */
export function paymentEffectiveDay(payment: { method: PaymentMethod; cheque_date: string | null }, today: string): string {
  return payment.method === 'cheque' && payment.cheque_date !== null && payment.cheque_date > today ? payment.cheque_date : today;
}

/** Receipt numbers as printed: 1 → "0001-00000001" (point of sale 1, eight digits). */
export function formatReceiptNumber(n: number): string {
  return `0001-${String(n).padStart(8, '0')}`;
}

/** What a refusal for the credit limit suggests, in the cart's notice and the server's message alike. */
export interface LimitRefusalAdvice {
  /** Pay part of the balance: only when there is a balance to pay (a balance of $ 0 or "a favor" has nothing to pay). */
  suggestPaying: boolean;
  /** With nothing to pay, the credit is taken by orders not yet delivered: said when there are some. */
  creditInUse: boolean;
}

export function limitRefusalAdvice(account: { balance: number; undelivered: number }): LimitRefusalAdvice {
  const suggestPaying = account.balance > 0;
  return { suggestPaying, creditInUse: !suggestPaying && account.undelivered > 0 };
}

/**
 * The Spanish explanation of a refused order (the 422 `credit_refused` message), from the decision
 * and the account's figures it was taken on: paying is suggested only when there is a balance.
 */
export function creditRefusalMessage(
  decision: Exclude<CreditDecision, { ok: true }>,
  account: { balance: number; undelivered: number },
): string {
  return decision.reason === 'overdue'
    ? texts.creditOverdue(decision.days, formatMoney(decision.overdue))
    : texts.creditLimitExceeded(formatMoney(decision.available), limitRefusalAdvice(account));
}

/** The pre-filled "Recordar por WhatsApp" text for the admin (dates shown as DD/MM/AAAA). */
export function whatsappReminderText(input: {
  name: string;
  balance: number;
  overdue: number;
  nextDue: { date: string; amount: number } | null;
}): string {
  const nextDue = input.nextDue ? `${formatMoney(input.nextDue.amount)} el ${formatDay(input.nextDue.date)}` : null;
  const balance = input.balance < 0 ? `${formatMoney(-input.balance)} ${texts.aFavor}` : formatMoney(input.balance);
  return texts.whatsappReminder(input.name, input.overdue > 0 ? formatMoney(input.overdue) : '', balance, nextDue);
}

/** `AAAA-MM-DD` → `DD/MM/AAAA`, as Argentine documents print a date. */
export function formatDay(date: string): string {
  return `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
}
