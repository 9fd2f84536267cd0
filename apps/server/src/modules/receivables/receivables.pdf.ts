import { formatCuit } from '@mayorista/core/business';
import { messages } from '@mayorista/core/messages';
import { formatDocumentDateTime, formatMoney } from '@mayorista/core/money';
import { formatDay, formatReceiptNumber } from '@mayorista/core/receivables';
import type { AccountMovement, Payment } from '@mayorista/core/schemas/receivables';
import type { BusinessIdentity } from '@mayorista/core/schemas/settings';
import { openPdf, printable, type PdfDocument } from '../../lib/pdf-document';
import { drawIssuerBlock } from '../../lib/pdf-issuer';

const texts = messages.receivables;

/** Who the document is for, as the account's header prints it. */
export interface AccountHolder {
  name: string;
  email: string;
  razon_social: string | null;
  cuit: string | null;
}


/** A balance as the documents print it: negative is money "a favor" of the customer. */
const balanceText = (balance: number) => (balance < 0 ? `${formatMoney(-balance)} ${texts.aFavor}` : formatMoney(balance));

/** Who issues the document (decision 082) under the catalogue's name; null or absent: the header as before. */
type DocumentIssuer = BusinessIdentity | null;

function header(pdf: PdfDocument, catalogName: string, title: string, holder: AccountHolder, issuer?: DocumentIssuer): void {
  const { doc } = pdf;
  doc.font('Helvetica-Bold').fontSize(16).text(printable(catalogName));
  drawIssuerBlock(doc, issuer);
  doc.moveDown(0.3).font('Helvetica-Bold').fontSize(13).text(printable(title));
  doc.moveDown(0.5).font('Helvetica').fontSize(10);
  doc.text(printable(holder.razon_social ? `${holder.razon_social} (${holder.name})` : holder.name));
  // As the screens show it: "20-31234567-7".
  if (holder.cuit) doc.text(printable(`CUIT ${formatCuit(holder.cuit)}`));
  doc.text(printable(holder.email));
  doc.moveDown();
}

/** The recibo of one payment: number, date, customer, amount, method (cheque data), and how it was applied. */
export async function renderReceiptPdf(payment: Payment, holder: AccountHolder, catalogName: string, issuer?: DocumentIssuer): Promise<Buffer> {
  const pdf = openPdf({
    size: 'A4',
    margin: 50,
    info: { Title: texts.receiptTitle(formatReceiptNumber(payment.receipt_number)) },
  });
  const { doc } = pdf;
  header(pdf, catalogName, texts.receiptTitle(formatReceiptNumber(payment.receipt_number)), holder, issuer);
  const lines = [
    `${texts.receiptDate}: ${formatDocumentDateTime(payment.created_at)}`,
    `${texts.receiptAmount}: ${formatMoney(payment.amount)}`,
    `${texts.receiptMethod}: ${texts.methods[payment.method]}`,
    ...(payment.method === 'cheque' && payment.cheque_date
      ? [texts.receiptCheque(payment.bank ?? '', payment.cheque_number ?? '', formatDay(payment.cheque_date))]
      : payment.bank
        ? [`${texts.receiptBank}: ${payment.bank}`]
        : []),
    ...(payment.reference ? [`${texts.receiptReference}: ${payment.reference}`] : []),
  ];
  doc.fontSize(11);
  for (const line of lines) doc.text(printable(line));
  doc.moveDown();
  doc.font('Helvetica-Bold').text(texts.receiptApplied);
  doc.font('Helvetica').fontSize(10);
  for (const a of payment.applied)
    doc.text(
      printable(`${a.order_id ? texts.receiptOrder(a.order_id.slice(0, 8)) : texts.kinds.reversal}: ${formatMoney(a.amount)}`),
    );
  if (payment.unapplied > 0) doc.text(printable(`${texts.receiptUnapplied}: ${formatMoney(payment.unapplied)}`));
  doc.moveDown();
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(printable(`${texts.receiptBalance}: ${balanceText(payment.balance)}`));
  if (payment.reversal)
    doc
      .moveDown()
      .fillColor('#b91c1c')
      .text(printable(texts.receiptReversed(formatDay(payment.reversal.date), payment.reversal.reason)))
      .fillColor('black');
  doc.end();
  return pdf.done;
}

