import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { receivables as contractTexts } from '@mayorista/core/messages/receivables';
import { formatMoney } from '@mayorista/core/money';
import type { Payment } from '@mayorista/core/schemas/receivables';
import { receivables } from '../../../lib/receivables/texts';
import type { Ledger } from '../api/receivables-api';
import { PaymentDialog } from './payment-dialog';

const t = receivables.payment;
const ORDER = '11111111-2222-4333-8444-555555555555';
const ledger: Ledger = {
  customer: { id: 'u-1', name: 'Almacén Don José', nombre: 'José', whatsapp: '5491122334455' },
  account: {
    balance: 500_000,
    credit_limit: null,
    available_credit: null,
    undelivered: 0,
    overdue: 0,
    overdue_days: 0,
    next_due: { date: '2026-12-10', amount: 500_000 },
    pending_cheques: 0,
    payment_terms_days: 15,
    payment_terms_default: false,
    credit_rule: { overdue_days_limit: null, on_exceed: 'refuse' },
  },
  charges: [{ order_id: ORDER, amount: 500_000, due_date: '2026-12-10' }],
};
const answer = (body: Record<string, unknown>): Payment => ({
  id: 7,
  customer_id: 'u-1',
  amount: body.amount as number,
  method: body.method as Payment['method'],
  reference: null,
  bank: null,
  cheque_number: null,
  cheque_date: null,
  receipt_number: 42,
  applied: [],
  unapplied: 0,
  balance: 500_000 - (body.amount as number),
  reversed: false,
  reversal: null,
  created_at: '2026-11-26T12:00:00.000Z',
});

type Call = { url: string; body: Record<string, unknown> };
let calls: Call[];
/** What the next POST answers; by default the payment, at once. */
let respond: (body: Record<string, unknown>) => Promise<Response>;
const ok = (body: Record<string, unknown>) => Promise.resolve(new Response(JSON.stringify(answer(body)), { status: 201 }));
/** What GET /api/admin/users/:id/account/charges answers: the customer's open charges (by default the ledger's one, unpaid). */
let openCharges: () => Promise<Response>;
let chargeReads: number;
const chargesAnswer = (items: Ledger['charges']) => () => Promise.resolve(new Response(JSON.stringify({ items }), { status: 200 }));

beforeEach(() => {
  calls = [];
  respond = ok;
  openCharges = chargesAnswer(ledger.charges);
  chargeReads = 0;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init = {}) => {
    if (!init.method || init.method === 'GET') {
      expect(String(input)).toBe('/api/admin/users/u-1/account/charges');
      chargeReads += 1;
      return openCharges();
    }
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    calls.push({ url: String(input), body });
    return respond(body);
  });
});
afterEach(() => vi.restoreAllMocks());

async function openDialog() {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PaymentDialog ledger={ledger} />
    </QueryClientProvider>,
  );
  await user.click(screen.getByRole('button', { name: t.open }));
  const dialog = screen.getByRole('dialog', { name: t.title('Almacén Don José') });
  return { user, dialog, submit: () => within(dialog).getByRole('button', { name: t.submit }) };
}

