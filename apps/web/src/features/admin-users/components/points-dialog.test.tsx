import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminUsers as text } from '@mayorista/core/messages/adminUsers';
import type { AdminUser } from '../api/admin-users-api';
import { PointsDialog } from './points-dialog';

/** "Ajustar puntos" (jsdom, fetch stubbed at the network): the reason is required and wired to its box. */
const user = { id: 'u-1', saldo_puntos: 12_345 } as AdminUser;
let bodies: unknown[];
beforeEach(() => {
  bodies = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init = {}) => {
    bodies.push(JSON.parse(String(init.body)));
    return new Response(JSON.stringify({ ...user, saldo_puntos: 50_000 }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => vi.restoreAllMocks());

describe('PointsDialog', () => {
  it('a reason shorter than 3 characters is refused on its box and nothing is sent; with one, the balance in centavos and the reason go', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PointsDialog user={user} displayName="Ana Pérez" />
      </QueryClientProvider>,
    );
    const person = userEvent.setup();
    await person.click(screen.getByRole('button', { name: text.adjustPoints }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByLabelText(text.newBalanceLabel)).toHaveValue('123,45');
    const reason = within(dialog).getByLabelText(text.reasonLabel);
    await person.type(reason, 'ab');
    await person.click(within(dialog).getByRole('button', { name: text.save }));
    expect(within(dialog).getByText(text.reasonRequired)).toBeInTheDocument();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveAccessibleDescription(text.reasonRequired);
    expect(bodies).toHaveLength(0);

    await person.clear(within(dialog).getByLabelText(text.newBalanceLabel));
    await person.type(within(dialog).getByLabelText(text.newBalanceLabel), '500');
    await person.type(reason, 'c canje devuelto');
    await person.click(within(dialog).getByRole('button', { name: text.save }));
    await vi.waitFor(() => expect(bodies).toEqual([{ saldo_puntos: 50_000, reason: 'abc canje devuelto' }]));
  });
});
