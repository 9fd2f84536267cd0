import { APP_LINKS } from '@mayorista/core/app-links';
import { messages } from '@mayorista/core/messages';
import { formatMoney } from '@mayorista/core/money';
import { orderNumber, type OrderStatus } from '@mayorista/core/constants';
import type { Order } from '@mayorista/core/schemas/order';
import type { OutboxKind } from '@mayorista/core/schemas/order-life';
import type { Settings } from '@mayorista/core/schemas/settings';
import type pg from 'pg';
import type { MailMessage } from '../../lib/mailer';
import { escapeHtml } from '../../lib/html';
import { findOrder, toOrder } from './orders.repository';
import { renderOrderPdf } from './orders.pdf';
import type { BusinessIdentity } from '@mayorista/core/schemas/settings';
import { formatDeliveryDay, orderDeliveryText, promisedDeliveryText } from '@mayorista/core/deliveries';
import { ivaLineView, ivaSummaryRows, showsIvaItemised, storedOrderIva } from '@mayorista/core/iva';

const text = messages.orderLife.emails;
const deliveryTexts = messages.deliveries;

/** What happened to an order, as far as e-mail is concerned. */
export type OrderEmailEvent =
  | { kind: 'placed' }
  | { kind: 'status_changed'; status: OrderStatus; /** Delivered with fewer units than ordered: the e-mail shows what was delivered. */ partial?: boolean }
  | { kind: 'edited'; reason: string }
  | { kind: 'customer_cancelled' }
  /** Repartos: the order's delivery date changed (the admin moved it; the driver could not deliver it: `notDelivered`). */
  | { kind: 'delivery_moved'; date: string; previous: string | null; notDelivered?: boolean };

/** The statuses the customer is told about by e-mail (the order-life work, decision 014). */
const ANNOUNCED_STATUSES: readonly OrderStatus[] = ['Confirmado', 'Preparado', 'Entregado', 'Cancelado', 'Rechazado'];

/** An e-mail about an order, as the outbox queues it (the outbox module's OrderEmail). */
export interface OrderEmail {
  kind: OutboxKind;
  recipient: string;
  orderId: string;
  data: Record<string, unknown>;
}

/** A queued e-mail as the outbox worker hands it over to be rendered (the outbox module's QueuedOrderEmail). */
export interface QueuedOrderEmail {
  id: number;
  kind: OutboxKind;
  recipient: string;
  orderId: string | null;
  data: Record<string, unknown>;
  attempts?: number;
}

/** Which e-mails an event produces under the settings' switches and recipients. Pure. */
export function emailsForEvent(settings: Settings, order: { id: string; customerEmail: string }, event: OrderEmailEvent): OrderEmail[] {
  const toCustomer = (kind: OrderEmail['kind'], data: Record<string, unknown> = {}): OrderEmail => ({
    kind,
    recipient: order.customerEmail,
    orderId: order.id,
    data,
  });
  const toAdmins = (kind: OrderEmail['kind']): OrderEmail[] =>
    settings.admin_email_recipients.map((recipient) => ({ kind, recipient, orderId: order.id, data: {} }));
  switch (event.kind) {
    case 'placed':
      return [
        ...(settings.email_customer_order_placed ? [toCustomer('order_placed')] : []),
        ...(settings.email_admin_new_order ? toAdmins('admin_new_order') : []),
      ];
    case 'status_changed':
      return settings.email_customer_status_changed && ANNOUNCED_STATUSES.includes(event.status)
        ? [toCustomer('status_changed', { status: event.status, ...(event.partial ? { partial: true } : {}) })]
        : [];
    case 'edited':
      return settings.email_customer_order_edited ? [toCustomer('order_edited', { reason: event.reason })] : [];
    case 'customer_cancelled':
      return [
        ...(settings.email_customer_status_changed ? [toCustomer('status_changed', { status: 'Cancelado' })] : []),
        ...(settings.email_admin_order_cancelled ? toAdmins('admin_order_cancelled') : []),
      ];
    // The order's progress, like Entregado: under the same switch, as a status_changed row that
    // carries the new date (the outbox's kinds are a database check; decision 065).
    case 'delivery_moved':
      return settings.email_customer_status_changed
        ? [toCustomer('status_changed', { delivery_date: event.date, previous_date: event.previous, ...(event.notDelivered ? { not_delivered: true } : {}) })]
        : [];
  }
}

/** Statuses whose e-mail repeats the promised date ("pedido confirmado", "preparado"). */
const DATED_STATUSES: readonly string[] = ['Confirmado', 'Preparado'];

// ── Rendering, when the worker sends ─────────────────────────────────────────────────────────

/** What an order e-mail's text needs besides the order: the business's name and the app's address. */
export interface OrderMailConfig {
  catalogName: string;
  appUrl: string;
}

