import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast } from '../../../components/ui/toast-store';
import { testOrder } from './test-order';
import { CreditHoldActions } from './credit-hold-actions';

const held = testOrder({ credit_hold: 'pending' });
const REFUSED = 'El pedido ya no está retenido.';
const confirmName = '¿Liberar el pedido #11111111?';

/** The release POST answers when the test says: `answer(status, body)`. */
let answer: (status: number, body: unknown) => void;
beforeEach(() => {
  dismissToast();
  vi.spyOn(globalThis, 'fetch').mockImplementation(
    () =>
      new Promise<Response>((resolve) => {
        answer = (status, body) => resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
      }),
  );
});
afterEach(() => vi.restoreAllMocks());

const renderHold = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <CreditHoldActions order={held} />
    </QueryClientProvider>,
  );

async function releaseAndConfirm() {
  await userEvent.click(screen.getByRole('button', { name: 'Liberar' }));
  const confirm = await screen.findByRole('dialog', { name: confirmName });
  await userEvent.click(within(confirm).getByRole('button', { name: 'Liberar pedido' }));
  await waitFor(() => expect(fetch).toHaveBeenCalled());
  return confirm;
}

describe('CreditHoldActions: confirming "Liberar"', () => {
  it('a refused release is read in the dialog; "Liberar" again opens it without that old message', async () => {
    renderHold();
    const confirm = await releaseAndConfirm();
    answer(409, { code: 'conflict', message: REFUSED });
    expect(await within(confirm).findByRole('alert')).toHaveTextContent(REFUSED);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Liberar' })).toHaveFocus());

    await userEvent.click(screen.getByRole('button', { name: 'Liberar' }));
    const again = await screen.findByRole('dialog', { name: confirmName });
    expect(within(again).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(again).getByRole('button', { name: 'Cancelar' })).toHaveFocus();
  });

  it('stays open while the release is on its way (Escape and Cancelar do nothing), so a refusal is never lost', async () => {
    renderHold();
    const confirm = await releaseAndConfirm();
    expect(within(confirm).getByRole('button', { name: 'Liberando...' })).toBeDisabled();
    const cancel = within(confirm).getByRole('button', { name: 'Cancelar' });
    expect(cancel).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: confirmName })).toBeInTheDocument();

    answer(409, { code: 'conflict', message: REFUSED });
    expect(await within(confirm).findByRole('alert')).toHaveTextContent(REFUSED);
    // Answered: the admin can leave, and the keyboard goes back to "Liberar", enabled again.
    expect(cancel).toBeEnabled();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const release = screen.getByRole('button', { name: 'Liberar' });
    expect(release).toBeEnabled();
    await waitFor(() => expect(release).toHaveFocus());
  });
});
