import { formatArPhone, formatCuit, formatDeliveryAddress, isIvaCondition, IVA_CONDITION_LABELS, messages, orderNumber } from '@mayorista/core';
import type { Order } from '@mayorista/core/schemas/order';
import { IVA_RATES, ivaRateLabel } from '@mayorista/core/iva';
import { formatDocumentDateTime } from '@mayorista/core/money';
import { iva as ivaTexts } from '@mayorista/core/messages/iva';
import { neutraliseFormula } from '@mayorista/core/spreadsheet-text';
import { CSV_SEPARATOR, formatCsvAmount } from '../../lib/csv';

const BOM = '\uFEFF';
const LINE_END = '\r\n';


/**
 * Quotes every cell (doubling inner quotes), so separators and line breaks inside never split it,
 * and neutralises formulas: a customer controls their name and the order notes.
 */
export function csvCell(value: string): string {
  return `"${neutraliseFormula(value).replace(/"/g, '""')}"`;
}

const ivaConditionLabel = (value: string | null | undefined) => (isIvaCondition(value) ? IVA_CONDITION_LABELS[value] : (value ?? ''));

/** Decision 019: the order's breakdown, appended after the existing columns (empty for orders from before IVA). */
const TAXED_RATES = IVA_RATES.filter((rate) => rate !== 0);
const IVA_HEADERS = [ivaTexts.csvNet, ...TAXED_RATES.map((rate) => ivaTexts.csvIva(ivaRateLabel(rate))), ivaTexts.csvIvaTotal];

function ivaCells(order: Order): string[] {
  const { iva } = order;
  if (!iva) return IVA_HEADERS.map(() => '');
  const ofRate = (rate: number) => iva.groups.find((g) => g.rate === rate)?.iva ?? 0;
  return [formatCsvAmount(iva.net), ...TAXED_RATES.map((rate) => formatCsvAmount(ofRate(rate))), formatCsvAmount(iva.iva)];
}

function orderRow(order: Order): string[] {
  const { yes, no } = { yes: messages.adminOrders.paidWithPointsYes, no: messages.adminOrders.paidWithPointsNo };
  return [
    orderNumber(order.id),
    formatDocumentDateTime(order.created_at),
    order.status,
    order.user_info.nombre,
    order.user_info.apellido,
    order.user_info.email,
    order.user_info.dni,
    // The business-identity work (decisions 017–019): the business snapshot; empty cells on orders from before it.
    order.user_info.razon_social ?? '',
    order.user_info.cuit ? formatCuit(order.user_info.cuit) : '',
    ivaConditionLabel(order.user_info.iva_condition),
    order.user_info.whatsapp ? formatArPhone(order.user_info.whatsapp) : '',
    formatDeliveryAddress(order.user_info) ?? '',
    order.items.map((item) => `${item.quantity} x ${item.name}`).join(', '),
    formatCsvAmount(order.total),
    formatCsvAmount(order.total_savings),
    order.canjeado_con_puntos ? yes : no,
    order.observaciones,
    ...ivaCells(order),
  ];
}

export function ordersToCsv(orders: Order[]): string {
  const lines = [[...messages.adminOrders.csvHeaders, ...IVA_HEADERS], ...orders.map(orderRow)].map((cells) => cells.map(csvCell).join(CSV_SEPARATOR));
  return BOM + lines.join(LINE_END) + LINE_END;
}