interface RenderConfig extends OrderMailConfig {
  pool: pg.Pool;
  /** The PDF renderer (renderOrderPdf unless a test passes another). */
  renderPdf?: (order: Order, catalogName: string) => Promise<Buffer>;
  /** Who issues the attached PDF (decision 082), read when it is rendered; null, the header as before. */
  issuer: () => Promise<BusinessIdentity | null>;
}

/**
 * Line totals and the IVA rows as the customer's documents show them (decision 019): net with IVA
 * per rate for a Responsable Inscripto, final prices and the IVA contained for everyone else.
 */
function ivaView(order: Order): { lineTotals: number[]; rows: { label: string; amount: number }[] } {
  const breakdown = storedOrderIva(order);
  if (!order.iva || !breakdown) return { lineTotals: order.items.map((item) => item.total), rows: [] };
  const itemised = showsIvaItemised(order.user_info.iva_condition);
  return {
    lineTotals: order.items.map((item, i) => ivaLineView(item.price, breakdown.lines[i]!, order.iva!.prices_include_iva, itemised).total),
    rows: ivaSummaryRows(order.iva, itemised),
  };
}

function summaryLines(order: Order): string[] {
  const { lineTotals, rows } = ivaView(order);
  const promised = promisedDeliveryText(order);
  return [
    ...order.items.map((item, i) => text.line(item.quantity, item.name, formatMoney(lineTotals[i]!))),
    '',
    ...(order.total_savings > 0 ? [text.savings(formatMoney(order.total_savings))] : []),
    ...rows.map((row) => `${row.label}: ${formatMoney(row.amount)}`),
    text.total(formatMoney(order.total)),
    ...(order.canjeado_con_puntos ? [text.paidWithPoints] : []),
    ...(order.observaciones.trim() ? [text.notes(order.observaciones.trim())] : []),
    // Repartos (decision 049): the promised delivery date, while the order is on its way to it.
    ...(promised ? [promised] : []),
  ];
}

function summaryHtml(order: Order): string {
  const { lineTotals } = ivaView(order);
  const rows = order.items
    .map(
      (item, i) =>
        `<tr><td style="padding: 4px 8px">${item.quantity} ×</td><td style="padding: 4px 8px">${escapeHtml(item.name)}</td>` +
        `<td style="padding: 4px 8px; text-align: right">${escapeHtml(formatMoney(lineTotals[i]!))}</td></tr>`,
    )
    .join('\n');
  const extra = summaryLines(order)
    .slice(order.items.length + 1)
    .map((line) => `<p style="margin: 4px 0">${escapeHtml(line)}</p>`)
    .join('\n');
  return `<table style="border-collapse: collapse">\n${rows}\n</table>\n${extra}`;
}

interface Composed {
  subject: string;
  intro: string;
  /** A line of its own under the intro ("Entrega prevista: viernes 27/11"). */
  note?: string | null;
  link: { label: string; href: string };
  withSummary: boolean;
}

const credit = messages.receivables;

/** The delivery date changed: the new day in the subject, why in the intro, without the summary. */
function composeMoved(data: Record<string, unknown>, number: string, config: OrderMailConfig, link: Composed['link']): Composed {
  const day = formatDeliveryDay(String(data.delivery_date));
  const previous = typeof data.previous_date === 'string' ? formatDeliveryDay(data.previous_date) : null;
  const intro =
    data.not_delivered === true && previous ? deliveryTexts.notDeliveredIntro(number, previous, day) : deliveryTexts.movedIntro(number, day, previous);
  return { subject: deliveryTexts.movedSubject(config.catalogName, number, day), intro, note: orderDeliveryText(String(data.delivery_date)), link, withSummary: false };
}

