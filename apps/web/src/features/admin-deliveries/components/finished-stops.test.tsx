import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '@mayorista/core/money';
import { finishedStop } from '../../../test/delivery-fixtures';
import { FinishedStops } from './finished-stops';

// The owner's Repartos for a day already driven (decision 066): what was delivered, what was not
// and what was collected, numbered as on the route sheet.

const money = (centavos: number) => formatMoney(centavos).replace(/\s/g, ' ');
describe('FinishedStops', () => {
  it('lists each finished stop with its result and adds up what was collected', () => {
    render(
      <FinishedStops
        zoneId={1}
        done={[
          finishedStop({ collected: { amount: 2_000_00, method: 'cash' } }),
          finishedStop({
            order_id: '22222222-0000-4000-8000-000000000002',
            stop: 2,
            customer_name: 'Despensa Dos',
            outcome: 'not_delivered',
            reason: 'cerrado',
            rescheduled_to: '2026-11-30',
          }),
        ]}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Terminados en el día' })).toBeInTheDocument();
    expect(screen.getByTestId('delivery-finished-totals').textContent?.replace(/\s/g, ' ')).toBe(
      `1 entregado · 1 no entregado · Cobrado en efectivo ${money(2_000_00)}`,
    );
    const rows = screen.getAllByTestId('delivery-finished-stop').map((li) => li.textContent?.replace(/\s/g, ' '));
    expect(rows[0]).toContain(`Parada 1 · Kiosco Uno`);
    expect(rows[0]).toContain(`Entregado · Cobrado ${money(2_000_00)} (efectivo)`);
    expect(rows[1]).toContain('Parada 2 · Despensa Dos');
    expect(rows[1]).toContain('No entregado · Cerrado · Pasa al lunes 30/11');
  });
});
