import { orderNumber } from './constants';
import { formatMoney, type Centavos } from './money';

export interface OrderMessageItem {
  name: string;
  quantity: number;
  /** Line total in centavos. */
  total: Centavos;
}

export interface OrderMessageInput {
  orderId: string;
  customer: { nombre: string; apellido: string; email: string };
  items: OrderMessageItem[];
  observaciones: string | null | undefined;
  canjeadoConPuntos: boolean;
  totalSavings: Centavos;
  total: Centavos;
  /** Issue 16 item 6: net and IVA per rate above the total (core/iva.ts ivaSummaryRows); none for orders without IVA. */
  ivaRows?: { label: string; amount: Centavos }[];
}

export const ORDER_MESSAGE_NO_NOTES = 'Ninguna';
export const ORDER_MESSAGE_POINTS_FLAG = 'CANJEADO CON PUNTOS';

/** Collapses line breaks so a customer's text cannot fake extra lines (e.g. a second "Total:") in the message. */
function singleLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}

/**
 * The WhatsApp text sent to the business for a new order, with exactly what SPEC §7 lists:
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
    '',
    '*Productos:*',
    ...input.items.map((item) => `- ${item.quantity} x ${singleLine(item.name)}: ${formatMoney(item.total)}`),
    '',
    `*Observaciones:* ${notes || ORDER_MESSAGE_NO_NOTES}`,
  ];
  if (input.canjeadoConPuntos) lines.push(`*${ORDER_MESSAGE_POINTS_FLAG}*`);
  lines.push(`*Ahorro total:* ${formatMoney(input.totalSavings)}`);
  for (const row of input.ivaRows ?? []) lines.push(`*${row.label}:* ${formatMoney(row.amount)}`);
  lines.push(`*Total:* ${formatMoney(input.total)}`);
  return lines.join('\n');
}

/**
 * Issue 19 §2: "Avisar por WhatsApp" from the admin's order view. Profiles keep no phone number,
 * so the admin types it (any Argentine form: "11 2233-4455", "+54 9 11…", "011 15…"); without
 * one the link opens WhatsApp for the admin to choose the chat.
 */
export function normalizeArgentinePhone(input: string): string | null {
  let digits = input.replace(/\D/g, '');
  if (digits === '') return null;
  if (digits.startsWith('00')) digits = digits.slice(2);
  if (digits.startsWith('54')) digits = digits.slice(2);
  if (digits.startsWith('9')) digits = digits.slice(1);
  if (digits.startsWith('0')) digits = digits.slice(1);
  // The old mobile prefix "15" after a 2–4 digit area code is not dialled in international form.
  digits = digits.replace(/^(\d{2,4})15(\d{6,8})$/, (match, area: string, rest: string) => (area.length + rest.length === 10 ? area + rest : match));
  return digits.length === 10 ? `549${digits}` : null;
}

export function statusWhatsappUrl(phone: string | null, text: string): string {
  return `https://wa.me/${phone ?? ''}?text=${encodeURIComponent(text)}`;
}
