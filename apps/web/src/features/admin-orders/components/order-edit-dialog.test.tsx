import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@mayorista/core/messages';
import { accountPages } from '@mayorista/core/messages/accountPages';
import { testOrder } from './test-order';
import { OrderEditDialog } from './order-edit-dialog';

const text = messages.orderLife.edit;
const order = testOrder({
  items: [
    {
      product_id: 'p-1',
      name: 'Yerba',
      quantity: 3,
      price: 250_000,
      total: 750_000,
      discounts: { base_price: 250_000, savings: 0, applied: 'none', tier: null },
    },
  ],
});

const calls: Array<{ url: string; body: unknown }> = [];
beforeEach(() => {
  calls.length = 0;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init = {}) => {
    calls.push({ url: String(input), body: init.body ? JSON.parse(String(init.body)) : undefined });
    return new Response(JSON.stringify({ ...order, items: [{ ...order.items[0], quantity: 12 }] }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => vi.restoreAllMocks());

const renderDialog = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <OrderEditDialog order={order} open onOpenChange={() => {}} />
    </QueryClientProvider>,
  );

describe('OrderEditDialog', () => {
  it('keeps only the digits typed in a quantity box, which asks for the numeric keyboard', async () => {
    const user = userEvent.setup();
    renderDialog();
    const box = screen.getByLabelText(text.quantityLabel('Yerba'));
    expect(box).toHaveAttribute('inputmode', 'numeric');
    expect(box).not.toHaveAttribute('type', 'number');
    await user.clear(box);
    await user.type(box, '1e2-');
    expect(box).toHaveValue('12');
  });

  it('a box and the reason are judged as they are left, and again as they are corrected', async () => {
    const user = userEvent.setup();
    renderDialog();
    const box = screen.getByLabelText(text.quantityLabel('Yerba'));
    await user.clear(box);
    await user.tab();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(text.quantityInvalid)).toBeInTheDocument();
    await user.type(box, '4');
    expect(box).not.toHaveAttribute('aria-invalid');
    const reason = screen.getByLabelText(text.reasonLabel);
    await user.type(reason, 'no');
    await user.tab();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    await user.type(reason, ' hay');
    expect(reason).not.toHaveAttribute('aria-invalid');
    expect(calls).toHaveLength(0);
  });

  it('an emptied box and a missing reason are refused: messages, summary, focus on the box; nothing is sent', async () => {
    const user = userEvent.setup();
    renderDialog();
    const box = screen.getByLabelText(text.quantityLabel('Yerba'));
    await user.clear(box);
    await user.click(screen.getByRole('button', { name: text.save }));
    expect(await screen.findByText(text.quantityInvalid)).toBeInTheDocument();
    expect(screen.getByText(text.reasonRequired)).toBeInTheDocument();
    expect(screen.getByTestId('form-summary')).toHaveTextContent(
      accountPages.fixSummary([text.quantityLabel('Yerba'), text.reasonLabel]),
    );
    await waitFor(() => expect(box).toHaveFocus());
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('sends the typed quantity as a number once everything is right', async () => {
    const user = userEvent.setup();
    renderDialog();
    const box = screen.getByLabelText(text.quantityLabel('Yerba'));
    await user.clear(box);
    await user.type(box, '12');
    await user.type(screen.getByLabelText(text.reasonLabel), 'Sin stock');
    await user.click(screen.getByRole('button', { name: text.save }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toMatchObject({ lines: [{ product_id: 'p-1', quantity: 12 }], reason: 'Sin stock' });
  });
});