function compose(row: QueuedOrderEmail, order: Order, config: OrderMailConfig): Composed {
  const number = orderNumber(order.id);
  const customer = `${order.user_info.nombre} ${order.user_info.apellido}`.trim();
  const mine = { label: text.viewOrders, href: `${config.appUrl}${APP_LINKS.myOrders}` };
  const admin = { label: text.viewOrder, href: `${config.appUrl}${APP_LINKS.adminOrders}` };
  switch (row.kind) {
    case 'order_placed': {
      // Held by the credit check: the buyer learns it waits for the business, and that it has no day yet.
      const note = order.credit_hold === 'pending' ? credit.heldCustomer : null;
      return { subject: text.placedSubject(config.catalogName, number), intro: text.placedIntro(number), note, link: mine, withSummary: true };
    }
    case 'status_changed': {
      if (typeof row.data.delivery_date === 'string') return composeMoved(row.data, number, config, mine);
      const status = String(row.data.status ?? order.status);
      // A partial delivery (the driver's): one e-mail, Entregado, with the quantities delivered.
      if (row.data.partial === true) {
        return { subject: text.statusSubject(config.catalogName, number, status), intro: deliveryTexts.partialDeliveredIntro(number), link: mine, withSummary: true };
      }
      // "Pedido confirmado" (and preparado) repeat the promised date, as the order has it now.
      const promised = DATED_STATUSES.includes(status) ? orderDeliveryText(order.delivery_date) : null;
      return { subject: text.statusSubject(config.catalogName, number, status), intro: text.statusText(status), note: promised, link: mine, withSummary: false };
    }
    case 'order_edited':
      return {
        subject: text.editedSubject(config.catalogName, number),
        intro: text.editedIntro(number, String(row.data.reason ?? '')),
        link: mine,
        withSummary: true,
      };
    // Repartos: on the morning of the delivery date, with what is coming.
    case 'delivery_today': {
      const day = formatDeliveryDay(String(row.data.delivery_date ?? order.delivery_date));
      return { subject: deliveryTexts.todaySubject(config.catalogName, number), intro: deliveryTexts.todayIntro(number, day), link: mine, withSummary: true };
    }
    case 'admin_new_order': {
      // Held by the credit check (decision 038): the admins learn it waits for them.
      const intro = order.credit_hold === 'pending' ? `${text.adminNewIntro(customer)} ${credit.heldAdmin(customer)}` : text.adminNewIntro(customer);
      return { subject: text.adminNewSubject(number, customer), intro, link: admin, withSummary: true };
    }
    case 'admin_order_cancelled':
      return { subject: text.adminCancelledSubject(number, customer), intro: text.adminCancelledIntro(customer), link: admin, withSummary: true };
    // The cuenta corriente (decision 038): an order held for credit, released or rejected by an admin.
    // Released: on its way again, so the e-mail says the day it now has.
    case 'credit_hold_released':
      return {
        subject: credit.holdReleasedSubject(config.catalogName, number),
        intro: credit.holdReleased(number),
        note: promisedDeliveryText(order),
        link: mine,
        withSummary: false,
      };
    case 'credit_hold_rejected':
      return {
        subject: credit.holdRejectedSubject(config.catalogName, number),
        intro: credit.holdRejected(number, String(row.data.reason ?? '')),
        link: mine,
        withSummary: true,
      };
    default:
      // The account's own e-mails (receipts, reminders) are rendered by the receivables module.
      throw new Error(`outbox ${row.id}: ${row.kind} no es un correo de pedido`);
  }
}

/**
 * The message of an outbox row about `order` (as it is now); the customer's first e-mail carries
 * the PDF. Pure but for the PDF.
 */
export async function buildOrderMail(
  row: QueuedOrderEmail,
  order: Order,
  config: OrderMailConfig,
  renderPdf: (order: Order, catalogName: string) => Promise<Buffer>,
): Promise<MailMessage> {
  const c = compose(row, order, config);
  const forCustomer = !row.kind.startsWith('admin_');
  const greeting = forCustomer ? messages.emails.greeting(order.user_info.nombre) : '';
  const textBody = [
    ...(greeting ? [greeting, ''] : []),
    c.intro,
    '',
    ...(c.note ? [c.note, ''] : []),
    ...(c.withSummary ? [...summaryLines(order), ''] : []),
    `${c.link.label}: ${c.link.href}`,
    '',
    `— ${config.catalogName}`,
  ].join('\n');
  const html = `<!doctype html>
<html lang="es"><body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">
${greeting ? `<p>${escapeHtml(greeting)}</p>\n` : ''}<p>${escapeHtml(c.intro)}</p>
${c.note ? `<p><strong>${escapeHtml(c.note)}</strong></p>\n` : ''}${c.withSummary ? `${summaryHtml(order)}\n` : ''}<p><a href="${escapeHtml(c.link.href)}" style="display: inline-block; padding: 10px 16px; background: #1d4ed8; color: #ffffff; text-decoration: none; border-radius: 6px">${escapeHtml(c.link.label)}</a></p>
<p>— ${escapeHtml(config.catalogName)}</p>
</body></html>`;
  const attachments =
    row.kind === 'order_placed'
      ? [{ filename: text.pdfName(orderNumber(order.id)), content: await renderPdf(order, config.catalogName), contentType: 'application/pdf' }]
      : undefined;
  return { to: row.recipient, subject: c.subject, text: textBody, html, ...(attachments ? { attachments } : {}) };
}

/** Builds the message of an outbox row from the order as it is now. */
export function createOrderEmailRenderer(config: RenderConfig) {
  return async (row: QueuedOrderEmail): Promise<MailMessage> => {
    const found = row.orderId ? await findOrder(config.pool, row.orderId) : null;
    if (!found) throw new Error(`outbox ${row.id}: el pedido ya no existe`);
    const order = toOrder(found);
    const render = config.renderPdf ?? (async (o: Order, name: string) => renderOrderPdf(o, name, await config.issuer()));
    return buildOrderMail(row, order, config, render);
  };
}
