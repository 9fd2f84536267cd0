import { APP_LINKS } from '@mayorista/core/app-links';
import { messages } from '@mayorista/core/messages';
import { formatMoney } from '@mayorista/core/money';
import { addDays, formatDay, formatReceiptNumber, overdueAt, pendingChequesOf } from '@mayorista/core/receivables';
import type { OutboxKind } from '@mayorista/core/schemas/order-life';
import type { BusinessIdentity } from '@mayorista/core/schemas/settings';
import type pg from 'pg';
import { escapeHtml } from '../../lib/html';
import type { MailMessage } from '../../lib/mailer';
import { readPayment } from './receivables.payments';
import { readAccountHolder, readOpenItemsAt, readStatementMovements } from './receivables.read';
import { renderReceiptPdf, renderStatementPdf } from './receivables.pdf';

const texts = messages.receivables;

/** The outbox kinds this module renders (the rest are the orders module's). */
export const ACCOUNT_EMAIL_KINDS: readonly OutboxKind[] = ['payment_receipt', 'account_reminder'];

interface RenderConfig {
  pool: pg.Pool;
  catalogName: string;
  appUrl: string;
  /** Who issues the attached PDF (decision 082), read when it is rendered; null, the header as before. */
  issuer: () => Promise<BusinessIdentity | null>;
}

interface QueuedAccountEmail {
  id: number;
  kind: OutboxKind;
  recipient: string;
  data: Record<string, unknown>;
}

function message(
  config: RenderConfig,
  to: string,
  subject: string,
  intro: string,
  attachment: { filename: string; content: Buffer },
): MailMessage {
  const link = `${config.appUrl}${APP_LINKS.cuentaCorriente}`;
  const text = [intro, '', `${texts.viewAccount}: ${link}`, '', `— ${config.catalogName}`].join('\n');
  const html = `<!doctype html>
<html lang="es"><body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(texts.viewAccount)}</a></p>
<p>— ${escapeHtml(config.catalogName)}</p>
</body></html>`;
  return {
    to,
    subject: `${config.catalogName}: ${subject}`,
    text,
    html,
    attachments: [{ ...attachment, contentType: 'application/pdf' }],
  };
}

/** The statement of the last 90 days up to `today`, as a reminder attaches it. */
async function recentStatement(config: RenderConfig, customerId: string, today: string): Promise<Buffer> {
  const from = addDays(today, -90);
  const [holder, { opening, items }, open, issuer] = await Promise.all([
    readAccountHolder(config.pool, customerId),
    readStatementMovements(config.pool, customerId, from, today),
    readOpenItemsAt(config.pool, customerId, today),
    config.issuer(),
  ]);
  if (!holder) throw new Error(`el cliente ${customerId} ya no existe`);
  return renderStatementPdf(
    {
      holder,
      from,
      to: today,
      opening,
      movements: items,
      overdue: overdueAt(open, today).overdue,
      pendingCheques: pendingChequesOf(open),
    },
    config.catalogName,
    issuer,
  );
}

/**
 * Renders the account's e-mails from the database as it is when they are sent: the receipt of a
 * payment (its PDF attached) and a due-date reminder (the statement attached).
 */
export function createAccountEmailRenderer(config: RenderConfig) {
  return async (row: QueuedAccountEmail): Promise<MailMessage> => {
    if (row.kind === 'payment_receipt') {
      const payment = await readPayment(config.pool, Number(row.data.payment_id));
      if (!payment) throw new Error(`outbox ${row.id}: el pago ya no existe`);
      const holder = (await readAccountHolder(config.pool, payment.customer_id))!;
      const number = formatReceiptNumber(payment.receipt_number);
      return message(
        config,
        row.recipient,
        texts.receiptSubject(number),
        texts.receiptIntro(number, formatMoney(payment.amount)),
        {
          filename: `recibo-${number}.pdf`,
          content: await renderReceiptPdf(payment, holder, config.catalogName, await config.issuer()),
        },
      );
    }
    const customerId = String(row.data.customer_id);
    const day = String(row.data.day);
    const dueDate = String(row.data.due_date);
    const amount = formatMoney(Number(row.data.amount));
    const before = row.data.reminder === 'before_due';
    return message(
      config,
      row.recipient,
      before ? texts.reminderBeforeSubject(formatDay(dueDate)) : texts.reminderOverdueSubject,
      before ? texts.reminderBeforeIntro(amount, formatDay(dueDate)) : texts.reminderOverdueIntro(amount),
      { filename: `resumen-de-cuenta-${day}.pdf`, content: await recentStatement(config, customerId, day) },
    );
  };
}
