import { describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import type { DeliveryStop } from '@mayorista/core/schemas/deliveries';
import type { AccountMovement } from '@mayorista/core/schemas/receivables';
import { renderLoadSheetPdf, renderRouteSheetPdf } from '../src/modules/deliveries/deliveries.documents';
import { renderStatementPdf } from '../src/modules/receivables/receivables.pdf';

// Long documents printed and handed around (the driver's route, the truck's load, a customer's
// statement): every page after the first says what it continues and carries the column headings.

async function pagesOf(pdf: Buffer): Promise<string[]> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: false });
  return text.map((page) => page.trimStart());
}

const heading = { zoneName: 'Zona Norte', date: '2026-11-27', catalogName: 'Mayorista' };

function stops(count: number): DeliveryStop[] {
  return Array.from({ length: count }, (_, i) => ({
    order_id: `0000${String(i).padStart(4, '0')}-0000-4000-8000-000000000000`,
    customer_id: `c${i}`,
    customer_name: `Cliente ${i}`,
    razon_social: `Almacén ${i} SRL`,
    address: `Calle ${i} 123, Vicente López`,
    whatsapp: '5491155551234',
    delivery_notes: i % 3 === 0 ? 'Tocar timbre' : null,
    status: 'Preparado',
    stop: i + 1,
    bultos: 3,
    weight_grams: 1500,
    total: 1_234_500,
    to_collect: i % 2 === 0 ? 1_234_500 : 0,
    lines: [{ product_id: `p${i}`, name: `Producto ${i}`, quantity: 3 }],
  }));
}

describe('further pages of long documents', () => {
  it('route sheet: zone, day and the columns (Cobrado, Firma) on every page', async () => {
    const pages = await pagesOf(await renderRouteSheetPdf(heading, stops(60)));
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect(pages[0]).not.toContain('(continuación)');
    for (const page of pages.slice(1)) {
      expect(page).toMatch(/^Zona Norte · [^\n]+ \(continuación\)/);
      expect(page).toContain('Cobrado');
      expect(page).toContain('Firma');
    }
  });

  it('load sheet: zone, day and the columns on every page', async () => {
    const pages = await pagesOf(await renderLoadSheetPdf(heading, stops(120)));
    expect(pages.length).toBeGreaterThanOrEqual(2);
    for (const page of pages.slice(1)) expect(page).toMatch(/^Zona Norte · [^\n]+ \(continuación\)\s+Producto\s+Cantidad\s+Pedidos/);
  });

  it('statement: the columns again at the top of every page', async () => {
    const movements: AccountMovement[] = Array.from({ length: 150 }, (_, i) => ({
      id: i + 1,
      date: '2026-11-02',
      kind: 'charge',
      amount: 10_000,
      balance: 10_000 * (i + 1),
      due_date: '2026-12-02',
      order_id: null,
      payment_id: null,
      receipt_number: null,
      payment_method: null,
      actor_name: null,
      // Every other movement with a reason of its own lines, so some page starts with one.
      reason: i % 2 === 0 ? 'Devolución de mercadería dañada en el reparto del martes, con nota del repartidor y firma del cliente en el remito' : null,
      created_at: '2026-11-02T12:00:00.000Z',
      reversed_on: null,
    }));
    const pdf = await renderStatementPdf(
      { holder: { name: 'Juan Pérez', email: 'juan@example.com', razon_social: null, cuit: null }, from: '2026-11-01', to: '2026-11-30', opening: 0, movements, overdue: 0, pendingCheques: 0 },
      'Mayorista',
    );
    const pages = await pagesOf(pdf);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    for (const page of pages.slice(1)) expect(page).toMatch(/^Fecha\s+Concepto\s+Vence\s+Importe\s+Saldo/);
  });
});
