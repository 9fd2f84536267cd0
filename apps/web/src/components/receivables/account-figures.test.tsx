import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AccountMovement, AccountSummary as Summary } from '../../lib/receivables/types';
import { AccountSummary } from './account-summary';
import { MovementItem } from './movement-item';
import { accountSummary } from '../../test/account-fixtures';

const payment = (reversed_on: string | null): AccountMovement => ({
  id: 7,
  date: '2026-11-26',
  kind: 'payment',
  amount: -2_000_000,
  balance: 5_496_544,
  due_date: null,
  order_id: null,
  payment_id: 3,
  receipt_number: 2,
  payment_method: 'transfer',
  actor_name: 'Administrador',
  reason: null,
  created_at: '2026-11-26T20:05:00Z',
  reversed_on,
});

const account = (pending_cheques: number): Summary =>
  accountSummary({
    balance: 2_050_000,
    credit_limit: 10_000_000,
    available_credit: 7_950_000,
    next_due: { date: '2026-12-26', amount: 2_050_000 },
    pending_cheques,
  });

describe('a reversed payment in the movements', () => {
  it('says "Revertido" with the reversal day; a standing payment does not', () => {
    const { unmount } = render(
      <ul>
        <MovementItem movement={payment('2026-12-02')} />
      </ul>,
    );
    expect(screen.getByRole('listitem')).toHaveTextContent('Revertido el 02/12/2026');
    unmount();
    render(
      <ul>
        <MovementItem movement={payment(null)} />
      </ul>,
    );
    expect(screen.getByRole('listitem')).not.toHaveTextContent('Revertido');
  });

  it('the reversal row names the receipt it undoes', () => {
    render(
      <ul>
        <MovementItem movement={{ ...payment(null), kind: 'reversal', amount: 2_000_000, reason: 'Cheque rechazado' }} />
      </ul>,
    );
    expect(screen.getByRole('listitem')).toHaveTextContent('Revierte el recibo N° 0001-00000002');
  });
});

describe('the account summary with a post-dated cheque in the drawer', () => {
  it('names "Cheques a cobrar" and says how it counts; without cheques there is no such figure', () => {
    const { unmount } = render(<AccountSummary account={account(3_446_544)} />);
    const cheques = screen.getByTestId('account-pending-cheques');
    expect(within(cheques).getByText('Cheques a cobrar')).toBeInTheDocument();
    expect(cheques).toHaveTextContent(/\$\s34\.465,44/);
    expect(cheques).toHaveTextContent('Ya restados del saldo');
    unmount();
    render(<AccountSummary account={account(0)} />);
    expect(screen.queryByTestId('account-pending-cheques')).toBeNull();
  });
});
