import { formatArPhone } from '@mayorista/core/business';
import { formatDeliveryDay, formatWeight, totalWeight } from '@mayorista/core/deliveries';
import { orderNumber } from '@mayorista/core/constants';
import { messages } from '@mayorista/core/messages';
import { formatMoney } from '@mayorista/core/money';
import type { DeliveryStop } from '@mayorista/core/schemas/deliveries';
import { exceljs } from '../../lib/lazy-modules';
import { openPdf, printable } from '../../lib/pdf-document';

const texts = messages.deliveries;
const cols = texts.routeColumns;

/** What both sheets are about: the zone, the day and the business. */
export interface SheetHeading {
  zoneName: string;
  date: string;
  catalogName: string;
}

/** Total units per product for the truck, by name (the Hoja de carga). */
export function loadTotals(stops: readonly DeliveryStop[]): { name: string; quantity: number; orders: number }[] {
  const totals = new Map<string, { name: string; quantity: number; orders: number }>();
  for (const stop of stops) {
    for (const line of stop.lines) {
      const entry = totals.get(line.product_id) ?? { name: line.name, quantity: 0, orders: 0 };
      entry.quantity += line.quantity;
      entry.orders += 1;
      totals.set(line.product_id, entry);
    }
  }
  return [...totals.values()].sort((a, b) => a.name.localeCompare(b.name, 'es'));
}

const customerOf = (stop: DeliveryStop) => (stop.razon_social ? `${stop.razon_social}\n${stop.customer_name}` : stop.customer_name);

/** The route sheet's columns on landscape A4 (width in points); Cobrado and Firma are left blank to fill by hand. */
const ROUTE_COLUMNS: { key: keyof typeof cols; width: number; align?: 'right'; value: (s: DeliveryStop) => string }[] = [
  { key: 'stop', width: 22, value: (s) => String(s.stop) },
  { key: 'customer', width: 120, value: customerOf },
  { key: 'address', width: 110, value: (s) => s.address ?? '' },
  // As the screens show it: "+54 9 11 5555-1234" (on one line), not the stored digits.
  { key: 'phone', width: 80, value: (s) => (s.whatsapp ? formatArPhone(s.whatsapp) : '') },
  { key: 'notes', width: 80, value: (s) => s.delivery_notes ?? '' },
  { key: 'order', width: 54, value: (s) => `#${orderNumber(s.order_id)}` },
  { key: 'weight', width: 44, align: 'right', value: (s) => formatWeight(s.weight_grams) },
  { key: 'amount', width: 62, align: 'right', value: (s) => formatMoney(s.total) },
  { key: 'toCollect', width: 62, align: 'right', value: (s) => (s.to_collect > 0 ? formatMoney(s.to_collect) : '') },
  { key: 'collected', width: 70, value: () => '' },
  { key: 'signature', width: 80, value: () => '' },
];

/** The first line of a sheet's further page: which zone and day it continues. */
function continuedHeading(doc: PDFKit.PDFDocument, heading: SheetHeading): void {
  doc.font('Helvetica-Bold').fontSize(9).fillColor('#0f172a').text(printable(texts.sheetContinued(texts.sheetSubtitle(heading.zoneName, formatDeliveryDay(heading.date)))));
  doc.moveDown(0.3);
}

/** "Hoja de ruta" (decision 049): the stops in order, each with blank columns for what was collected and a signature. */
export function renderRouteSheetPdf(heading: SheetHeading, stops: readonly DeliveryStop[]): Promise<Buffer> {
  const { doc, done, left, ensureSpace } = openPdf({ size: 'A4', layout: 'landscape', margin: 28, info: { Title: texts.routeTitle, Author: printable(heading.catalogName) } });
  doc.font('Helvetica-Bold').fontSize(16).fillColor('#0f172a').text(`${texts.routeTitle} · ${printable(heading.catalogName)}`);
  doc.font('Helvetica').fontSize(11).text(printable(texts.sheetSubtitle(heading.zoneName, formatDeliveryDay(heading.date))));
  const bultos = stops.reduce((sum, s) => sum + s.bultos, 0);
  const toCollect = stops.reduce((sum, s) => sum + s.to_collect, 0);
  const weight = formatWeight(totalWeight(stops.map((s) => s.weight_grams)));
  doc.fontSize(9).fillColor('#475569').text(`${texts.routeTotals(stops.length, bultos)} · ${texts.weightTotal(weight)} · ${cols.toCollect}: ${formatMoney(toCollect)}`);
  doc.fillColor('#0f172a').moveDown(0.5);
  if (stops.length === 0) {
    doc.fontSize(12).text(texts.noStops);
    doc.end();
    return done;
  }
  const headings = ROUTE_COLUMNS.map((c) => cols[c.key]);
  const row = (cells: string[], bold: boolean) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    const height = Math.max(34, ...cells.map((c, i) => doc.heightOfString(c, { width: ROUTE_COLUMNS[i]!.width - 6 }) + 8));
    // A stop that starts a new page brings the zone, the day and the headings: the driver fills
    // "Cobrado" and "Firma" on every page, and pages of two trucks must not mix.
    if (ensureSpace(height) && cells !== headings) {
      continuedHeading(doc, heading);
      row(headings, true);
      doc.font('Helvetica').fontSize(8);
    }
    const top = doc.y;
    let x = left;
    cells.forEach((cell, i) => {
      const column = ROUTE_COLUMNS[i]!;
      doc.text(cell, x + 3, top + 4, { width: column.width - 6, ...(column.align ? { align: column.align } : {}) });
      doc.rect(x, top, column.width, height).lineWidth(0.5).strokeColor('#94a3b8').stroke();
      x += column.width;
    });
    doc.x = left;
    doc.y = top + height;
  };
  row(headings, true);
  for (const stop of stops) row(ROUTE_COLUMNS.map((c) => printable(c.value(stop))), false);
  doc.end();
  return done;
}