export interface StatementData {
  holder: AccountHolder;
  from: string;
  to: string;
  opening: number;
  movements: AccountMovement[];
  overdue: number;
  /** What post-dated cheques not yet due at `to` pay: in the closing balance already, in `overdue` until their date. */
  pendingCheques: number;
}

const COLUMNS = [
  { x: 0, width: 62, align: 'left' },
  { x: 64, width: 150, align: 'left' },
  { x: 216, width: 66, align: 'left' },
  { x: 284, width: 100, align: 'right' },
  { x: 386, width: 109, align: 'right' },
] as const;

/**
 * One table row at the current y: fixed columns, one line each, so 5,000 movements stay fast. A row
 * that starts a new page draws `headings` above it first, so every page of a long statement reads.
 */
function row(pdf: PdfDocument, cells: readonly string[], bold = false, headings?: readonly string[]): void {
  const { doc } = pdf;
  if (pdf.ensureSpace(14) && headings) row(pdf, headings, true);
  const y = doc.y;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
  cells.forEach((cell, i) => {
    const column = COLUMNS[i]!;
    doc.text(printable(cell), pdf.left + column.x, y, {
      width: column.width,
      align: column.align,
      lineBreak: false,
      ellipsis: true,
    });
  });
  doc.x = pdf.left;
  doc.y = y + 13;
}

/**
 * A movement's reason (a credit note's, an adjustment's, a reversal's) on its own lines under the row,
 * as the ledger on screen shows it: wrapped across the concept and due-date columns, never cut.
 */
function reasonLines(pdf: PdfDocument, reason: string, headings: readonly string[]): void {
  const { doc } = pdf;
  const text = printable(reason);
  const options = { width: COLUMNS[3].x - COLUMNS[1].x - 2 };
  doc.font('Helvetica-Oblique');
  const height = doc.heightOfString(text, options);
  // A reason that starts a page brings the headings too, as a row does.
  if (pdf.ensureSpace(height + 1)) {
    row(pdf, headings, true);
    doc.font('Helvetica-Oblique');
  }
  const y = doc.y;
  doc.text(text, pdf.left + COLUMNS[1].x, y, options);
  doc.font('Helvetica');
  doc.x = pdf.left;
  doc.y = y + height + 1;
}

function movementLabel(m: AccountMovement): string {
  if (m.kind === 'payment' && m.receipt_number !== null) return `${texts.kinds.payment} ${formatReceiptNumber(m.receipt_number)}`;
  if (m.kind === 'reversal' && m.receipt_number !== null) return texts.reversalOf(formatReceiptNumber(m.receipt_number));
  if (m.order_id) return `${texts.kinds[m.kind]} ${texts.receiptOrder(m.order_id.slice(0, 8))}`;
  return texts.kinds[m.kind];
}

/** "Resumen de cuenta": the opening balance, each movement of the period, the closing balance and what is overdue. */
export async function renderStatementPdf(data: StatementData, catalogName: string, issuer?: DocumentIssuer): Promise<Buffer> {
  const pdf = openPdf({ size: 'A4', margin: 50, info: { Title: texts.statementTitle } });
  const { doc } = pdf;
  header(pdf, catalogName, texts.statementTitle, data.holder, issuer);
  doc.fontSize(10).text(texts.statementPeriod(formatDay(data.from), formatDay(data.to)));
  doc.moveDown();
  doc.fontSize(9);
  const headings = texts.statementColumns;
  row(pdf, headings, true);
  row(pdf, ['', texts.openingBalance, '', '', balanceText(data.opening)]);
  if (data.movements.length === 0) row(pdf, ['', texts.noMovements, '', '', '']);
  for (const m of data.movements) {
    row(
      pdf,
      [formatDay(m.date), movementLabel(m), m.due_date ? formatDay(m.due_date) : '', formatMoney(m.amount), balanceText(m.balance)],
      false,
      headings,
    );
    if (m.reason) reasonLines(pdf, m.reason, headings);
  }
  const closing = data.movements.at(-1)?.balance ?? data.opening;
  row(pdf, ['', texts.closingBalance, '', '', balanceText(closing)], true, headings);
  doc.moveDown();
  doc
    .fontSize(10)
    .font('Helvetica-Bold')
    .text(texts.overdueLine(formatMoney(data.overdue)), pdf.left);
  if (data.pendingCheques > 0) doc.font('Helvetica').text(texts.pendingChequesLine(formatMoney(data.pendingCheques)), pdf.left);
  doc.end();
  return pdf.done;
}
