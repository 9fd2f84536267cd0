import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@mayorista/core/messages';
import { dismissToast } from '../../../components/ui/toast-store';
import { jsonResponse } from '../../../test/auth-fixtures';
import { renderWithAuth } from '../../../test/render-with-auth';
import { PasswordForm } from './password-form';

afterEach(() => {
  act(() => dismissToast());
  vi.unstubAllGlobals();
});

const text = messages.accountPages;
const routes = [{ path: '/mi-cuenta', element: <PasswordForm /> }];

describe('PasswordForm (Mi cuenta)', () => {
  const a = messages.account;

  it('an empty submit marks both fields, focuses the current password and sends nothing', async () => {
    const user = userEvent.setup();
    const { server } = renderWithAuth({ routes, path: '/mi-cuenta', profile: { approved: true } });
    await user.click(await screen.findByRole('button', { name: a.changePassword }));
    expect(await screen.findByText(messages.accountRules.currentPasswordRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.accountRules.passwordTooShort)).toBeInTheDocument();
    expect(screen.getByTestId('form-summary')).toHaveTextContent(text.fixSummary([a.currentPasswordLabel, a.newPasswordLabel]));
    await waitFor(() => expect(screen.getByLabelText(a.currentPasswordLabel)).toHaveFocus());
    expect(server.calls.some((c) => c.url === '/api/me/password')).toBe(false);
  });

  it('puts a wrong current password on its field, focused; a saved change leaves no message behind', async () => {
    const user = userEvent.setup();
    let answer = jsonResponse(400, { code: 'wrong_current_password', message: 'La contraseña actual no es correcta.' });
    const { server } = renderWithAuth({
      routes,
      path: '/mi-cuenta',
      profile: { approved: true },
      routesOverride: { 'POST /api/me/password': () => answer },
    });
    await user.type(await screen.findByLabelText(a.currentPasswordLabel), 'clave-vieja-1');
    await user.type(screen.getByLabelText(a.newPasswordLabel), 'clave-nueva-123');
    await user.click(screen.getByRole('button', { name: a.changePassword }));
    expect(await screen.findByText('La contraseña actual no es correcta.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(a.currentPasswordLabel)).toHaveFocus());
    expect(server.calls.find((c) => c.url === '/api/me/password')?.body).toEqual({
      current_password: 'clave-vieja-1',
      new_password: 'clave-nueva-123',
    });
    answer = jsonResponse(204);
    await user.clear(screen.getByLabelText(a.currentPasswordLabel));
    await user.type(screen.getByLabelText(a.currentPasswordLabel), 'clave-vieja-2');
    await user.click(screen.getByRole('button', { name: a.changePassword }));
    expect(await screen.findByText(a.passwordChangedTitle)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(a.currentPasswordLabel)).toHaveValue(''));
    expect(screen.queryByText(messages.accountRules.currentPasswordRequired)).not.toBeInTheDocument();
    expect(screen.queryByText(messages.accountRules.passwordTooShort)).not.toBeInTheDocument();
  });
});