describe('Registrar cobranza', () => {
  it('with only the amount typed the es-AR way, posts exact centavos in cash and shows the receipt', async () => {
    const { user, dialog, submit } = await openDialog();
    await user.type(within(dialog).getByLabelText(t.amount), '1.234,56');
    await user.click(submit());
    await screen.findByTestId('payment-done');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/admin/users/u-1/payments');
    expect(calls[0]!.body).toEqual({ amount: 123_456, method: 'cash', idempotency_key: expect.stringMatching(/^.{8,}$/) });
    expect(within(dialog).getByText(t.doneText('0001-00000042', formatMoney(123_456)), { normalizer: (text) => text })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: t.downloadReceipt })).toBeInTheDocument();
    const share = within(dialog).getByRole('link', { name: t.shareWhatsapp });
    const url = new URL(share.getAttribute('href')!);
    expect(url.origin + url.pathname).toBe('https://wa.me/5491122334455');
    expect(url.searchParams.get('text')).toContain('Recibo N° 0001-00000042');
  });

  it('says what is missing, on each field and next to the button, and sends nothing', async () => {
    const { user, dialog, submit } = await openDialog();
    await user.click(submit());
    const amount = within(dialog).getByLabelText(t.amount);
    expect(await within(dialog).findByText(t.amountRequired)).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(amount).toHaveFocus());
    await user.type(amount, '0,001');
    expect(within(dialog).getByText(t.amountInvalid)).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '500');
    await user.click(within(dialog).getByRole('radio', { name: contractTexts.methods.cheque }));
    await user.click(submit());
    expect(await within(dialog).findByText(t.bankRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(t.chequeNumberRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(t.chequeDateRequired)).toBeInTheDocument();
    expect(within(dialog).getByTestId('form-summary')).toHaveTextContent(t.bank);
    expect(calls).toHaveLength(0);
  });

  it('a cheque goes with its bank, number, date and the orders picked', async () => {
    const { user, dialog, submit } = await openDialog();
    await user.type(within(dialog).getByLabelText(t.amount), '5000');
    await user.click(within(dialog).getByRole('radio', { name: contractTexts.methods.cheque }));
    await user.type(within(dialog).getByLabelText(t.bank), 'Banco Nación');
    await user.type(within(dialog).getByLabelText(t.chequeNumber), '00012345');
    const date = within(dialog).getByLabelText(t.chequeDate) as HTMLInputElement;
    await user.type(date, date.min); // today: the earliest a cheque may be dated
    await user.click(await within(dialog).findByRole('checkbox', { name: /Pedido #11111111/ }));
    await user.click(submit());
    await screen.findByTestId('payment-done');
    expect(calls[0]!.body).toMatchObject({ amount: 500_000, method: 'cheque', bank: 'Banco Nación', cheque_number: '00012345', cheque_date: date.min, applies_to: [ORDER] });
  });

  it('a double tap while the answer is on its way posts once', async () => {
    let release!: () => void;
    respond = (body) => new Promise((resolve) => (release = () => resolve(new Response(JSON.stringify(answer(body)), { status: 201 }))));
    const { user, dialog, submit } = await openDialog();
    await user.type(within(dialog).getByLabelText(t.amount), '100');
    await user.dblClick(submit());
    await user.click(within(dialog).getByRole('button', { name: t.submitting }));
    expect(calls).toHaveLength(1);
    release();
    await screen.findByTestId('payment-done');
    expect(calls).toHaveLength(1);
  });

  it('a retry after a failure sends the same key; opening the dialog again starts a new one', async () => {
    respond = () => Promise.resolve(new Response(JSON.stringify({ code: 'unavailable', message: 'Servicio no disponible' }), { status: 503 }));
    const { user, dialog, submit } = await openDialog();
    await user.type(within(dialog).getByLabelText(t.amount), '100');
    await user.click(submit());
    expect(await within(dialog).findByTestId('payment-error')).toHaveTextContent('Servicio no disponible');
    respond = ok;
    await user.click(submit());
    await screen.findByTestId('payment-done');
    expect(calls).toHaveLength(2);
    expect(calls[1]!.body.idempotency_key).toBe(calls[0]!.body.idempotency_key);
    await user.click(within(dialog).getByRole('button', { name: t.close }));
    await user.click(screen.getByRole('button', { name: t.open }));
    const again = screen.getByRole('dialog');
    expect(within(again).getByLabelText(t.amount)).toHaveValue('');
    await user.type(within(again).getByLabelText(t.amount), '100');
    await user.click(within(again).getByRole('button', { name: t.submit }));
    await screen.findByTestId('payment-done');
    expect(calls[2]!.body.idempotency_key).not.toBe(calls[0]!.body.idempotency_key);
  });
});

describe('"Aplicar a": the customer\'s open charges, read when the dialog opens', () => {
  const PAID = '22222222-2222-4333-8444-555555555555';
  const PART = '33333333-2222-4333-8444-555555555555';
  const UNPAID = '44444444-2222-4333-8444-555555555555';
  // The ledger's first page: every recent charge at its full amount, the paid one too.
  const fromLedger: Ledger = {
    ...ledger,
    charges: [
      { order_id: UNPAID, amount: 300_000, due_date: '2026-12-20' },
      { order_id: PART, amount: 200_000, due_date: '2026-12-15' },
      { order_id: PAID, amount: 100_000, due_date: '2026-12-10' },
    ],
  };
  const pickerOf = (dialog: HTMLElement) => within(dialog).getByRole('group', { name: t.ordersLegend });

  it('offers only what is open, at what is left, oldest due first; the order picked is sent; the next opening reads again', async () => {
    let release!: () => void;
    openCharges = () =>
      new Promise((resolve) => {
        release = () =>
          resolve(
            new Response(
              JSON.stringify({ items: [{ order_id: PART, amount: 80_000, due_date: '2026-12-15' }, { order_id: UNPAID, amount: 300_000, due_date: '2026-12-20' }] }),
              { status: 200 },
            ),
          );
      });
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <PaymentDialog ledger={fromLedger} />
      </QueryClientProvider>,
    );
    expect(chargeReads).toBe(0); // nothing read before the dialog opens
    await user.click(screen.getByRole('button', { name: t.open }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('status')).toHaveTextContent(t.ordersLoading);
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    release();
    await within(dialog).findByRole('group', { name: t.ordersLegend });
    const options = within(pickerOf(dialog)).getAllByRole('checkbox');
    expect(options.map((o) => o.closest('label')!.textContent)).toEqual([
      t.orderOption('33333333', formatMoney(80_000), '15/12/2026'),
      t.orderOption('44444444', formatMoney(300_000), '20/12/2026'),
    ]);
    expect(within(dialog).queryByRole('checkbox', { name: /Pedido #22222222/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByText(t.ordersLoading)).not.toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(t.amount), '800');
    await user.click(within(dialog).getByRole('checkbox', { name: /Pedido #33333333/ }));
    await user.click(within(dialog).getByRole('button', { name: t.submit }));
    await screen.findByTestId('payment-done');
    expect(calls[0]!.body).toMatchObject({ amount: 80_000, applies_to: [PART] });

    // Settled now: the next opening shows the fresh list, never the last one.
    await user.click(within(dialog).getByRole('button', { name: t.close }));
    const reads = chargeReads;
    openCharges = chargesAnswer([{ order_id: UNPAID, amount: 300_000, due_date: '2026-12-20' }]);
    await user.click(screen.getByRole('button', { name: t.open }));
    const again = screen.getByRole('dialog');
    expect(within(again).queryByRole('checkbox', { name: /Pedido #33333333/ })).not.toBeInTheDocument();
    expect(await within(again).findByRole('checkbox', { name: /Pedido #44444444/ })).toBeInTheDocument();
    expect(within(pickerOf(again)).getAllByRole('checkbox')).toHaveLength(1);
    expect(chargeReads).toBe(reads + 1);
  });

  it('when they cannot be read, one line says so, the description drops the choice and the payment still goes (oldest first)', async () => {
    openCharges = () => Promise.resolve(new Response(JSON.stringify({ code: 'unavailable', message: 'Servicio no disponible' }), { status: 503 }));
    const { user, dialog, submit } = await openDialog();
    expect(await within(dialog).findByTestId('charges-note')).toHaveTextContent(t.ordersLoadError);
    expect(within(dialog).queryByRole('group', { name: t.ordersLegend })).not.toBeInTheDocument();
    expect(dialog).toHaveAccessibleDescription(t.descriptionOldest);
    await user.type(within(dialog).getByLabelText(t.amount), '100');
    await user.click(submit());
    await screen.findByTestId('payment-done');
    expect(calls[0]!.body).toEqual({ amount: 10_000, method: 'cash', idempotency_key: expect.any(String) });
  });

  it('a customer who owes nothing: "Aplicar a" says there is nothing pending', async () => {
    openCharges = chargesAnswer([]);
    const { dialog } = await openDialog();
    expect(await within(dialog).findByText(t.noOpenOrders)).toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
