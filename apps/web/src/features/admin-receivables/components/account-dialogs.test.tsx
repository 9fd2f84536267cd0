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
    payment_terms_days: 30,
    payment_terms_default: true,
    credit_rule: { overdue_days_limit: null, on_exceed: 'refuse' },
  },
  charges: [],
};

let calls: { url: string; method: string; body: unknown }[];
let status: number;
beforeEach(() => {
  calls = [];
  status = 200;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init = {}) => {
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
