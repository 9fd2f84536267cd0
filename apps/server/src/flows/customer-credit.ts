import { mayActOnAccount } from '@mayorista/core/separation-of-duties';
import { messages } from '@mayorista/core/messages';
import type { AccountSummary, CreditSettingsRequest } from '@mayorista/core/schemas/receivables';
import { inTransaction } from '../db/transaction';
import { AppError } from '../lib/errors';
import { customerNotFound, lockAccount, readAccountSummary, updateCreditSettings } from '../modules/receivables';
import { loadSettings } from '../modules/settings';
import { todayOf, type AccountFlowDeps, type Actor } from './post-payment';
import { recordAudit } from '../modules/audit';

/**
 * An admin sets a customer's payment terms and credit limit (null terms: the settings' default;
 * null limit: none). The account row is locked like any other write to it, so an order being
 * placed is checked against the limit before or after, never half. Answers the account summary.
 */
export async function setCustomerCredit(
  deps: AccountFlowDeps,
  actor: Actor,
  customerId: string,
  patch: CreditSettingsRequest,
): Promise<AccountSummary> {
  if (!mayActOnAccount(actor, customerId)) throw new AppError('own_account_forbidden', messages.receivables.ownAccount);
  return inTransaction(deps.pool, async (tx) => {
    const account = await lockAccount(tx, customerId);
    if (!account) throw customerNotFound();
    await updateCreditSettings(tx, customerId, patch);
    // What each changed field was, read under the same lock: Actividad shows "antes → después".
    const before = Object.fromEntries(Object.keys(patch).map((field) => [field, account[field as keyof CreditSettingsRequest]]));
    await recordAudit(tx, actor, { action: 'customer.credit', entity: 'customer', entityId: customerId, summary: { before, after: patch } });
    return (await readAccountSummary(tx, customerId, await loadSettings(tx), todayOf(deps)))!;
  });
}
