import { messages } from '@mayorista/core/messages';
import { orderNumber } from '@mayorista/core/constants';
import type { Order } from '@mayorista/core/schemas/order';
import { openPdf, printable } from '../../lib/pdf-document';
import { formatDateTime } from '@mayorista/core/date-time';

const text = messages.orderLife.picking;

export interface PickingTotal {
  productId: string;
  name: string;
  quantity: number;
  orders: number;
}

/** Every product of the orders with the units to prepare and how many orders ask for it, by name. */
export function pickingTotals(orders: Order[]): PickingTotal[] {
  const totals = new Map<string, PickingTotal>();
  for (const order of orders) {
    for (const item of order.items) {
      const entry = totals.get(item.product_id) ?? { productId: item.product_id, name: item.name, quantity: 0, orders: 0 };
      entry.quantity += item.quantity;
      entry.orders += 1;
      totals.set(item.product_id, entry);
    }
  }
  return [...totals.values()].sort((a, b) => a.name.localeCompare(b.name, 'es'));
}

const CHECK_WIDTH = 40;
const QUANTITY_WIDTH = 70;
const ORDERS_WIDTH = 60;

/**
 * "Hoja de preparación" (the order-life work, decision 014) on A4: first the total of every product to take from the
 * shelves, then each order's lines, each with an empty box to tick by hand.
 */
export function renderPickingSheetPdf(orders: Order[], subtitle: string, catalogName: string): Promise<Buffer> {
  const { doc, done, left, contentWidth: width, ensureSpace } = openPdf({
    size: 'A4',
    margin: 40,
    info: { Title: text.title, Author: printable(catalogName) },
  });
  const nameWidth = width - CHECK_WIDTH - QUANTITY_WIDTH - ORDERS_WIDTH;

  /**
   * One row: a box to tick, the product, the quantity, and (totals only) the number of orders.
   * A row that starts a new page first draws `continued` (what the rows below belong to), so a
   * loose page in the depósito still says which list or order it continues.
   */
  const row = (cells: { name: string; quantity: string; orders?: string }, bold: boolean, box: boolean, continued?: () => void) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    const height = Math.max(16, doc.heightOfString(cells.name, { width: nameWidth - 6 }) + 6);
    if (ensureSpace(height) && continued) {
      continued();
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    }
    const top = doc.y;
    if (box) doc.rect(left + 12, top + 3, 11, 11).lineWidth(0.8).strokeColor('#334155').stroke();
    doc.fillColor('#0f172a');
    doc.text(cells.name, left + CHECK_WIDTH, top + 3, { width: nameWidth - 6 });
    doc.text(cells.quantity, left + CHECK_WIDTH + nameWidth, top + 3, { width: QUANTITY_WIDTH - 6, align: 'right' });
    if (cells.orders !== undefined) {
      doc.text(cells.orders, left + CHECK_WIDTH + nameWidth + QUANTITY_WIDTH, top + 3, { width: ORDERS_WIDTH - 6, align: 'right' });
    }
    doc.moveTo(left, top + height).lineTo(left + width, top + height).lineWidth(0.4).strokeColor('#cbd5e1').stroke();
    doc.x = left;
    doc.y = top + height;
  };

  doc.font('Helvetica-Bold').fontSize(18).fillColor('#0f172a').text(`${text.title} · ${printable(catalogName)}`);
  doc.font('Helvetica').fontSize(11).text(printable(subtitle));
  doc.fontSize(9).fillColor('#475569').text(text.generated(formatDateTime(new Date())));
  doc.fillColor('#0f172a').moveDown();

  if (orders.length === 0) {
    doc.font('Helvetica').fontSize(12).text(text.empty);
    doc.end();
    return done;
  }

  doc.font('Helvetica-Bold').fontSize(13).text(text.totalsTitle);
  doc.moveDown(0.3);
  const totalsHeadings = () => row({ name: text.columnProduct, quantity: text.columnQuantity, orders: text.columnOrders }, true, false);
  totalsHeadings();
  for (const total of pickingTotals(orders)) {
    row({ name: printable(total.name), quantity: String(total.quantity), orders: String(total.orders) }, false, true, () => {
      doc.font('Helvetica-Bold').fontSize(11).text(text.continued(text.totalsTitle), left);
      totalsHeadings();
    });
  }

  doc.moveDown();
  ensureSpace(40);
  doc.font('Helvetica-Bold').fontSize(13).text(text.ordersTitle, left);
  for (const order of orders) {
    doc.moveDown(0.6);
    ensureSpace(50);
    const customer = printable(`${order.user_info.nombre} ${order.user_info.apellido}`);
    const heading = text.orderHeading(orderNumber(order.id), customer, order.status);
    doc.font('Helvetica-Bold').fontSize(11).text(heading, left);
    doc.font('Helvetica').fontSize(9).fillColor('#475569').text(formatDateTime(order.created_at), left);
    if (order.observaciones.trim()) doc.text(printable(text.notes(order.observaciones.trim())), left, doc.y, { width });
    doc.fillColor('#0f172a');
    for (const item of order.items) {
      row({ name: printable(item.name), quantity: String(item.quantity) }, false, true, () => doc.font('Helvetica-Bold').fontSize(11).text(text.continued(heading), left));
    }
  }
  doc.end();
  return done;
}
