import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rep as repTexts } from '@mayorista/core/messages/rep';
import { formatMoney } from '@mayorista/core/money';
import type { RepCustomer } from '@mayorista/core/schemas/staff';
import { AuthContext, type AuthContextValue } from '../../lib/auth/auth-context';
import { receivables } from '../../lib/receivables/texts';
import RepCustomerPage from './rep-customer-page';

/**
 * "Registrar cobro" on the rep's customer page (decision 060): the office's dialog with the
 * customer's open charges under "Aplicar a" and "Descargar recibo" after recording; without signal
 * and without the charges on the device, the dialog says why there is nothing to pick. jsdom, the
 * network stubbed at fetch (jsdom has no IndexedDB: the device keeps nothing here).
 */
const t = receivables.payment;
const CUSTOMER = '0b7f4c8e-1d2a-4b3c-8d4e-5f6a7b8c9d0e';
const OLD = '11111111-2222-4333-8444-555555555555';
const NEW = '66666666-7777-4888-8999-aaaaaaaaaaaa';

const customer: RepCustomer = {
  id: CUSTOMER,
  nombre: 'José',
  apellido: 'Pérez',
  razon_social: 'Almacén Don José',
  email: 'jose@example.com',
  whatsapp: '5491122334455',
  address: null,
  visit_days: [],
  visit_today: false,
  balance: 300_000,
  overdue: 100_000,
  last_order_at: null,
  price_list_id: null,
} as unknown as RepCustomer;
const account = {
  balance: 300_000,
  credit_limit: null,
  available_credit: null,
  undelivered: 0,
  overdue: 100_000,
  overdue_days: 3,
  next_due: null,
  pending_cheques: 0,
  payment_terms_days: 15,
  payment_terms_default: false,
  credit_rule: { overdue_days_limit: null, on_exceed: 'refuse' },
};
const charges = {
  items: [
    { order_id: OLD, amount: 100_000, due_date: '2026-11-23' },
    { order_id: NEW, amount: 200_000, due_date: '2026-12-05' },
  ],
};
const payment = (body: Record<string, unknown>) => ({
  id: 77,
  customer_id: CUSTOMER,
  amount: body.amount,
  method: body.method,
  reference: null,
  bank: null,
  cheque_number: null,
  cheque_date: null,
  receipt_number: 42,
  applied: [{ order_id: NEW, amount: body.amount }],
  unapplied: 0,
  balance: 300_000 - (body.amount as number),
  reversed: false,
  reversal: null,
  created_at: '2026-11-26T12:00:00.000Z',
});

type Call = { method: string; path: string; body: Record<string, unknown> | null };
let calls: Call[];
/** Paths whose requests fail on the network, as on a phone without signal. */
const offline = new Set<string>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function answer(path: string, body: Record<string, unknown> | null): Response {
  const base = `/api/rep/customers/${CUSTOMER}`;
  if (path === base) return json(customer);
  if (path === `${base}/account`) return json(account);
  if (path === `${base}/charges`) return json(charges);
  if (path === `${base}/payments`) return json(payment(body!), 201);
  if (path === '/api/rep/payments/77/pdf') return new Response('%PDF-1.7', { status: 200, headers: { 'content-type': 'application/pdf' } });
  return json({ code: 'not_found', message: 'No encontrado' }, 404);
}

beforeEach(() => {
  calls = [];
  offline.clear();
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init = {}) => {
    const url = new URL(String(input), 'http://tienda.test');
    const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null;
    calls.push({ method: init.method ?? 'GET', path: url.pathname, body });
    if (offline.has(url.pathname)) throw new TypeError('Failed to fetch');
    return answer(url.pathname, body);
  });
});
afterEach(() => vi.restoreAllMocks());

async function openPayment() {
  const auth = { user: { id: 'rep-1' }, profile: null } as unknown as AuthContextValue;
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AuthContext.Provider value={auth}>
        <MemoryRouter initialEntries={[`/vendedor/clientes/${CUSTOMER}`]}>
          <Routes>
            <Route path="/vendedor/clientes/:slug" element={<RepCustomerPage />} />
          </Routes>
        </MemoryRouter>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: repTexts.recordPayment }));
  const dialog = screen.getByRole('dialog', { name: t.title('Almacén Don José') });
  return { user, dialog };
}

describe("the rep's Registrar cobro", () => {
  it('offers the open charges under "Aplicar a", sends the one picked, then downloads the receipt from the rep\'s route', async () => {
    const { user, dialog } = await openPayment();
    const picker = await within(dialog).findByRole('group', { name: t.ordersLegend });
    const boxes = within(picker).getAllByRole('checkbox');
    expect(boxes.map((box) => box.closest('label')?.textContent)).toEqual([
      t.orderOption('11111111', formatMoney(100_000), '23/11/2026'),
      t.orderOption('66666666', formatMoney(200_000), '05/12/2026'),
    ]);
    expect(within(dialog).getByText(repTexts.paymentDescription)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(t.amount), '1.500');
    await user.click(within(picker).getByRole('checkbox', { name: /Pedido #66666666/ }));
    await user.click(within(dialog).getByRole('button', { name: t.submit }));
    await within(dialog).findByTestId('payment-done');
    const posted = calls.filter((c) => c.method === 'POST');
    expect(posted).toEqual([
      { method: 'POST', path: `/api/rep/customers/${CUSTOMER}/payments`, body: { amount: 150_000, method: 'cash', applies_to: [NEW], idempotency_key: expect.any(String) } },
    ]);

    const createObjectURL = vi.fn(() => 'blob:recibo');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    await user.click(within(dialog).getByRole('button', { name: t.downloadReceipt }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    expect(calls.filter((c) => c.path.endsWith('/pdf')).map((c) => c.path)).toEqual(['/api/rep/payments/77/pdf']);
  });

  it('charges not readable without signal (and none on the device): no "Aplicar a", one line saying why; the payment still goes', async () => {
    offline.add(`/api/rep/customers/${CUSTOMER}/charges`);
    const { user, dialog } = await openPayment();
    expect(await within(dialog).findByTestId('charges-note')).toHaveTextContent(repTexts.chargesOffline);
    expect(within(dialog).queryByRole('group', { name: t.ordersLegend })).toBeNull();
    expect(within(dialog).getByText(repTexts.paymentDescriptionOldest)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(t.amount), '500');
    await user.click(within(dialog).getByRole('button', { name: t.submit }));
    await within(dialog).findByTestId('payment-done');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ amount: 50_000, method: 'cash', idempotency_key: expect.any(String) });
  });
});
