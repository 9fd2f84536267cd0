import type { AccountSummary } from '../lib/receivables/types';

/**
 * A customer's account summary for tests: nothing owed, no limit, 30 días, the credit rule refusing.
 * Each test states what matters to it (`patch`).
 */
export const accountSummary = (patch: Partial<AccountSummary> = {}): AccountSummary => ({
  balance: 0,
  credit_limit: null,
  available_credit: null,
  undelivered: 0,
  overdue: 0,
  overdue_days: 0,
  next_due: null,
  pending_cheques: 0,
  payment_terms_days: 30,
  payment_terms_default: false,
  credit_rule: { overdue_days_limit: null, on_exceed: 'refuse' },
  ...patch,
});
