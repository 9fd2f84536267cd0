import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffRole } from '@mayorista/core/roles';
import { AuthContext, type AuthContextValue } from '../../../lib/auth/auth-context';
import { todayInArgentina } from '../../../lib/receivables/format';
import AdminReceivablesTab from '../admin-receivables-tab';
import { formatReceiptNumber } from '@mayorista/core/receivables';
import type { Collection } from './rendicion-api';
import { receivables } from '../../../lib/receivables/texts';

const t = receivables.rendicion;

/**
 * Admin → Cuentas corrientes → "Rendición de vendedores": the reps' collections of a day by method,
 * the receipts, "Confirmar rendición" for what was handed in and who confirmed it. jsdom, the network
 * stubbed at fetch with the answers of GET /api/admin/collections, POST /api/admin/collections/confirm and
 * DELETE /api/admin/collections/:id/confirm.
 */
const JUAN = 'aaaaaaaa-0000-4000-8000-000000000001';
const ROSA = 'aaaaaaaa-0000-4000-8000-000000000002';
const item = (over: Partial<Collection>): Collection => ({
  payment_id: 1,
  rep_id: JUAN,
  rep_name: 'Juan Pérez',
  customer_id: 'c-1',
  customer_name: 'Almacén Don José',
  amount: 48_000,
  method: 'cash',
  bank: null,
  cheque_number: null,
  cheque_date: null,
  receipt_number: 7,
  created_at: '2026-11-26T13:05:00Z',
  confirmed_at: null,
  confirmed_by_name: null,
  reversed: false,
  ...over,
});

let items: Collection[];
let failConfirm: boolean;
let calls: { method: string; path: string; query: string; body?: unknown }[];
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  failConfirm = false;
  calls = [];
  items = [
    item({ payment_id: 1, receipt_number: 7 }),
    item({ payment_id: 2, receipt_number: 8, customer_name: 'Kiosco Norte', amount: 150_000, method: 'cheque', bank: 'Banco Nación', cheque_number: '12345678', cheque_date: '2026-12-20' }),
    item({ payment_id: 3, receipt_number: 9, customer_name: 'Kiosco Norte', amount: 20_000, method: 'transfer' }),
    item({ payment_id: 4, receipt_number: 10, amount: 5_000, reversed: true }),
    item({ payment_id: 5, receipt_number: 11, rep_id: ROSA, rep_name: 'Rosa Gómez', amount: 30_000, confirmed_at: '2026-11-26T21:10:00Z', confirmed_by_name: 'Ana Dueña' }),
  ];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init = {}) => {
    const url = new URL(String(input), 'http://tienda.test');
    calls.push({ method: init.method ?? 'GET', path: url.pathname, query: url.search, ...(init.body ? { body: JSON.parse(String(init.body)) } : {}) });
    if (url.pathname === '/api/admin/collections') return json({ date: url.searchParams.get('date'), items });
    if (url.pathname === '/api/admin/collections/confirm') {
      if (failConfirm) return json({ code: 'internal', message: 'Error del servidor' }, 500);
      const ids: number[] = (JSON.parse(String(init.body)) as { payment_ids: number[] }).payment_ids;
      items = items.map((c) => (ids.includes(c.payment_id) ? { ...c, confirmed_at: '2026-11-26T22:00:00Z', confirmed_by_name: 'Ana Dueña' } : c));
      return new Response(null, { status: 204 });
    }
    const undone = /^\/api\/admin\/collections\/(\d+)\/confirm$/.exec(url.pathname);
    if (undone && init.method === 'DELETE') {
      items = items.map((c) => (c.payment_id === Number(undone[1]) ? { ...c, confirmed_at: null, confirmed_by_name: null } : c));
      return new Response(null, { status: 204 });
    }
    return json({ code: 'not_found', message: 'No encontrado' }, 404);
  });
});
afterEach(() => vi.restoreAllMocks());

