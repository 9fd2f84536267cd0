import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { messages } from '@mayorista/core/messages';
import { DEFAULT_SETTINGS } from '@mayorista/core/schemas/settings';
import { dismissToast } from '../../components/ui/toast-store';
import { jsonResponse, type RecordedCall } from '../../test/auth-fixtures';
import { profileFor, renderWithAuth } from '../../test/render-with-auth';
import AdminSettingsTab from './admin-settings-tab';
import { deliveryNoticeTexts } from './delivery-notice-fields';

afterEach(() => {
  act(() => dismissToast());
  vi.unstubAllGlobals();
});

const text = messages.settings;
const routes: RouteObject[] = [{ path: '/admin', element: <AdminSettingsTab /> }];

function mountTab(handlers: Record<string, (call: RecordedCall) => Response>) {
  return renderWithAuth({ routes, path: '/admin', profile: profileFor('admin'), routesOverride: handlers });
}

describe('Ajustes tab', () => {
  it('shows the minimum order in pesos and saves what the admin types, in centavos', async () => {
    const view = mountTab({
      'GET /api/admin/settings': () => jsonResponse(200, { ...DEFAULT_SETTINGS, min_order_amount: 2_500_000, updated_at: null }),
      'PUT /api/admin/settings': (call) => jsonResponse(200, { ...(call.body as object), updated_at: '2026-11-22T15:00:00.000Z' }),
    });
    const field = await screen.findByLabelText(text.minOrderAmount);
    expect(field).toHaveValue('25000,00');
    await userEvent.clear(field);
    await userEvent.type(field, '$ 30.000,50');
    await userEvent.click(screen.getByRole('button', { name: text.save }));
    await waitFor(() => expect(view.server.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(view.server.calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ min_order_amount: 3_000_050 });
    expect(await screen.findByText(text.saved)).toBeInTheDocument();
  });

  it('refuses an amount it cannot read, without calling the server', async () => {
    const view = mountTab({ 'GET /api/admin/settings': () => jsonResponse(200, { ...DEFAULT_SETTINGS, updated_at: null }) });
    const field = await screen.findByLabelText(text.minOrderAmount);
    await userEvent.clear(field);
    await userEvent.type(field, '12,5O');
    await userEvent.click(screen.getByRole('button', { name: text.save }));
    expect(await screen.findByText(text.invalidAmount)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(view.server.calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('saves the e-mail switches, the admin recipients and the low-stock threshold, and explains a bad recipient', async () => {
    const view = mountTab({
      'GET /api/admin/settings': () => jsonResponse(200, { ...DEFAULT_SETTINGS, updated_at: null }),
      'PUT /api/admin/settings': (call) => jsonResponse(200, { ...DEFAULT_SETTINGS, ...(call.body as object), updated_at: '2026-11-22T15:00:00.000Z' }),
    });
    await userEvent.click(await screen.findByLabelText(text.emailAdminNewOrder));
    const recipients = screen.getByLabelText(text.adminRecipients);
    await userEvent.type(recipients, 'no-es-correo');
    await userEvent.click(screen.getByRole('button', { name: text.save }));
    expect(await screen.findByText(text.invalidRecipient)).toBeInTheDocument();
    expect(view.server.calls.some((c) => c.method === 'PUT')).toBe(false);

    await userEvent.clear(recipients);
    await userEvent.type(recipients, 'ventas@example.com{enter}duenio@example.com');
    const threshold = screen.getByLabelText(text.lowStockThreshold);
    await userEvent.clear(threshold);
    await userEvent.type(threshold, '12');
    await userEvent.click(screen.getByRole('button', { name: text.save }));
    await waitFor(() => expect(view.server.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(view.server.calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      email_admin_new_order: false,
      email_customer_order_placed: true,
      admin_email_recipients: ['ventas@example.com', 'duenio@example.com'],
      low_stock_threshold: 12,
    });
  });

  it('saves whether entered prices include IVA (the business-identity work, decisions 017–019): on by default, switched off here', async () => {
    const view = mountTab({
      'GET /api/admin/settings': () => jsonResponse(200, { ...DEFAULT_SETTINGS, updated_at: null }),
      'PUT /api/admin/settings': (call) => jsonResponse(200, { ...DEFAULT_SETTINGS, ...(call.body as object), updated_at: '2026-11-22T15:00:00.000Z' }),
    });
    const toggle = await screen.findByRole('checkbox', { name: 'Los precios cargados incluyen IVA' });
    expect(toggle).toBeChecked();
    expect(toggle).toHaveAccessibleDescription(/el IVA se suma al precio cargado/);
    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole('button', { name: text.save }));
    await waitFor(() => expect(view.server.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(view.server.calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ prices_include_iva: false });
  });

  it('saves how long approval usually takes, and refuses 0 hours next to the field', async () => {
    const view = mountTab({
      'GET /api/admin/settings': () => jsonResponse(200, { ...DEFAULT_SETTINGS, updated_at: null }),
      'PUT /api/admin/settings': (call) => jsonResponse(200, { ...DEFAULT_SETTINGS, ...(call.body as object), updated_at: '2026-11-22T15:00:00.000Z' }),
    });
    const hours = await screen.findByLabelText(text.approvalWaitHours);
    expect(hours).toHaveValue('24');
    await userEvent.clear(hours);
    await userEvent.type(hours, '0');
    await userEvent.click(screen.getByRole('button', { name: text.save }));
    expect(await screen.findByText(text.invalidApprovalHours)).toBeInTheDocument();
    expect(view.server.calls.some((c) => c.method === 'PUT')).toBe(false);
    await userEvent.clear(hours);
    await userEvent.type(hours, '4h8');
    expect(hours).toHaveValue('48');
    await userEvent.click(screen.getByRole('button', { name: text.save }));
    await waitFor(() => expect(view.server.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(view.server.calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ approval_wait_hours: 48 });
  });

  it('"Tu pedido llega hoy" with the hour cleared asks for it (never midnight), and saves with the optional fields empty', async () => {
    const view = mountTab({
      'GET /api/admin/settings': () => jsonResponse(200, { ...DEFAULT_SETTINGS, min_order_amount: 500_000, updated_at: null }),
      'PUT /api/admin/settings': (call) => jsonResponse(200, { ...DEFAULT_SETTINGS, ...(call.body as object), updated_at: '2026-11-22T15:00:00.000Z' }),
    });
    await userEvent.click(await screen.findByLabelText(deliveryNoticeTexts.email));
    const hour = screen.getByLabelText(deliveryNoticeTexts.hour);
    expect(hour).toBeRequired();
    await userEvent.clear(hour);
    await userEvent.clear(screen.getByLabelText(text.minOrderAmount));
    await userEvent.click(screen.getByRole('button', { name: text.save }));
    expect(await screen.findByText(messages.deliveries.invalidNoticeHour)).toBeInTheDocument();
    expect(hour).toHaveAttribute('aria-invalid', 'true');
    expect(view.server.calls.some((c) => c.method === 'PUT')).toBe(false);

    await userEvent.type(hour, '6');
    await userEvent.click(screen.getByRole('button', { name: text.save }));
    await waitFor(() => expect(view.server.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(view.server.calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      min_order_amount: 0,
      delivery_notice_email_enabled: true,
      delivery_notice_whatsapp_enabled: false,
      delivery_notice_hour: 6,
    });
  });

  it('who issues the documents: with every box empty it saves them as not set (null), a cleared box too, and a bad CUIT waits next to its box', async () => {
    const stored = { ...DEFAULT_SETTINGS, business_razon_social: 'Distribuidora Ñandú S.R.L.', business_cuit: '30712345671', updated_at: null };
    const view = mountTab({
      'GET /api/admin/settings': () => jsonResponse(200, stored),
      'PUT /api/admin/settings': (call) => jsonResponse(200, { ...stored, ...(call.body as object), updated_at: '2026-11-22T15:00:00.000Z' }),
    });
    const razonSocial = await screen.findByLabelText(text.businessRazonSocial);
    const cuit = screen.getByLabelText(text.businessCuit);
    expect(razonSocial).toHaveValue('Distribuidora Ñandú S.R.L.');
    expect(cuit).toHaveValue('30-71234567-1');
    expect(screen.getByLabelText(text.businessIvaCondition)).toHaveValue('');
    expect(screen.getByRole('option', { name: 'Responsable Inscripto' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Consumidor Final' })).toBeNull();

    await userEvent.clear(cuit);
    await userEvent.type(cuit, '30-71234567-2');
    await userEvent.click(screen.getByRole('button', { name: text.save }));
    expect(await screen.findByText(messages.business.cuitCheckDigit)).toBeInTheDocument();
    expect(cuit).toHaveAttribute('aria-invalid', 'true');
    expect(view.server.calls.some((c) => c.method === 'PUT')).toBe(false);

    // Only what is required: the identity's boxes all empty, the cleared razón social included.
    await userEvent.clear(cuit);
    await userEvent.clear(razonSocial);
    await userEvent.click(screen.getByRole('button', { name: text.save }));
    await waitFor(() => expect(view.server.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(view.server.calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      business_razon_social: null,
      business_cuit: null,
      business_address: null,
      business_iva_condition: null,
    });
    expect(screen.queryByText(messages.business.cuitCheckDigit)).toBeNull();
  });

  it('who issues the documents: saves what is typed, the condición frente al IVA chosen from the list', async () => {
    const view = mountTab({
      'GET /api/admin/settings': () => jsonResponse(200, { ...DEFAULT_SETTINGS, updated_at: null }),
      'PUT /api/admin/settings': (call) => jsonResponse(200, { ...DEFAULT_SETTINGS, ...(call.body as object), updated_at: '2026-11-22T15:00:00.000Z' }),
    });
    await userEvent.type(await screen.findByLabelText(text.businessRazonSocial), 'Distribuidora Ñandú S.R.L.');
    await userEvent.type(screen.getByLabelText(text.businessCuit), '30 71234567 1');
    await userEvent.type(screen.getByLabelText(text.businessAddress), 'Av. Colón 1234, Córdoba');
    await userEvent.selectOptions(screen.getByLabelText(text.businessIvaCondition), 'Monotributista');
    await userEvent.click(screen.getByRole('button', { name: text.save }));
    await waitFor(() => expect(view.server.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(view.server.calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      business_razon_social: 'Distribuidora Ñandú S.R.L.',
      business_cuit: '30 71234567 1',
      business_address: 'Av. Colón 1234, Córdoba',
      business_iva_condition: 'monotributista',
    });
  });
});
