import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { messages } from '@mayorista/core/messages';
import { dismissToast } from '../../../components/ui/toast-store';
import { renderWithAuth } from '../../../test/render-with-auth';
import { ForgotPasswordForm, ResetPasswordForm } from '../forms';

afterEach(() => {
  act(() => dismissToast());
  vi.unstubAllGlobals();
});

const text = messages.accountPages;
const routes: RouteObject[] = [
  { path: '/recuperar-clave', element: <ForgotPasswordForm /> },
  { path: '/restablecer', element: <ResetPasswordForm token="tok-1" /> },
  { path: '/', element: <p>inicio</p> },
];

describe('ForgotPasswordForm', () => {
  it('an empty submit names the e-mail, focuses it and sends nothing', async () => {
    const user = userEvent.setup();
    const { server } = renderWithAuth({ routes, path: '/recuperar-clave', profile: null });
    await user.click(await screen.findByRole('button', { name: text.forgotSubmit }));
    expect(await screen.findByText(text.emailRequired)).toBeInTheDocument();
    expect(screen.getByTestId('form-summary')).toHaveTextContent(text.fixSummary([text.emailLabel]));
    await waitFor(() => expect(screen.getByLabelText(text.emailLabel)).toHaveFocus());
    await user.type(screen.getByLabelText(text.emailLabel), 'lucia@example.com');
    await waitFor(() => expect(screen.queryByTestId('form-summary')).not.toBeInTheDocument());
    expect(server.calls.some((c) => c.url.includes('/api/auth/recover'))).toBe(false);
  });

  it('judges the address as it is left', async () => {
    const user = userEvent.setup();
    renderWithAuth({ routes, path: '/recuperar-clave', profile: null });
    await user.type(await screen.findByLabelText(text.emailLabel), 'no-es-un-correo');
    await user.tab();
    expect(await screen.findByText(messages.accountRules.invalidEmail)).toBeInTheDocument();
  });
});

describe('ResetPasswordForm', () => {
  it('a short password is refused on the field, focused, before the server is asked', async () => {
    const user = userEvent.setup();
    const { server } = renderWithAuth({ routes, path: '/restablecer', profile: null });
    await user.type(await screen.findByLabelText(text.newPasswordLabel), 'corta');
    await user.click(screen.getByRole('button', { name: text.resetSubmit }));
    expect(await screen.findByText(messages.accountRules.passwordTooShort)).toBeInTheDocument();
    expect(screen.getByTestId('form-summary')).toHaveTextContent(text.fixSummary([text.newPasswordLabel]));
    await waitFor(() => expect(screen.getByLabelText(text.newPasswordLabel)).toHaveFocus());
    expect(server.calls.some((c) => c.url.includes('/api/auth/'))).toBe(false);
  });
});
