import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ReceivablesRow } from '../api/receivables-api';
import { ReceivableRow } from './receivable-row';

const row = (pending_cheques: number): ReceivablesRow => ({
  customer_id: 'u-1',
  name: 'Almacén Don Tito SRL',
  email: 'almacen.norte@example.com',
  whatsapp: null,
  balance: 2_050_000,
  overdue: 0,
  credit_limit: 10_000_000,
  payment_terms_days: 30,
  aging: { al_dia: 5_496_544, d1_30: 0, d31_60: 0, d61_90: 0, over_90: 0 },
  pending_cheques,
  oldest_due_date: '2026-12-26',
});

const renderRow = (r: ReceivablesRow) =>
  render(
    <MemoryRouter>
      <ul>
        <ReceivableRow row={r} />
      </ul>
    </MemoryRouter>,
  );

describe('a customer of the aging list with a post-dated cheque', () => {
  it('shows "Cheques a cobrar", the difference between the buckets and the balance', () => {
    renderRow(row(3_446_544));
    const cheques = screen.getByText('Cheques a cobrar').parentElement!;
    expect(cheques).toHaveTextContent(/\$\s34\.465,44/);
    expect(cheques).toBeVisible();
  });

  it('keeps the column on a wide screen but hides the empty figure on a phone', () => {
    renderRow(row(0));
    expect(screen.getByText('Cheques a cobrar').closest('dl')).toHaveClass('hidden', 'lg:contents');
  });
});
