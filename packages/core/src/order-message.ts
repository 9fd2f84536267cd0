import { orderNumber } from './constants';
import { formatMoney, type Centavos } from './money';
import { normalizeArPhone } from './business';
import { businessDetails, type BusinessSnapshot } from './order-customer';
import { orderDeliveryText } from './deliveries';

export interface OrderMessageItem {
  name: string;
  quantity: number;
  /** Line total in centavos. */
  total: Centavos;
}

export interface OrderMessageInput {
  orderId: string;
  /** With the business data the order snapshotted (the business-identity work, decisions 017–019), when it has any. */
  customer: { nombre: string; apellido: string; email: string } & BusinessSnapshot;
  items: OrderMessageItem[];
  observaciones: string | null | undefined;
  canjeadoConPuntos: boolean;
  totalSavings: Centavos;
  total: Centavos;
  /** The business-identity work (decisions 017–019): net and IVA per rate above the total (core/iva.ts ivaSummaryRows); none for orders without IVA. */
  ivaRows?: { label: string; amount: Centavos }[];
  /** Repartos (decision 049): the promised delivery date, `AAAA-MM-DD`; absent or null for a customer without a zone. */
  deliveryDate?: string | null;
}

export const ORDER_MESSAGE_NO_NOTES = 'Ninguna';
export const ORDER_MESSAGE_POINTS_FLAG = 'CANJEADO CON PUNTOS';

/** Collapses line breaks so a customer's text cannot fake extra lines (e.g. a second "Total:") in the message. */
function singleLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}

/**
 * The WhatsApp text sent to the business for a new order, with exactly what the API calls (docs/api.md) lists:
 * order number (first 8 characters of the id), customer name and e-mail, one line per item with
 * quantity and line total, the notes or 'Ninguna', the points flag when it applies, the total
 * savings and the total in es-AR ARS. `*…*` is WhatsApp's bold.
 */
export function buildOrderMessage(input: OrderMessageInput): string {
  const notes = singleLine(input.observaciones ?? '');
  const customerName = singleLine(`${input.customer.nombre} ${input.customer.apellido}`);
  const lines = [
    `*Nuevo pedido #${orderNumber(input.orderId)}*`,
    '',
    `*Cliente:* ${customerName}`,
    `*Email:* ${singleLine(input.customer.email)}`,
    // The business-identity work (decisions 017–019): razón social, CUIT, IVA condition, phone and delivery address, as on the PDF.
    ...businessDetails(input.customer).map((d) => `*${d.label}:* ${singleLine(d.value)}`),
    '',
    '*Productos:*',
    ...input.items.map((item) => `- ${item.quantity} x ${singleLine(item.name)}: ${formatMoney(item.total)}`),
    '',
    `*Observaciones:* ${notes || ORDER_MESSAGE_NO_NOTES}`,
  ];
  const delivery = orderDeliveryText(input.deliveryDate);
  if (delivery) lines.push(`*${delivery}*`);
  if (input.canjeadoConPuntos) lines.push(`*${ORDER_MESSAGE_POINTS_FLAG}*`);
  lines.push(`*Ahorro total:* ${formatMoney(input.totalSavings)}`);
  for (const row of input.ivaRows ?? []) lines.push(`*${row.label}:* ${formatMoney(row.amount)}`);
  lines.push(`*Total:* ${formatMoney(input.total)}`);
  return lines.join('\n');
}

/**
 * The order-life work (decision 014): "Avisar por WhatsApp" from the admin's order view. The customer's phone comes from
 * the order (the business-identity work, decisions 017–019); the admin may type another in any Argentine form. One rule for every
 * phone in the product: core/business.ts. Without a number the link lets the admin choose the chat.
 */
export const normalizeArgentinePhone = normalizeArPhone;

export function statusWhatsappUrl(phone: string | null, text: string): string {
  return `https://wa.me/${phone ?? ''}?text=${encodeURIComponent(text)}`;
}
