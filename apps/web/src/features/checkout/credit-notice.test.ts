import { describe, expect, it } from 'vitest';
import type { AccountSummary } from '../../lib/receivables/types';
import { creditNoticeFor } from './credit-notice';
import { accountSummary } from '../../test/account-fixtures';

const account = (patch: Partial<AccountSummary> = {}): AccountSummary =>
  accountSummary({ payment_terms_days: 0, payment_terms_default: true, ...patch });

describe('what the cart says before "Realizar pedido"', () => {
  it('nothing without a limit or an overdue rule, nor while the account loads', () => {
    expect(creditNoticeFor(account(), 10_000_000, false)).toBeNull();
    expect(creditNoticeFor(undefined, 10_000_000, false)).toBeNull();
  });

  it('an order past the limit (balance + undelivered + this order), with what is left', () => {
    const a = account({ credit_limit: 100_000, balance: 30_000, undelivered: 20_000, available_credit: 50_000 });
    expect(creditNoticeFor(a, 50_000, false)).toBeNull();
    expect(creditNoticeFor(a, 50_001, false)).toEqual({ ok: false, reason: 'limit', available: 50_000, exceededBy: 1 });
  });

  it('overdue past the business rule stops it first; an order paid with points never', () => {
    const a = account({ overdue: 5_000, overdue_days: 31, credit_rule: { overdue_days_limit: 30, on_exceed: 'hold' } });
    expect(creditNoticeFor(a, 1, false)).toEqual({ ok: false, reason: 'overdue', days: 30, overdue: 5_000 });
    expect(creditNoticeFor(a, 1, true)).toBeNull();
    expect(creditNoticeFor({ ...a, overdue_days: 30 }, 1, false)).toBeNull();
  });
});
