import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrderDeliveryDate } from './order-delivery';

describe('OrderDeliveryDate', () => {
  it('promises the day of an order on its way', () => {
    render(<OrderDeliveryDate order={{ status: 'Pendiente', delivery_date: '2026-11-27', credit_hold: null }} />);
    expect(screen.getByTestId('order-delivery-date')).toHaveTextContent(/^Entrega prevista: viernes 27\/11$/);
  });

  it('promises no day while the credit check holds the order, nor for a closed one', () => {
    const { rerender } = render(<OrderDeliveryDate order={{ status: 'Pendiente', delivery_date: '2026-11-27', credit_hold: 'pending' }} />);
    expect(screen.queryByTestId('order-delivery-date')).not.toBeInTheDocument();
    rerender(<OrderDeliveryDate order={{ status: 'Cancelado', delivery_date: '2026-11-27', credit_hold: 'rejected' }} />);
    expect(screen.queryByTestId('order-delivery-date')).not.toBeInTheDocument();
    rerender(<OrderDeliveryDate order={{ status: 'Pendiente', delivery_date: '2026-11-27', credit_hold: 'released' }} />);
    expect(screen.getByTestId('order-delivery-date')).toBeInTheDocument();
  });
});