function renderTab(entry: string, role: StaffRole = 'owner') {
  const auth = { user: { id: 'u-1' }, profile: { approved: true, is_admin: true, is_super_admin: role === 'owner', staff_role: role } } as unknown as AuthContextValue;
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AuthContext.Provider value={auth}>
        <MemoryRouter initialEntries={[entry]}>
          <Routes>
            <Route path="/admin" element={<AdminReceivablesTab />} />
          </Routes>
        </MemoryRouter>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const repSection = (name: string) => screen.getByRole('region', { name });

describe('Rendición de vendedores', () => {
  it('is reached from Cuentas corrientes and reads today in Buenos Aires', async () => {
    items = [];
    const user = renderTab('/admin?tab=cuentas');
    await user.click(screen.getByRole('link', { name: t.open }));
    expect(await screen.findByText(t.empty(todayInArgentina().split('-').reverse().join('/')))).toBeInTheDocument();
    expect(screen.getByLabelText(t.day)).toHaveValue(todayInArgentina());
    expect(calls.find((c) => c.path === '/api/admin/collections')?.query).toBe(`?date=${todayInArgentina()}`);
  });

  it('shows each rep\'s cash, cheques (number, bank, payment day) and other methods, reversed payments left out of the sums', async () => {
    renderTab('/admin?tab=cuentas&vista=rendicion&fecha=2026-11-26');
    await screen.findByRole('heading', { name: 'Juan Pérez' });
    expect(calls.find((c) => c.path === '/api/admin/collections')?.query).toBe('?date=2026-11-26');
    const juan = repSection('Juan Pérez');
    const totals = within(juan).getByLabelText(t.totalsLabel('Juan Pérez'));
    expect(totals).toHaveTextContent(`${t.cash}$ 480,00`);
    expect(totals).toHaveTextContent(`${t.cheques} (1 cheque)$ 1.500,00`);
    expect(totals).toHaveTextContent(`${t.others} (Transferencia bancaria)$ 200,00`);
    expect(totals).toHaveTextContent(`${t.total}$ 2.180,00`);
    const receipts = within(juan).getByRole('list', { name: t.receiptsLabel('Juan Pérez') });
    expect(within(receipts).getByText(/N° 12345678 · Banco Nación · paga el 20\/12\/2026/)).toBeInTheDocument();
    expect(within(receipts).getAllByRole('listitem')[3]).toHaveTextContent(t.reversedBadge);
    expect(within(receipts).getAllByRole('checkbox')).toHaveLength(3);
    expect(within(juan).getByText(t.toHandIn('$ 2.180,00', 3))).toBeInTheDocument();
    // Rosa's day is already confirmed: who and when, nothing to confirm; only "Deshacer" on the receipt.
    const rosa = repSection('Rosa Gómez');
    expect(within(rosa).getByText(/Confirmado por Ana Dueña el 26\/11 18:10/)).toBeInTheDocument();
    expect(within(rosa).getByText(new RegExp(t.allConfirmed))).toBeInTheDocument();
    expect(within(rosa).queryByRole('button', { name: t.confirmFor('Rosa Gómez') })).toBeNull();
    expect(within(rosa).getAllByRole('button')).toEqual([within(rosa).getByRole('button', { name: t.undoFor(formatReceiptNumber(11)) })]);
  });

  it('a confirmation time that is no date reads as a dash; the rest of the day is still there', async () => {
    items = [item({ payment_id: 5, receipt_number: 11, confirmed_at: 'not a date', confirmed_by_name: 'Ana Dueña' }), item({ payment_id: 6, receipt_number: 12, rep_id: ROSA, rep_name: 'Rosa Gómez' })];
    renderTab('/admin?tab=cuentas&vista=rendicion&fecha=2026-11-26');
    await screen.findByRole('heading', { name: 'Juan Pérez' });
    expect(within(repSection('Juan Pérez')).getByText(/Confirmado por Ana Dueña el —/)).toBeInTheDocument();
    expect(within(repSection('Rosa Gómez')).getByRole('button', { name: t.confirmFor('Rosa Gómez') })).toBeInTheDocument();
  });

  it('confirms only the receipts marked as handed in, then shows who confirmed them', async () => {
    const user = renderTab('/admin?tab=cuentas&vista=rendicion&fecha=2026-11-26');
    await screen.findByRole('heading', { name: 'Juan Pérez' });
    const juan = repSection('Juan Pérez');
    await user.click(within(juan).getByRole('checkbox', { name: /Kiosco Norte.*Transferencia/ }));
    expect(within(juan).getByText(t.toHandIn('$ 1.980,00', 2))).toBeInTheDocument();
    await user.click(within(juan).getByRole('button', { name: t.confirmFor('Juan Pérez') }));
    await waitFor(() => expect(within(juan).getAllByText(/Confirmado por Ana Dueña el 26\/11 19:00/)).toHaveLength(2));
    // One request for the rep's day: confirmed together or not at all.
    expect(calls.filter((c) => c.method === 'POST')).toEqual([{ method: 'POST', path: '/api/admin/collections/confirm', query: '', body: { payment_ids: [1, 2] } }]);
    expect(within(juan).getAllByRole('checkbox')).toHaveLength(1);
    expect(within(juan).getByText(t.partlyConfirmed(1), { exact: false })).toBeInTheDocument();
  });

  it('"Deshacer" puts a receipt confirmed by mistake back among the ones to confirm', async () => {
    const user = renderTab('/admin?tab=cuentas&vista=rendicion&fecha=2026-11-26');
    await screen.findByRole('heading', { name: 'Rosa Gómez' });
    const rosa = repSection('Rosa Gómez');
    await user.click(within(rosa).getByRole('button', { name: t.undoFor(formatReceiptNumber(11)) }));
    // Back unticked (ticked, the next "Confirmar rendición" would repeat the mistake), with the focus on it.
    const box = await within(rosa).findByRole('checkbox', { name: /Almacén Don José/ });
    expect(box).not.toBeChecked();
    await waitFor(() => expect(box).toHaveFocus());
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([{ method: 'DELETE', path: '/api/admin/collections/5/confirm', query: '' }]);
    expect(within(rosa).getByText(t.partlyConfirmed(1), { exact: false })).toBeInTheDocument();
    expect(within(rosa).getByRole('button', { name: t.confirmFor('Rosa Gómez') })).toBeInTheDocument();
  });

  it('asks for at least one receipt, and says so when the confirmation fails', async () => {
    const user = renderTab('/admin?tab=cuentas&vista=rendicion&fecha=2026-11-26');
    await screen.findByRole('heading', { name: 'Juan Pérez' });
    const juan = repSection('Juan Pérez');
    for (const box of within(juan).getAllByRole('checkbox')) await user.click(box);
    await user.click(within(juan).getByRole('button', { name: t.confirmFor('Juan Pérez') }));
    expect(within(juan).getByRole('alert')).toHaveTextContent(t.nothingSelected);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    failConfirm = true;
    await user.click(within(juan).getAllByRole('checkbox')[0]!);
    await user.click(within(juan).getByRole('button', { name: t.confirmFor('Juan Pérez') }));
    expect(await within(juan).findByRole('alert')).toHaveTextContent(t.confirmError);
  });

  it('says when the day cannot be read, and tries again', async () => {
    vi.mocked(globalThis.fetch).mockImplementationOnce(async () => json({ code: 'internal', message: 'Error del servidor' }, 500));
    const user = renderTab('/admin?tab=cuentas&vista=rendicion&fecha=2026-11-26');
    expect(await screen.findByRole('alert')).toHaveTextContent(t.loadError);
    await user.click(screen.getByRole('button', { name: t.retry }));
    expect(await screen.findByRole('heading', { name: 'Juan Pérez' })).toBeInTheDocument();
  });

  it('is not offered to a role that may not confirm payments', async () => {
    renderTab('/admin?tab=cuentas&vista=rendicion', 'warehouse');
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    expect(screen.queryByRole('link', { name: t.open })).toBeNull();
    expect(screen.queryByRole('heading', { name: t.heading })).toBeNull();
    expect(calls.some((c) => c.path === '/api/admin/collections')).toBe(false);
  });
});
