import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { ReasonDialog } from '../../../components/receivables/reason-dialog';
import { receivables } from '../../../lib/receivables/texts';
import type { Ledger } from '../api/receivables-api';
import { CreditNoteDialog } from './credit-note-dialog';
import { CreditTermsDialog } from './credit-terms-dialog';
import { AdjustmentDialog } from './adjustment-dialog';

const ledger: Ledger = {
  customer: { id: 'u-1', name: 'Almacén Don José', nombre: 'José', whatsapp: null },
  account: {
    balance: 100_000,
    credit_limit: 2_500_000,
    available_credit: 2_400_000,
    undelivered: 0,
    overdue: 0,
    overdue_days: 0,
    next_due: null,
    pending_cheques: 0,
    payment_terms_days: 30,
    payment_terms_default: true,
    credit_rule: { overdue_days_limit: null, on_exceed: 'refuse' },
  },
  charges: [{ order_id: '11111111-2222-4333-8444-555555555555', amount: 1_260_000, due_date: '2026-12-10' }],
};
const ORDER = {
  id: '11111111-2222-4333-8444-555555555555',
  items: [
    { product_id: 'p-yerba', name: 'Yerba 1 kg', quantity: 3, price: 420_000, total: 1_260_000 },
    { product_id: 'p-azucar', name: 'Azúcar 1 kg', quantity: 1, price: 0, total: 0 },
  ],
};

let calls: { url: string; method: string; body: unknown }[];
let status: number;
beforeEach(() => {
  calls = [];
  status = 200;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init = {}) => {
    if (!init.method || init.method === 'GET') return new Response(JSON.stringify(ORDER), { status: 200 });
    calls.push({ url: String(input), method: String(init.method), body: JSON.parse(String(init.body)) });
    const body = status < 400 ? {} : { code: 'payment_already_reversed', message: 'Ese pago ya fue revertido.' };
    return new Response(JSON.stringify(body), { status });
  });
});
afterEach(() => vi.restoreAllMocks());

const wrap = (ui: ReactNode) => render(<QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>);

describe('Condiciones de crédito', () => {
  it('opens on what the customer has and sends the days and the limit in centavos', async () => {
    const user = userEvent.setup();
    wrap(<CreditTermsDialog ledger={ledger} />);
    await user.click(screen.getByRole('button', { name: receivables.terms.open }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('radio', { name: receivables.terms.default })).toBeChecked();
    expect(within(dialog).getByLabelText(receivables.terms.limit)).toHaveValue('25000,00');
    await user.click(within(dialog).getByRole('radio', { name: receivables.terms.custom }));
    await user.click(within(dialog).getByRole('button', { name: receivables.terms.submit }));
    expect(within(dialog).getByText(receivables.terms.customDaysInvalid)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(receivables.terms.customDays), '4a5');
    await user.clear(within(dialog).getByLabelText(receivables.terms.limit));
    await user.type(within(dialog).getByLabelText(receivables.terms.limit), '1.500.000,50');
    await user.click(within(dialog).getByRole('button', { name: receivables.terms.submit }));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({ url: '/api/admin/users/u-1/credit', method: 'PATCH', body: { payment_terms_days: 45, credit_limit: 150_000_050 } });
  });
});

describe('Nota de crédito', () => {
  it('asks for the amount and the reason, then sends them', async () => {
    const user = userEvent.setup();
    wrap(<CreditNoteDialog ledger={ledger} />);
    await user.click(screen.getByRole('button', { name: receivables.creditNote.open }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: receivables.creditNote.submit }));
    expect(within(dialog).getByText(receivables.payment.amountRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(receivables.creditNote.reasonRequired)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(receivables.creditNote.amount), '659,50');
    await user.type(within(dialog).getByLabelText(receivables.creditNote.reason), '  Devolución de 2 cajas ');
    await user.click(within(dialog).getByRole('button', { name: receivables.creditNote.submit }));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ amount: 65_950, reason: 'Devolución de 2 cajas' });
  });
});

