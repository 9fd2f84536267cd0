import { openPdf, printable } from '../../lib/pdf-document';
import { drawIssuerBlock } from '../../lib/pdf-issuer';
import type { BusinessIdentity } from '@mayorista/core/schemas/settings';
import { messages } from '@mayorista/core/messages';
import { formatMoney } from '@mayorista/core/money';
import { formatDateTime } from '@mayorista/core/date-time';
import { orderNumber } from '@mayorista/core/constants';
import { businessDetails } from '@mayorista/core/order-customer';
import { orderDeliveryText } from '@mayorista/core/deliveries';
import type { Order, OrderItem } from '@mayorista/core/schemas/order';
import {
  DEFAULT_IVA_RATE,
  grossUnitPrice,
  ivaLineView,
  ivaRateLabel,
  ivaSummaryRows,
  netUnitPrice,
  showsIvaItemised,
  storedOrderIva,
} from '@mayorista/core/iva';
import { iva as ivaTexts } from '@mayorista/core/messages/iva';

const pdfText = messages.orders.pdf;

/** The customer's IVA condition as the order recorded it (the business-identity work, decisions 017–019's business data; absent on older orders). */
export const ivaConditionOf = (order: Order): string | null => order.user_info.iva_condition ?? null;

/** Savings as this document shows amounts: net of IVA to a Responsable Inscripto when prices include it. */
function discountLabel(item: OrderItem, amount: (centavos: number, item: OrderItem) => number): string {
  const { applied, tier, savings } = item.discounts;
  if (applied === 'none' || savings <= 0) return '-';
  const reason = applied === 'sale' ? pdfText.discountSale : pdfText.discountTier(tier?.minQuantity ?? item.quantity);
  return `${reason}\n-${formatMoney(amount(savings, item))}`;
}

interface Column {
  header: string;
  width: number;
  align: 'left' | 'right';
  cell: (item: OrderItem, index: number) => string;
}

/**
 * The line table (decision 019). An order placed before IVA existed prints as it always did. With
 * a breakdown, a Responsable Inscripto's lines are net with their rate in a column; everyone
 * else's are final prices with IVA.
 */
function columnsFor(order: Order, itemised: boolean): Column[] {
  const breakdown = storedOrderIva(order);
  const includes = order.iva?.prices_include_iva ?? true;
  const view = (item: OrderItem, index: number) =>
    breakdown ? ivaLineView(item.price, breakdown.lines[index]!, includes, itemised) : { unitPrice: item.price, total: item.total };
  const savingsShown = (savings: number, item: OrderItem) => {
    const rate = item.iva_rate ?? DEFAULT_IVA_RATE;
    if (!breakdown) return savings;
    return itemised ? netUnitPrice(savings, rate, includes) : grossUnitPrice(savings, rate, includes);
  };
  const product: Column = { header: pdfText.columnProduct, width: 190, align: 'left', cell: (item) => printable(item.name) };
  const quantity: Column = { header: pdfText.columnQuantity, width: 45, align: 'right', cell: (item) => String(item.quantity) };
  const unit: Column = {
    header: itemised ? ivaTexts.unitNet : pdfText.columnUnitPrice,
    width: 85,
    align: 'right',
    cell: (item, i) => formatMoney(view(item, i).unitPrice),
  };
  const discount: Column = { header: pdfText.columnDiscount, width: 90, align: 'right', cell: (item) => discountLabel(item, savingsShown) };
  const total: Column = {
    header: itemised ? ivaTexts.lineNet : pdfText.columnTotal,
    width: 85,
    align: 'right',
    cell: (item, i) => formatMoney(view(item, i).total),
  };
  if (!itemised) return [product, quantity, unit, discount, total];
  const rate: Column = { header: 'IVA', width: 45, align: 'right', cell: (item) => ivaRateLabel(item.iva_rate ?? DEFAULT_IVA_RATE) };
  return [{ ...product, width: 160 }, { ...quantity, width: 40 }, rate, { ...unit, width: 80 }, { ...discount, width: 85 }, total];
}
const COLUMN_GAP = 0;

/**
 * Renders the order document a customer downloads from Mis Pedidos. `issuer`: who issues it
 * (decision 082), under the catalogue's name; null or absent, the header as before.
 */
