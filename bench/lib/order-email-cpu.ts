import { orderItemsIva, toOrderIva } from '@mayorista/core/iva';
import type { Order, OrderItem } from '@mayorista/core/schemas/order';
import { composeMail } from '../../apps/server/src/lib/mailer';
import { renderOrderPdf } from '../../apps/server/src/modules/orders/orders.pdf';
import { ownCpuMs } from './processes';

/** A 5-line order like the orders phase places, with its IVA breakdown, for a Consumidor Final. */
function benchOrder(): Order {
  const items: OrderItem[] = Array.from({ length: 5 }, (_, i) => ({
    product_id: `00000000-0000-4000-8000-00000000000${i}`,
    name: `Producto de prueba número ${i} — presentación de 1 kg`,
    quantity: 1 + i,
    price: 123456,
    total: 123456 * (1 + i),
    discounts: { base_price: 123456, savings: 0, applied: 'none', tier: null },
    iva_rate: 21,
  }));
  const total = items.reduce((sum, item) => sum + item.total, 0);
  const now = new Date().toISOString();
  return {
    id: '0b0b6f2e-3f1b-4c1a-9a55-2b8f7f1c9d01',
    user_id: '00000000-0000-4000-8000-000000000001',
    user_info: { nombre: 'Juan', apellido: 'Pérez', email: 'juan@example.com', dni: '30111222', iva_condition: 'consumidor_final' },
    items,
    total,
    total_savings: 0,
    iva: toOrderIva(orderItemsIva(items, true)),
    status: 'Pendiente',
    observaciones: '',
    canjeado_con_puntos: false,
    created_at: now,
    updated_at: now,
  };
}

/**
 * CPU milliseconds per order e-mail as the outbox thread builds it: the order PDF and the MIME
 * message with it attached (decision 027). In this process, median of three runs of `count`.
 */
export async function measureOrderEmailCpu(count: number): Promise<{ pdfCpuMs: number; mimeCpuMs: number; totalCpuMs: number }> {
  const order = benchOrder();
  const pdf = await renderOrderPdf(order, 'Catálogo Mayorista');
  const message = {
    to: order.user_info.email,
    subject: 'Catálogo Mayorista: recibimos tu pedido #0b0b6f2e',
    text: 'Hola Juan,\n\nRecibimos tu pedido.\n'.repeat(8),
    html: '<p>Hola <b>Juan</b>, recibimos tu pedido.</p>'.repeat(8),
    messageId: '<outbox-1@localhost>',
    attachments: [{ filename: 'pedido-0b0b6f2e.pdf', content: pdf, contentType: 'application/pdf' }],
  };
  const cpuMsPerCall = async (work: () => Promise<unknown>) => {
    for (let i = 0; i < 30; i++) await work();
    const runs: number[] = [];
    for (let run = 0; run < 3; run++) {
      const before = ownCpuMs();
      for (let i = 0; i < count; i++) await work();
      runs.push((ownCpuMs() - before) / count);
    }
    return runs.sort((a, b) => a - b)[1]!;
  };
  const pdfCpuMs = await cpuMsPerCall(() => renderOrderPdf(order, 'Catálogo Mayorista'));
  const mimeCpuMs = await cpuMsPerCall(() => composeMail('Catálogo Mayorista <no-responder@localhost>', message));
  const two = (n: number) => Number(n.toFixed(2));
  return { pdfCpuMs: two(pdfCpuMs), mimeCpuMs: two(mimeCpuMs), totalCpuMs: two(pdfCpuMs + mimeCpuMs) };
}
