import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { receivables } from '../../lib/receivables/texts';
import type { PaymentBody } from '../../lib/receivables/payment-body';
import { PaymentDialog } from './payment-dialog';

const t = receivables.payment;

/** The shared dialog as the rep's phone opens it: no order picker, no PDF, and a payment kept on the device (decision 053). */
describe('the payment dialog sent to a route of the caller', () => {
  it("a rep's payment kept without signal says so, with no receipt number; the key is the dialog's", async () => {
    const sent: PaymentBody[] = [];
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PaymentDialog
          customer={{ name: 'Kiosco Norte', nombre: 'Ana', whatsapp: null }}
          balance={0}
          openLabel="Registrar cobro"
          queuedText="Quedó guardado en el teléfono."
          send={(body) => {
            sent.push(body);
            return Promise.resolve('queued');
          }}
        />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Registrar cobro' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).queryByText(t.ordersLegend)).toBeNull();
    await user.type(within(dialog).getByLabelText(t.amount), '1.500');
    await user.click(within(dialog).getByRole('button', { name: t.submit }));
    expect(await within(dialog).findByTestId('payment-queued')).toHaveTextContent('Quedó guardado en el teléfono.');
    expect(within(dialog).queryByTestId('payment-done')).toBeNull();
    expect(sent).toEqual([expect.objectContaining({ amount: 150_000, method: 'cash', idempotency_key: expect.any(String) })]);
  });
});
