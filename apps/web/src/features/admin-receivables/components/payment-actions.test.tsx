import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AccountMovement } from '../../../lib/receivables/types';
import { PaymentActions } from './payment-actions';

/** The ledger's reverse button names what it does: "Cheque rechazado" only on a cheque, "Revertir cobranza" on the rest. */
const payment = (payment_method: AccountMovement['payment_method'], receipt_number: number): AccountMovement => ({
  id: receipt_number,
  date: '2026-11-26',
  kind: 'payment',
  amount: -48_000,
  balance: 0,
  due_date: null,
  order_id: null,
  payment_id: 100 + receipt_number,
  receipt_number,
  payment_method,
  actor_name: 'Juan Vendedor',
  reason: null,
  created_at: '2026-11-26T13:00:00Z',
  reversed_on: null,
});

describe('the ledger row of a payment', () => {
  it.each(['cash', 'transfer', 'mercado_pago', 'other'] as const)('offers "Revertir cobranza" on a %s payment, with the same words heard', async (method) => {
    const onReverse = vi.fn();
    const movement = payment(method, 12);
    render(<PaymentActions movement={movement} reversed={false} onReverse={onReverse} />);
    const button = screen.getByRole('button', { name: 'Revertir cobranza: recibo N° 0001-00000012' });
    expect(button).toHaveTextContent(/^Revertir cobranza$/);
    expect(screen.queryByText(/cheque/i)).toBeNull();
    await userEvent.setup().click(button);
    expect(onReverse).toHaveBeenCalledWith(movement);
  });

  it('offers "Cheque rechazado" on a cheque', () => {
    render(<PaymentActions movement={payment('cheque', 13)} reversed={false} onReverse={() => undefined} />);
    const button = screen.getByRole('button', { name: 'Cheque rechazado: recibo N° 0001-00000013' });
    expect(button).toHaveTextContent(/^Cheque rechazado$/);
    expect(screen.queryByRole('button', { name: /Revertir cobranza/ })).toBeNull();
  });

  it('offers no second reversal of a reversed payment', () => {
    render(<PaymentActions movement={payment('cash', 14)} reversed onReverse={() => undefined} />);
    expect(screen.queryByRole('button', { name: /Revertir|Cheque/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Descargar recibo N° 0001-00000014' })).toBeInTheDocument();
  });
});
