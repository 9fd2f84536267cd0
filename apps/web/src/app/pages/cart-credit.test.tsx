import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatMoney } from '@mayorista/core/money';
import type { AccountSummary } from '@mayorista/core/schemas/receivables';
import { dismissToast, getToasts } from '../../components/ui/toast-store';
import { jsonResponse } from '../../test/auth-fixtures';
import { renderWithAuth } from '../../test/render-with-auth';
import { YERBA_ID, cartRoutes, yerba } from '../../test/cart-fixtures';
import { accountSummary } from '../../test/account-fixtures';

/**
 * The cart's credit line, for the credit rule in either mode: one explanation, once, that says by
 * how much the order goes over and what to do (refused) or what happens (held); paying is offered
 * only when there is a balance; a Contado customer without a limit sees no credit line at all.
 */
const money = (centavos: number) => formatMoney(centavos).replace(/\s/g, ' ');

beforeEach(() => localStorage.clear());
afterEach(() => {
  dismissToast();
  localStorage.clear();
});

const account = accountSummary;

/** One yerba: the order is yerba's price; a limit of $ 1.000 leaves it that price minus $ 1.000 over. */
function renderCart(summary: AccountSummary | null, order?: () => Response) {
  return renderWithAuth({
    routes: cartRoutes,
    path: '/cart',
    profile: { approved: true },
    routesOverride: {
      'GET /api/cart': () => jsonResponse(200, { cart_data: { [YERBA_ID]: 1 }, updated_at: null, removed: [], products: [yerba] }),
      'PUT /api/cart': (call) =>
        jsonResponse(200, { cart_data: (call.body as { cart_data: object }).cart_data, updated_at: null, removed: [], products: [] }),
      'GET /api/me/account': () =>
        summary ? jsonResponse(200, summary) : jsonResponse(500, { code: 'internal_error', message: 'No pudimos leer la cuenta.' }),
      ...(order ? { 'POST /api/orders': order } : {}),
    },
  });
}

const over = yerba.price - 1000_00;
const refusal = () =>
  jsonResponse(422, {
    code: 'credit_refused',
    message: `Este pedido supera tu crédito disponible (${formatMoney(1000_00)}). Reducí el pedido o pagá parte de tu saldo para continuar.`,
    reason: 'limit',
    available: 1000_00,
    exceededBy: over,
  });

describe('the cart over the credit limit', () => {
  it('refused, with the credit used by undelivered orders: by how much, reduce it, and no "pagá" with nothing to pay', async () => {
    renderCart(account({ credit_limit: 5000_00, undelivered: 4000_00, available_credit: 1000_00 }));
    const notice = await screen.findByTestId('credit-notice');
    expect(notice).toHaveTextContent(`Se pasa por ${money(over)} de tu crédito disponible (${money(1000_00)}).`);
    expect(notice).toHaveTextContent('Así no se puede realizar: reducí el pedido.');
    expect(notice).toHaveTextContent('Tu crédito lo ocupan pedidos que todavía no se entregaron.');
    expect(notice).not.toHaveTextContent(/pagá/);
  });

  it('refused with a balance owed: paying part of it is offered', async () => {
    renderCart(account({ credit_limit: 5000_00, balance: 4000_00, available_credit: 1000_00 }));
    const notice = await screen.findByTestId('credit-notice');
    expect(notice).toHaveTextContent('Así no se puede realizar: reducí el pedido o pagá parte de tu saldo.');
    expect(notice).not.toHaveTextContent('pedidos que todavía no se entregaron');
  });

  it('placed anyway and refused: the message once, no red box, no toast, nothing to retry', async () => {
    const user = userEvent.setup();
    renderCart(account({ credit_limit: 1000_00, available_credit: 1000_00 }), refusal);
    await screen.findByTestId('credit-notice');
    await user.click(screen.getAllByRole('button', { name: 'Realizar pedido' })[0]!);
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Realizar pedido' })[0]).toBeEnabled());
    expect(screen.getAllByTestId('credit-notice')).toHaveLength(1);
    expect(screen.getAllByText(/Se pasa por/)).toHaveLength(1);
    expect(screen.queryByTestId('order-failure')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reintentar' })).not.toBeInTheDocument();
    expect(getToasts()).toHaveLength(0);
  });

  it("refused by the server though the cart's figures said it fit: the server's figures, once", async () => {
    const user = userEvent.setup();
    renderCart(account({ credit_limit: 100_000_00, available_credit: 100_000_00 }), refusal);
    await screen.findByTestId('credit-available');
    expect(screen.queryByTestId('credit-notice')).not.toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Realizar pedido' })[0]!);
    const notice = await screen.findByTestId('credit-notice');
    expect(notice).toHaveTextContent(`Se pasa por ${money(over)} de tu crédito disponible (${money(1000_00)}).`);
    expect(notice).toHaveFocus();
    expect(screen.queryByTestId('order-failure')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reintentar' })).not.toBeInTheDocument();
    expect(getToasts()).toHaveLength(0);
  });

  it("refused while the account cannot be read: the server's refusal is still said, once, without suggesting a payment", async () => {
    const user = userEvent.setup();
    renderCart(null, refusal);
    await user.click((await screen.findAllByRole('button', { name: 'Realizar pedido' }))[0]!);
    const notice = await screen.findByTestId('credit-notice');
    expect(notice).toHaveTextContent(`Se pasa por ${money(over)} de tu crédito disponible (${money(1000_00)}).`);
    expect(notice).not.toHaveTextContent('pagá');
    expect(screen.queryByTestId('credit-available')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reintentar' })).not.toBeInTheDocument();
  });

  it('held: it can be placed and waits for the business, with no "reducí … para continuar"', async () => {
    renderCart(
      account({ credit_limit: 1000_00, available_credit: 1000_00, credit_rule: { overdue_days_limit: null, on_exceed: 'hold' } }),
    );
    const notice = await screen.findByTestId('credit-notice');
    expect(notice).toHaveTextContent(`Se pasa por ${money(over)} de tu crédito disponible (${money(1000_00)}).`);
    expect(notice).toHaveTextContent('Podés realizarlo igual: queda "Retenido por crédito" hasta que el negocio lo apruebe.');
    expect(notice).not.toHaveTextContent(/Reducí|reducí|pagá|continuar/);
  });
});

describe("the cart's credit line by payment terms", () => {
  it('a Contado customer without a limit sees no credit line', async () => {
    renderCart(account({ payment_terms_days: 0 }));
    await screen.findAllByTestId('cart-line');
    await waitFor(() => expect(screen.getByTestId('credit-line')).toBeInTheDocument());
    expect(screen.queryByTestId('credit-available')).not.toBeInTheDocument();
    expect(screen.queryByText(/Sin límite/)).not.toBeInTheDocument();
  });

  it('a 30-días customer without a limit is told so; a Contado customer with a limit sees what is left', async () => {
    const { unmount } = renderCart(account({ payment_terms_days: 30 }));
    expect(await screen.findByTestId('credit-available')).toHaveTextContent('Sin límite de crédito');
    unmount();
    renderCart(account({ payment_terms_days: 0, credit_limit: 50_000_00, available_credit: 50_000_00 }));
    expect(within(await screen.findByTestId('credit-line')).getByTestId('credit-available')).toHaveTextContent(money(50_000_00));
  });
});