/** "Hoja de carga": the total quantity of each product for the truck. */
export function renderLoadSheetPdf(heading: SheetHeading, stops: readonly DeliveryStop[]): Promise<Buffer> {
  const { doc, done, left, contentWidth, ensureSpace } = openPdf({ size: 'A4', margin: 40, info: { Title: texts.loadTitle, Author: printable(heading.catalogName) } });
  doc.font('Helvetica-Bold').fontSize(18).fillColor('#0f172a').text(`${texts.loadTitle} · ${printable(heading.catalogName)}`);
  doc.font('Helvetica').fontSize(11).text(printable(texts.sheetSubtitle(heading.zoneName, formatDeliveryDay(heading.date))));
  doc.fontSize(9).fillColor('#475569').text(texts.routeTotals(stops.length, stops.reduce((sum, s) => sum + s.bultos, 0)));
  doc.fillColor('#0f172a').moveDown();
  const widths = [contentWidth - 140, 70, 70];
  const headings = [texts.loadColumns.product, texts.loadColumns.quantity, texts.loadColumns.orders];
  const row = (cells: string[], bold: boolean) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    const height = Math.max(18, doc.heightOfString(cells[0]!, { width: widths[0]! - 6 }) + 6);
    if (ensureSpace(height) && cells !== headings) {
      continuedHeading(doc, heading);
      row(headings, true);
      doc.font('Helvetica').fontSize(10);
    }
    const top = doc.y;
    doc.text(cells[0]!, left, top + 3, { width: widths[0]! - 6 });
    doc.text(cells[1]!, left + widths[0]!, top + 3, { width: widths[1]! - 6, align: 'right' });
    doc.text(cells[2]!, left + widths[0]! + widths[1]!, top + 3, { width: widths[2]! - 6, align: 'right' });
    doc.moveTo(left, top + height).lineTo(left + contentWidth, top + height).lineWidth(0.4).strokeColor('#cbd5e1').stroke();
    doc.x = left;
    doc.y = top + height;
  };
  if (stops.length === 0) doc.fontSize(12).text(texts.noStops);
  else {
    row(headings, true);
    for (const total of loadTotals(stops)) row([printable(total.name), String(total.quantity), String(total.orders)], false);
  }
  doc.end();
  return done;
}

/** A route cell as the spreadsheet keeps it: amounts in pesos and the weight in kilos as numbers (an unknown weight blank). */
function xlsxRouteCell(key: keyof typeof cols, stop: DeliveryStop, text: (s: DeliveryStop) => string): string | number | null {
  if (key === 'amount') return stop.total / 100;
  if (key === 'toCollect') return stop.to_collect / 100;
  if (key === 'stop') return stop.stop;
  if (key === 'weight') return stop.weight_grams === null ? null : stop.weight_grams / 1000;
  return text(stop);
}

/** Both sheets as XLSX: amounts in pesos (numbers), text cells never evaluated. */
export async function renderSheetXlsx(kind: 'route' | 'load', heading: SheetHeading, stops: readonly DeliveryStop[]): Promise<Buffer> {
  const workbook = new (exceljs().Workbook)();
  const sheet = workbook.addWorksheet(kind === 'route' ? texts.routeTitle : texts.loadTitle, { views: [{ state: 'frozen', ySplit: 1 }] });
  if (kind === 'route') {
    sheet.columns = ROUTE_COLUMNS.map((c) => ({ header: c.key === 'weight' ? `${cols.weight} (kg)` : cols[c.key], width: Math.round(c.width / 5), ...(c.align ? { style: { numFmt: '#,##0.00' } } : {}) }));
    for (const stop of stops) sheet.addRow(ROUTE_COLUMNS.map((c) => xlsxRouteCell(c.key, stop, c.value)));
  } else {
    sheet.columns = [
      { header: texts.loadColumns.product, width: 48 },
      { header: texts.loadColumns.quantity, width: 12 },
      { header: texts.loadColumns.orders, width: 12 },
    ];
    for (const total of loadTotals(stops)) sheet.addRow([total.name, total.quantity, total.orders]);
  }
  sheet.getRow(1).font = { bold: true };
  sheet.headerFooter.oddHeader = `${heading.zoneName} ${heading.date}`.replace(/&/g, '&&');
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
