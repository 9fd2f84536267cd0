import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { messages } from '@mayorista/core/messages';
import type { Me } from '@mayorista/core/schemas/auth';
import { dismissToast } from '../../components/ui/toast-store';
import { jsonResponse } from '../../test/auth-fixtures';
import { renderWithAuth } from '../../test/render-with-auth';
import MyAccountPage from './my-account-page';

afterEach(() => {
  act(() => dismissToast());
  vi.unstubAllGlobals();
});

const b = messages.business;
const t = messages.account;
const routes: RouteObject[] = [{ path: '/mi-cuenta', element: <MyAccountPage /> }];

const olderAccount: Me = {
  id: 'u1',
  nombre: 'Lucía',
  apellido: 'Pérez',
  email: 'cliente@example.com',
  dni: '30123456',
  approved: false,
  is_admin: false,
  is_super_admin: false,
  saldo_puntos: 0,
  razon_social: null,
  cuit: null,
  iva_condition: null,
  whatsapp: null,
  address_street: null,
  address_city: null,
  address_province: null,
  address_postal_code: null,
  delivery_notes: null,
  missing_business_fields: ['razon_social', 'cuit'],
};

function mount(extra: Parameters<typeof renderWithAuth>[0]['routesOverride'] = {}) {
  return renderWithAuth({
    routes,
    path: '/mi-cuenta',
    profile: { approved: false },
    routesOverride: { 'GET /api/me': () => jsonResponse(200, olderAccount), ...extra },
  });
}

async function fillBusiness(user: ReturnType<typeof userEvent.setup>, cuit: string) {
  await user.type(await screen.findByLabelText(b.razonSocialLabel), 'Kiosco Lucía');
  await user.type(screen.getByLabelText(b.cuitLabel), cuit);
  await user.selectOptions(screen.getByLabelText(b.ivaConditionLabel), 'responsable_inscripto');
  await user.type(screen.getByLabelText(b.whatsappLabel), '+54 9 11 1234-5678');
  await user.type(screen.getByLabelText(b.streetLabel), 'Calle Falsa 123');
  await user.type(screen.getByLabelText(b.cityLabel), 'Rosario');
  await user.selectOptions(screen.getByLabelText(b.provinceLabel), 'AR-S');
  await user.type(screen.getByLabelText(b.postalCodeLabel), '2000');
}

describe('Mi cuenta', () => {
  it('an unapproved account sees its data and the empty business form', async () => {
    mount();
    expect(await screen.findByRole('heading', { name: t.title, level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('cliente@example.com')).toBeInTheDocument();
    expect(screen.getByLabelText(b.cuitLabel)).toHaveValue('');
  });

  it('refuses a wrong check digit next to the field and sends nothing', async () => {
    const user = userEvent.setup();
    const { server } = mount();
    await fillBusiness(user, '20-12345678-0');
    await user.click(screen.getByRole('button', { name: t.save }));
    expect(await screen.findByText('El CUIT no es válido: revisá el dígito verificador.')).toBeInTheDocument();
    expect(screen.getByLabelText(b.cuitLabel)).toHaveAttribute('aria-invalid', 'true');
    expect(server.calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('saves only business and delivery fields, and shows the CUIT with dashes afterwards', async () => {
    const user = userEvent.setup();
    const { server } = mount({
      'PATCH /api/me': (call) =>
        jsonResponse(200, { ...olderAccount, ...(call.body as object), cuit: '30712345671', whatsapp: '5491112345678', missing_business_fields: [] }),
    });
    await fillBusiness(user, '30712345671');
    await user.click(screen.getByRole('button', { name: t.save }));
    expect(await screen.findByText(t.savedTitle)).toBeInTheDocument();
    const patch = server.calls.find((c) => c.method === 'PATCH' && c.url === '/api/me');
    expect(Object.keys(patch?.body as object).sort()).toEqual(
      ['address_city', 'address_postal_code', 'address_province', 'address_street', 'cuit', 'delivery_notes', 'iva_condition', 'razon_social', 'whatsapp'],
    );
    await waitFor(() => expect(screen.getByLabelText(b.cuitLabel)).toHaveValue('30-71234567-1'));
  });

  it('puts a CUIT used by another account (409) next to the field', async () => {
    const user = userEvent.setup();
    mount({ 'PATCH /api/me': () => jsonResponse(409, { code: 'cuit_taken', message: b.cuitTaken }) });
    await fillBusiness(user, '30712345671');
    await user.click(screen.getByRole('button', { name: t.save }));
    expect(await screen.findByText(b.cuitTaken)).toBeInTheDocument();
    expect(screen.getByLabelText(b.cuitLabel)).toHaveAttribute('aria-invalid', 'true');
  });

  it('keeps the server\'s word on the CUIT while other fields are edited, and drops it once the CUIT is', async () => {
    const user = userEvent.setup();
    mount({ 'PATCH /api/me': () => jsonResponse(409, { code: 'cuit_taken', message: b.cuitTaken }) });
    await fillBusiness(user, '30712345671');
    await user.click(screen.getByRole('button', { name: t.save }));
    expect(await screen.findByText(b.cuitTaken)).toBeInTheDocument();
    await user.type(screen.getByLabelText(b.cityLabel), 'x');
    await user.tab();
    expect(screen.getByText(b.cuitTaken)).toBeInTheDocument();
    await user.type(screen.getByLabelText(b.cuitLabel), '{backspace}1');
    expect(screen.queryByText(b.cuitTaken)).not.toBeInTheDocument();
    expect(screen.getByLabelText(b.cuitLabel)).not.toHaveAttribute('aria-invalid');
  });

  it('changes the password, and shows a wrong current password next to its field', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const { server } = mount({
      'POST /api/me/password': () =>
        ++attempts === 1 ? jsonResponse(400, { code: 'wrong_current_password', message: messages.accountRules.wrongCurrentPassword }) : jsonResponse(204),
    });
    await user.type(await screen.findByLabelText(t.currentPasswordLabel), 'equivocada');
    await user.type(screen.getByLabelText(t.newPasswordLabel), 'otra-clave-larga');
    await user.click(screen.getByRole('button', { name: t.changePassword }));
    expect(await screen.findByText(messages.accountRules.wrongCurrentPassword)).toBeInTheDocument();
    await user.clear(screen.getByLabelText(t.currentPasswordLabel));
    await user.type(screen.getByLabelText(t.currentPasswordLabel), 'la-correcta');
    await user.click(screen.getByRole('button', { name: t.changePassword }));
    expect(await screen.findByText(t.passwordChangedTitle)).toBeInTheDocument();
    expect(server.calls.filter((c) => c.url === '/api/me/password').at(-1)?.body).toEqual({ current_password: 'la-correcta', new_password: 'otra-clave-larga' });
  });

  it('closes the other sessions and stays signed in', async () => {
    const user = userEvent.setup();
    const { server } = mount();
    await user.click(await screen.findByRole('button', { name: t.closeOthers }));
    expect(await screen.findByText(t.closedOthersTitle)).toBeInTheDocument();
    expect(server.calls.some((c) => c.url === '/api/auth/logout?scope=others')).toBe(true);
    expect(screen.getByRole('heading', { name: t.title, level: 1 })).toBeInTheDocument();
  });
});
