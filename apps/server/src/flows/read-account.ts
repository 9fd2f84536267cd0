import type { Readable } from 'node:stream';
import { messages } from '@mayorista/core/messages';
import { daysBetween, overdueAt, pendingChequesOf } from '@mayorista/core/receivables';
import type {
  AccountMovementsPage,
  AccountSummary,
  ChargeChoice,
  ReceivablesPage,
  ReceivablesQuery,
  StatementQuery,
} from '@mayorista/core/schemas/receivables';
import type { MovementsPageQuery } from '@mayorista/core/schemas/ledger';
import type pg from 'pg';
import { AppError } from '../lib/errors';
import {
  customerNotFound,
  exportReceivablesCsv,
  exportReceivablesXlsx,
  listAccountMovements,
  listReceivables,
  paymentIdOf,
  readAccountHolder,
  readAccountSummary,
  readOpenCharges,
  readOpenItemsAt,
  readPayment,
  readStatementMovements,
  renderReceiptPdf,
  renderStatementPdf,
} from '../modules/receivables';
import { loadDocumentIssuer, loadSettings } from '../modules/settings';
import { todayOf } from './post-payment';

export interface AccountReadDeps {
  pool: pg.Pool;
  catalogName: string;
  now?: () => Date;
}

/** The longest period a statement covers: five years of movements is already a thick document. */
const MAX_STATEMENT_DAYS = 5 * 366;

/**
 * What the customer's "Mi cuenta corriente" and the admin's account pages read: the settings (the
 * default terms and the credit rule) with the account's figures, the ledger's pages, the statement
 * and receipt PDFs, and the aging list. Reads only; nothing here locks.
 */
export function createAccountReader(deps: AccountReadDeps) {
  const { pool } = deps;
  const today = () => todayOf(deps);

  async function summary(customerId: string): Promise<AccountSummary> {
    const found = await readAccountSummary(pool, customerId, await loadSettings(pool), today());
    if (!found) throw customerNotFound();
    return found;
  }

  async function movements(customerId: string, page: MovementsPageQuery): Promise<AccountMovementsPage> {
    if (!(await readAccountHolder(pool, customerId))) throw customerNotFound();
    const { items, total } = await listAccountMovements(pool, customerId, {
      limit: page.page_size,
      offset: (page.page - 1) * page.page_size,
    });
    return { items, total, page: page.page, page_size: page.page_size };
  }

  /** "Aplicar a" on the office's payment dialog: the customer's open charges, as the rep's route reads them (decision 060). */
  async function openCharges(customerId: string): Promise<ChargeChoice[]> {
    if (!(await readAccountHolder(pool, customerId))) throw customerNotFound();
    return readOpenCharges(pool, customerId);
  }

  /** The statement of a period, by default from the first of this month to today. */
  async function statementPdf(customerId: string, query: StatementQuery): Promise<{ pdf: Buffer; from: string; to: string }> {
    const to = query.to ?? today();
    const from = query.from ?? `${to.slice(0, 8)}01`;
    const span = daysBetween(from, to);
    if (span < 0 || span > MAX_STATEMENT_DAYS)
      throw new AppError('statement_range_invalid', messages.receivables.statementRangeInvalid);
    const holder = await readAccountHolder(pool, customerId);
    if (!holder) throw customerNotFound();
    const [{ opening, items }, open, issuer] = await Promise.all([
      readStatementMovements(pool, customerId, from, to),
      readOpenItemsAt(pool, customerId, to),
      loadDocumentIssuer(pool),
    ]);
    const { overdue } = overdueAt(open, to);
    const pendingCheques = pendingChequesOf(open);
    const pdf = await renderStatementPdf({ holder, from, to, opening, movements: items, overdue, pendingCheques }, deps.catalogName, issuer);
    return { pdf, from, to };
  }

  /** A receipt; `ownerId` limits it to one customer's (their own): another's is not found, like a missing one. */
  async function receiptPdf(paymentIdText: string, ownerId: string | null): Promise<{ pdf: Buffer; receiptNumber: number }> {
    const paymentId = paymentIdOf(paymentIdText);
    const payment = paymentId === null ? null : await readPayment(pool, paymentId, ownerId);
    if (!payment) throw new AppError('receipt_not_found', messages.receivables.receiptNotFound);
    const [holder, issuer] = await Promise.all([readAccountHolder(pool, payment.customer_id), loadDocumentIssuer(pool)]);
    return { pdf: await renderReceiptPdf(payment, holder!, deps.catalogName, issuer), receiptNumber: payment.receipt_number };
  }

  async function aging(query: ReceivablesQuery): Promise<ReceivablesPage> {
    const settings = await loadSettings(pool);
    return listReceivables(pool, query, today(), settings.default_payment_terms_days);
  }

  async function agingExport(query: ReceivablesQuery, format: 'xlsx' | 'csv'): Promise<Readable> {
    const settings = await loadSettings(pool);
    const exporter = format === 'xlsx' ? exportReceivablesXlsx : exportReceivablesCsv;
    return exporter(pool, query, today(), settings.default_payment_terms_days);
  }

  return { summary, movements, openCharges, statementPdf, receiptPdf, aging, agingExport, today };
}

export type AccountReader = ReturnType<typeof createAccountReader>;