describe('Nota de crédito with goods back to the shelf', () => {
  it('lists the order’s products, refuses more than was ordered, fills the amount and sends the lines', async () => {
    const user = userEvent.setup();
    wrap(<CreditNoteDialog ledger={ledger} />);
    await user.click(screen.getByRole('button', { name: receivables.creditNote.open }));
    const dialog = screen.getByRole('dialog');
    await user.selectOptions(within(dialog).getByLabelText(receivables.creditNote.order), ORDER.id);
    const yerba = await within(dialog).findByLabelText(receivables.creditNote.restockQuantity('Yerba 1 kg', 3));
    await user.type(yerba, '4');
    await user.type(within(dialog).getByLabelText(receivables.creditNote.reason), 'Devolución');
    await user.type(within(dialog).getByLabelText(receivables.creditNote.amount), '1');
    await user.click(within(dialog).getByRole('button', { name: receivables.creditNote.submit }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(receivables.creditNote.restockTooMany);
    expect(calls).toHaveLength(0);
    await user.clear(yerba);
    await user.type(yerba, '2');
    await user.click(within(dialog).getByRole('button', { name: /Usar el importe de lo devuelto/ }));
    expect(within(dialog).getByLabelText(receivables.creditNote.amount)).toHaveValue('8400,00');
    await user.click(within(dialog).getByRole('button', { name: receivables.creditNote.submit }));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ amount: 840_000, reason: 'Devolución', order_id: ORDER.id, restock: [{ product_id: 'p-yerba', quantity: 2 }] });
  });
});

describe('Ajuste o saldo inicial', () => {
  it('sends what the customer owes more as a positive amount with its due date, and what they owe less as a negative one', async () => {
    const user = userEvent.setup();
    wrap(<AdjustmentDialog ledger={ledger} />);
    const t = receivables.adjustment;
    await user.click(screen.getByRole('button', { name: t.open }));
    let dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: t.submit }));
    expect(within(dialog).getByText(t.reasonRequired)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(t.amount), '25.000');
    await user.type(within(dialog).getByLabelText(t.dueDate), '2026-12-31');
    await user.type(within(dialog).getByLabelText(t.reason), 'Saldo del cuaderno');
    await user.click(within(dialog).getByRole('button', { name: t.submit }));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({ url: '/api/admin/users/u-1/adjustments', method: 'POST', body: { amount: 2_500_000, reason: 'Saldo del cuaderno', due_date: '2026-12-31' } });
    await user.click(screen.getByRole('button', { name: t.open }));
    dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: t.less }));
    expect(within(dialog).queryByLabelText(t.dueDate)).toBeNull();
    await user.type(within(dialog).getByLabelText(t.amount), '100,50');
    await user.type(within(dialog).getByLabelText(t.reason), 'Redondeo');
    await user.click(within(dialog).getByRole('button', { name: t.submit }));
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.body).toEqual({ amount: -10_050, reason: 'Redondeo' });
  });
});

describe('a reason dialog (Cheque rechazado, Rechazar pedido retenido)', () => {
  it('needs a reason and keeps the server’s refusal in the dialog', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(() => Promise.reject(new Error('Ese pago ya fue revertido.')));
    render(<ReasonDialog open onOpenChange={() => {}} text={{ ...receivables.reverse, title: 'Revertir', cancel: 'Cancelar' }} onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: receivables.reverse.submit }));
    expect(screen.getByRole('alert')).toHaveTextContent(receivables.reverse.reasonRequired);
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText(receivables.reverse.reason), 'Sin fondos');
    await user.click(screen.getByRole('button', { name: receivables.reverse.submit }));
    expect(onSubmit).toHaveBeenCalledWith('Sin fondos');
    expect(await screen.findByRole('alert')).toHaveTextContent('Ese pago ya fue revertido.');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
