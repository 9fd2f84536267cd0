import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { messages } from '@mayorista/core/messages';
import { dismissToast } from '../../../components/ui/toast-store';
import { jsonResponse, makeSession } from '../../../test/auth-fixtures';
import { renderWithAuth } from '../../../test/render-with-auth';
import { LoginForm, RegisterForm } from '../forms';

afterEach(() => {
  act(() => dismissToast());
  vi.unstubAllGlobals();
});

const text = messages.accountPages;
const routes: RouteObject[] = [
  { path: '/login', element: <LoginForm returnTo="/cart" /> },
  { path: '/register', element: <RegisterForm /> },
  { path: '/cart', element: <p>carrito</p> },
];

describe('LoginForm', () => {
  it('validates on the client in Spanish, without calling the server', async () => {
    const user = userEvent.setup();
    const { server } = renderWithAuth({ routes, path: '/login', profile: null });
    await user.click(await screen.findByRole('button', { name: text.loginSubmit }));
    // Each empty field says what it needs, the summary names both, and the e-mail box gets the focus.
    expect(await screen.findByText(text.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(text.loginPasswordRequired)).toBeInTheDocument();
    expect(screen.getByTestId('form-summary')).toHaveTextContent(text.fixSummary([text.emailLabel, text.passwordLabel]));
    await waitFor(() => expect(screen.getByLabelText(text.emailLabel)).toHaveFocus());
    expect(screen.queryByText(messages.accountRules.credentialsRequired)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(text.emailLabel), 'no-es-un-correo');
    await user.type(screen.getByLabelText(text.passwordLabel), 'x');
    await user.click(screen.getByRole('button', { name: text.loginSubmit }));
    expect(await screen.findByText(messages.accountRules.invalidEmail)).toBeInTheDocument();
    expect(screen.getByLabelText(text.emailLabel)).toHaveAttribute('aria-invalid', 'true');
    expect(server.calls.filter((c) => c.url.startsWith('/api/auth/token'))).toHaveLength(0);
  });

  it('judges a field as it is left, and again as it is corrected', async () => {
    const user = userEvent.setup();
    renderWithAuth({ routes, path: '/login', profile: null });
    await user.type(await screen.findByLabelText(text.emailLabel), 'lucia@');
    await user.tab();
    expect(await screen.findByText(messages.accountRules.invalidEmail)).toBeInTheDocument();
    expect(screen.queryByText(text.loginPasswordRequired)).not.toBeInTheDocument(); // not left yet
    await user.type(screen.getByLabelText(text.emailLabel), 'example.com');
    await waitFor(() => expect(screen.queryByText(messages.accountRules.invalidEmail)).not.toBeInTheDocument());
  });

  it('shows invalid credentials in Spanish next to the form', async () => {
    const user = userEvent.setup();
    renderWithAuth({
      routes,
      path: '/login',
      profile: null,
      routesOverride: { 'POST /api/auth/token?grant_type=password': () => jsonResponse(400, { code: 'invalid_credentials', message: 'Invalid login credentials' }) },
    });
    await user.type(await screen.findByLabelText(text.emailLabel), 'cliente@example.com');
    await user.type(screen.getByLabelText(text.passwordLabel), 'clave-equivocada');
    await user.click(screen.getByRole('button', { name: text.loginSubmit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.auth.invalidCredentials);
  });

  it('offers to resend the verification e-mail to an unverified account', async () => {
    const user = userEvent.setup();
    const { server } = renderWithAuth({
      routes,
      path: '/login',
      profile: null,
      routesOverride: {
        'POST /api/auth/token?grant_type=password': () => jsonResponse(403, { code: 'email_not_confirmed', message: 'Email not confirmed' }),
        'POST /api/auth/resend': () => jsonResponse(200, { ok: true }),
      },
    });
    await user.type(await screen.findByLabelText(text.emailLabel), ' Cliente@Example.com ');
    await user.type(screen.getByLabelText(text.passwordLabel), 'clave-segura-123');
    await user.click(screen.getByRole('button', { name: text.loginSubmit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.auth.emailNotVerified);
    await user.click(screen.getByRole('button', { name: text.resendVerification }));
    expect(await screen.findByText(text.resendDoneTitle)).toBeInTheDocument();
    expect(server.calls.find((c) => c.url === '/api/auth/resend')?.body).toEqual({ email: 'cliente@example.com' });
  });

  it('signs in and goes where the user wanted', async () => {
    const user = userEvent.setup();
    const session = makeSession();
    const { router } = renderWithAuth({
      routes,
      path: '/login',
      profile: null,
      routesOverride: {
        'POST /api/auth/token?grant_type=password': () => jsonResponse(200, session),
        [`GET /api/profiles/${session.user.id}`]: () => jsonResponse(200, { id: session.user.id, nombre: 'Lucía', approved: true, is_admin: false, is_super_admin: false }),
      },
    });
    await user.type(await screen.findByLabelText(text.emailLabel), 'cliente@example.com');
    await user.type(screen.getByLabelText(text.passwordLabel), 'clave-segura-123');
    await user.click(screen.getByRole('button', { name: text.loginSubmit }));
    expect(await screen.findByText('carrito')).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
  });
});

describe('RegisterForm', () => {
  async function fill(user: ReturnType<typeof userEvent.setup>, dni = '30123456', cuit = '30-71234567-1') {
    await user.type(await screen.findByLabelText(text.nombreLabel), 'Lucía');
    await user.type(screen.getByLabelText(text.apellidoLabel), 'Pérez');
    await user.type(screen.getByLabelText(text.dniLabel), dni);
    await user.type(screen.getByLabelText(text.emailLabel), 'lucia@example.com');
    await user.type(screen.getByLabelText(text.passwordLabel), 'clave-segura-123');
    // The business-identity work (decisions 017–019): the business and delivery data, as a person types them.
    const b = messages.business;
    await user.type(screen.getByLabelText(b.razonSocialLabel), 'Almacén Lucía');
    await user.type(screen.getByLabelText(b.cuitLabel), cuit);
    await user.selectOptions(screen.getByLabelText(b.ivaConditionLabel), 'monotributista');
    await user.type(screen.getByLabelText(b.whatsappLabel), '0351 15 123 4567');
    await user.type(screen.getByLabelText(b.streetLabel), 'Av. Colón 1234');
    await user.type(screen.getByLabelText(b.cityLabel), 'Córdoba');
    await user.selectOptions(screen.getByLabelText(b.provinceLabel), 'AR-X');
    await user.type(screen.getByLabelText(b.postalCodeLabel), 'x5000abc');
    await user.click(screen.getByRole('button', { name: text.registerSubmit }));
  }

  it('checks the DNI on the client', async () => {
    const user = userEvent.setup();
    const { server } = renderWithAuth({ routes, path: '/register', profile: null });
    await fill(user, '12');
    expect(await screen.findByText(messages.accountRules.invalidDni)).toBeInTheDocument();
    expect(server.calls.some((c) => c.url === '/api/auth/signup')).toBe(false);
  });

  // The body is the values as typed (decision 028): the server normalises them with the same
  // schema. Sending the schema's output instead sent `delivery_notes: null`, which the server refused.
  it('sends the metadata as typed, the empty delivery notes as "", and shows "¡Registro exitoso!"', async () => {
    const user = userEvent.setup();
    const { server } = renderWithAuth({ routes, path: '/register', profile: null, routesOverride: { 'POST /api/auth/signup': () => jsonResponse(200, { user: { id: 'u1' } }) } });
    await fill(user);
    expect(await screen.findByText(messages.accountRules.signUpSuccessTitle)).toBeInTheDocument();
    expect(screen.getByText(messages.accountRules.signUpSuccessText)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: text.checkEmailTitle })).toBeInTheDocument();
    expect(server.calls.find((c) => c.url === '/api/auth/signup')?.body).toEqual({
      email: 'lucia@example.com',
      password: 'clave-segura-123',
      data: {
        nombre: 'Lucía',
        apellido: 'Pérez',
        dni: '30123456',
        razon_social: 'Almacén Lucía',
        cuit: '30-71234567-1',
        iva_condition: 'monotributista',
        whatsapp: '0351 15 123 4567',
        address_street: 'Av. Colón 1234',
        address_city: 'Córdoba',
        address_province: 'AR-X',
        address_postal_code: 'x5000abc',
        delivery_notes: '',
      },
    });
  });

  it('checks the CUIT check digit on the client, next to the field, without calling the server', async () => {
    const user = userEvent.setup();
    const { server } = renderWithAuth({ routes, path: '/register', profile: null });
    await fill(user, '30123456', '20-12345678-0');
    expect(await screen.findByText('El CUIT no es válido: revisá el dígito verificador.')).toBeInTheDocument();
    expect(screen.getByLabelText(messages.business.cuitLabel)).toHaveAttribute('aria-invalid', 'true');
    expect(server.calls.some((c) => c.url === '/api/auth/signup')).toBe(false);
  });

  it('asks for every business field (left empty, each one says what it needs)', async () => {
    const user = userEvent.setup();
    const { server } = renderWithAuth({ routes, path: '/register', profile: null });
    await user.type(await screen.findByLabelText(text.nombreLabel), 'Lucía');
    await user.type(screen.getByLabelText(text.apellidoLabel), 'Pérez');
    await user.type(screen.getByLabelText(text.dniLabel), '30123456');
    await user.type(screen.getByLabelText(text.emailLabel), 'lucia@example.com');
    await user.type(screen.getByLabelText(text.passwordLabel), 'clave-segura-123');
    await user.click(screen.getByRole('button', { name: text.registerSubmit }));
    for (const message of [messages.business.razonSocialRequired, messages.business.cuitFormat, messages.business.ivaConditionInvalid, messages.business.provinceInvalid]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(server.calls.some((c) => c.url === '/api/auth/signup')).toBe(false);
  });

  it('puts a CUIT already registered (409) next to the CUIT field', async () => {
    const user = userEvent.setup();
    renderWithAuth({
      routes,
      path: '/register',
      profile: null,
      routesOverride: { 'POST /api/auth/signup': () => jsonResponse(409, { code: 'cuit_taken', message: messages.business.cuitTaken }) },
    });
    await fill(user);
    expect(await screen.findByText(messages.business.cuitTaken)).toBeInTheDocument();
    expect(screen.getByLabelText(messages.business.cuitLabel)).toHaveAttribute('aria-invalid', 'true');
  });

  it('keeps the server\'s word on the CUIT while other fields are edited, and drops it once the CUIT is', async () => {
    const user = userEvent.setup();
    renderWithAuth({
      routes,
      path: '/register',
      profile: null,
      routesOverride: { 'POST /api/auth/signup': () => jsonResponse(409, { code: 'cuit_taken', message: messages.business.cuitTaken }) },
    });
    await fill(user);
    expect(await screen.findByText(messages.business.cuitTaken)).toBeInTheDocument();
    await user.type(screen.getByLabelText(text.nombreLabel), 'a');
    await user.tab();
    expect(screen.getByText(messages.business.cuitTaken)).toBeInTheDocument();
    expect(screen.getByTestId('form-summary')).toHaveTextContent(messages.business.cuitLabel);
    // The same CUIT typed again: edited, so the server's message no longer applies.
    await user.type(screen.getByLabelText(messages.business.cuitLabel), '{backspace}1');
    expect(screen.queryByText(messages.business.cuitTaken)).not.toBeInTheDocument();
    expect(screen.getByLabelText(messages.business.cuitLabel)).not.toHaveAttribute('aria-invalid');
  });

  it('shows "Registro fallido" with the server message', async () => {
    const user = userEvent.setup();
    renderWithAuth({
      routes,
      path: '/register',
      profile: null,
      routesOverride: { 'POST /api/auth/signup': () => jsonResponse(409, { code: 'email_taken', message: messages.accountRules.emailTaken }) },
    });
    await fill(user);
    expect(await screen.findByText(messages.accountRules.signUpFailedTitle)).toBeInTheDocument();
    expect(screen.getByText(messages.accountRules.emailTaken)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText(messages.accountRules.signUpFailedTitle).closest('li')).toHaveAttribute('data-variant', 'destructive'));
  });

  it('falls back to "Algo salió mal" when the server gives no message', async () => {
    const user = userEvent.setup();
    renderWithAuth({ routes, path: '/register', profile: null, routesOverride: { 'POST /api/auth/signup': () => jsonResponse(400, { code: 'x', message: '' }) } });
    await fill(user);
    expect(await screen.findByText(messages.accountRules.somethingWentWrong)).toBeInTheDocument();
  });
});