export function renderOrderPdf(order: Order, catalogName: string, issuer?: BusinessIdentity | null): Promise<Buffer> {
  const number = orderNumber(order.id);
  const { doc, done, left, contentWidth, ensureSpace } = openPdf({
    size: 'A4',
    margin: 50,
    info: { Title: printable(pdfText.title(number)), Author: printable(catalogName) },
  });
  const line = (text: string) => doc.text(text);
  const field = (label: string, value: string) => {
    // An empty value shows a dash: pdfkit ends a continued line only when text follows, so an
    // empty one left the next field printed over this one.
    doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(printable(value) || '-');
  };

  doc.font('Helvetica-Bold').fontSize(18);
  line(printable(catalogName));
  drawIssuerBlock(doc, issuer);
  doc.moveDown(0.3);
  doc.font('Helvetica-Bold').fontSize(14);
  line(pdfText.title(number));
  doc.font('Helvetica').fontSize(10);
  line(`${pdfText.date}: ${formatDateTime(order.created_at)}`);
  doc.moveDown();

  doc.fontSize(11);
  field(pdfText.customer, `${order.user_info.nombre} ${order.user_info.apellido}`);
  field(pdfText.email, order.user_info.email);
  field(pdfText.dni, order.user_info.dni);
  // The business-identity work (decisions 017–019): razón social, CUIT, IVA condition, phone and delivery address (absent on older orders).
  for (const detail of businessDetails(order.user_info)) field(detail.label, detail.value);
  field(pdfText.status, order.status);
  doc.moveDown();

  const itemised = order.iva !== null && showsIvaItemised(ivaConditionOf(order));
  const COLUMNS = columnsFor(order, itemised);
  const headings = COLUMNS.map((c) => c.header);
  const drawRow = (cells: string[], font: 'Helvetica' | 'Helvetica-Bold') => {
    doc.font(font).fontSize(9);
    const rowHeight = Math.max(...cells.map((text, i) => doc.heightOfString(text, { width: COLUMNS[i]!.width - 4 }))) + 6;
    // A line that starts a new page brings the order's number and the column headings with it:
    // a loose second page of a 40-line order still says whose it is and what each column holds.
    if (ensureSpace(rowHeight) && cells !== headings) {
      doc.font('Helvetica').fontSize(9).text(pdfText.continued(number), left);
      doc.moveDown(0.3);
      drawRow(headings, 'Helvetica-Bold');
      doc.font(font).fontSize(9);
    }
    const top = doc.y;
    let x = left;
    cells.forEach((text, i) => {
      const column = COLUMNS[i]!;
      doc.text(text, x + 2, top + 3, { width: column.width - 4, align: column.align });
      x += column.width + COLUMN_GAP;
    });
    doc.moveTo(left, top + rowHeight).lineTo(left + contentWidth, top + rowHeight).lineWidth(0.5).strokeColor('#94a3b8').stroke();
    doc.x = left;
    doc.y = top + rowHeight;
  };

  drawRow(headings, 'Helvetica-Bold');
  order.items.forEach((item, index) => drawRow(COLUMNS.map((c) => c.cell(item, index)), 'Helvetica'));

  doc.moveDown();
  ensureSpace(150);
  doc.fontSize(11);
  const summary = (label: string, value: string, bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    doc.text(`${label}: ${value}`, left, doc.y, { width: contentWidth, align: 'right' });
  };
  summary(pdfText.totalSavings, formatMoney(order.total_savings));
  // Decision 019: IVA itemised for a Responsable Inscripto; the IVA contained in final prices for others.
  if (order.iva) for (const row of ivaSummaryRows(order.iva, itemised)) summary(row.label, formatMoney(row.amount));
  summary(pdfText.total, formatMoney(order.total), true);
  if (order.iva) {
    doc.font('Helvetica').fontSize(9);
    doc.text(itemised ? ivaTexts.itemisedNote : ivaTexts.finalPricesNote, left, doc.y, { width: contentWidth, align: 'right' });
  }
  doc.moveDown();
  doc.x = left;
  doc.fontSize(11);
  field(pdfText.paidWithPoints, order.canjeado_con_puntos ? pdfText.yes : pdfText.no);
  field(pdfText.notes, order.observaciones.trim() || pdfText.noNotes);
  // Repartos (decision 049): the promised delivery date.
  const delivery = orderDeliveryText(order.delivery_date);
  if (delivery) doc.font('Helvetica-Bold').text(printable(delivery), left, doc.y, { width: contentWidth });

  doc.end();
  return done;
}
