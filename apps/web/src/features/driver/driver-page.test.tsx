import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '@mayorista/core/money';
import { jsonResponse } from '../../test/auth-fixtures';
import { finishedStop } from '../../test/delivery-fixtures';
import { renderWithAuth } from '../../test/render-with-auth';
import DriverPage from './driver-page';

// The driver's day (decision 066): pending stops keep the route sheet's numbers, finished ones stay
// below with their result, and the day's summary says what to hand in.

const money = (centavos: number) => formatMoney(centavos).replace(/\s/g, ' ');
const text = (el: HTMLElement) => el.textContent?.replace(/\s/g, ' ');

afterEach(() => vi.restoreAllMocks());

const base = { customer_id: 'c', razon_social: null, address: 'Av. Rivadavia 100', zone_name: 'Zona Norte' };
const pending = {
  ...base,
  order_id: '33333333-0000-4000-8000-000000000003',
  customer_name: 'Almacén Tres',
  whatsapp: null,
  delivery_notes: null,
  status: 'Confirmado',
  stop: 3,
  bultos: 2,
  weight_grams: null,
  total: 200_00,
  to_collect: 0,
  lines: [],
};
// The finished stops: the owner's Repartos' fixture, at the pending stop's address and with the driver's zone.
const finished = (overrides: Parameters<typeof finishedStop>[0]) => ({ ...finishedStop({ address: base.address, ...overrides }), zone_name: base.zone_name });
const delivered = finished({ collected: { amount: 2_000_00, method: 'cash' } });
const refused = finished({
  order_id: '22222222-0000-4000-8000-000000000002',
  customer_name: 'Despensa Dos',
  stop: 2,
  total: 100_00,
  outcome: 'not_delivered',
  reason: 'rechazado',
  note: 'No lo pidió',
  rescheduled_to: '2026-11-30',
});
const cheque = {
  ...delivered,
  order_id: '44444444-0000-4000-8000-000000000004',
  stop: 4,
  collected: { amount: 500_00, method: 'cheque' },
};

function renderDriver(answer: { stops: unknown[]; done: unknown[] }) {
  return renderWithAuth({
    routes: [{ path: '/repartidor', element: <DriverPage /> }],
    path: '/repartidor',
    profile: { approved: true },
    routesOverride: { 'GET /api/driver/stops': () => jsonResponse(200, { date: '2026-11-26', ...answer }) },
  });
}

describe('the driver’s day', () => {
  it('keeps the route sheet’s number on the pending stop and lists the finished ones below, with the day to hand in', async () => {
    renderDriver({ stops: [pending], done: [delivered, refused, cheque] });
    const [card] = await screen.findAllByTestId('driver-stop');
    expect(card).toHaveTextContent('Parada 3');
    const finished = screen.getAllByTestId('driver-finished-stop');
    expect(finished.map((li) => within(li).getByTestId('driver-finished-result').textContent?.replace(/\s/g, ' '))).toEqual([
      `Entregado · Cobrado ${money(2_000_00)} (efectivo)`,
      'No entregado · Rechazado · Pasa al lunes 30/11',
      `Entregado · Cobrado ${money(500_00)} (cheque)`,
    ]);
    expect(finished[0]).toHaveTextContent('Parada 1');
    expect(finished[1]).toHaveTextContent('No lo pidió');
    const summary = screen.getByTestId('driver-day-summary');
    expect(text(summary)).toContain('Entregados2');
    expect(text(summary)).toContain('No entregados1');
    expect(text(summary)).toContain(`Efectivo a rendir${money(2_000_00)}`);
    expect(text(summary)).toContain(`Cheques a rendir1 cheque por ${money(500_00)}`);
    // Pending stops come first, then the summary and the finished stops.
    expect(card!.compareDocumentPosition(summary) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('a finished day says so instead of "No tenés paradas para hoy."', async () => {
    renderDriver({ stops: [], done: [delivered] });
    expect(await screen.findByTestId('driver-no-stops')).toHaveTextContent(
      'Terminaste las paradas de hoy. Abajo está el resumen para rendir.',
    );
    expect(screen.getByTestId('driver-day-summary')).toBeInTheDocument();
  });

  it('a day without work keeps its text and shows no summary', async () => {
    renderDriver({ stops: [], done: [] });
    expect(await screen.findByTestId('driver-no-stops')).toHaveTextContent('No tenés paradas para hoy.');
    expect(screen.queryByTestId('driver-day-summary')).toBeNull();
  });
});
