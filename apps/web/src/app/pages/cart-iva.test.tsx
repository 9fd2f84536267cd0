import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '@mayorista/core/money';
import { dismissToast } from '../../components/ui/toast-store';
import { jsonResponse } from '../../test/auth-fixtures';
import { renderWithAuth } from '../../test/render-with-auth';
import { AZUCAR_ID, YERBA_ID, cartRoutes, makeProduct } from '../../test/cart-fixtures';

// The business-identity work, decision 019: the cart shows IVA itemised to a Responsable Inscripto and final
// prices to everyone else, with the server's setting and the customer's condition.

const money = (centavos: number) => formatMoney(centavos).replace(/\s/g, ' ');

afterEach(() => {
  vi.restoreAllMocks();
  dismissToast();
  localStorage.clear();
});

// $ 121 at 21 % and $ 110,50 at 10,5 %: nets $ 100 and $ 100.
const gaseosa = makeProduct({ id: YERBA_ID, name: 'Gaseosa 2 L', price: 121_00, stock: 50, iva_rate: 21 });
const harina = makeProduct({ id: AZUCAR_ID, name: 'Harina 1 kg', price: 110_50, stock: 50, iva_rate: 10.5 });

function renderCart(flags: { prices_include_iva: boolean; iva_itemised: boolean }) {
  const cart = {
    cart_data: { [YERBA_ID]: 2, [AZUCAR_ID]: 1 },
    updated_at: null,
    removed: [],
    products: [gaseosa, harina],
    ...flags,
  };
  return renderWithAuth({
    routes: cartRoutes,
    path: '/cart',
    profile: { approved: true },
    routesOverride: {
      'GET /api/cart': () => jsonResponse(200, cart),
      'PUT /api/cart': () => jsonResponse(200, cart),
    },
  });
}

const ivaRows = () => screen.getAllByTestId('cart-iva-row').map((row) => row.textContent?.replace(/\s/g, ' '));

describe('the cart’s IVA', () => {
  it('a Responsable Inscripto sees net lines, IVA per rate and the same total', async () => {
    renderCart({ prices_include_iva: true, iva_itemised: true });
    const [first] = await screen.findAllByTestId('cart-line');
    expect(within(first!).getByTestId('unit-price')).toHaveTextContent(money(100_00));
    expect(within(first!).getByTestId('line-iva-rate')).toHaveTextContent('+ IVA 21 %');
    expect(within(first!).getByTestId('line-total')).toHaveTextContent(money(200_00));
    expect(ivaRows()).toEqual([`Neto gravado${money(300_00)}`, `IVA 21 %${money(42_00)}`, `IVA 10,5 %${money(10_50)}`]);
    expect(screen.getByTestId('cart-page-total')).toHaveTextContent(money(2 * 121_00 + 110_50));
    expect(screen.getByTestId('cart-iva-note')).toHaveTextContent('Precios sin IVA: el IVA se discrimina al pie, por alícuota.');
  });

  it('a Consumidor Final sees final prices and the IVA they contain', async () => {
    renderCart({ prices_include_iva: true, iva_itemised: false });
    const [first] = await screen.findAllByTestId('cart-line');
    expect(within(first!).getByTestId('unit-price')).toHaveTextContent(money(121_00));
    expect(within(first!).queryByTestId('line-iva-rate')).toBeNull();
    expect(within(first!).getByTestId('line-total')).toHaveTextContent(money(242_00));
    expect(ivaRows()).toEqual([`IVA contenido${money(52_50)}`]);
    expect(screen.getByTestId('cart-page-total')).toHaveTextContent(money(352_50));
    expect(screen.getByTestId('cart-iva-note')).toHaveTextContent('Precios finales con IVA incluido.');
  });

  it('prices excluding IVA: the total adds IVA, and a Consumidor Final’s lines carry it', async () => {
    renderCart({ prices_include_iva: false, iva_itemised: false });
    const [first] = await screen.findAllByTestId('cart-line');
    // $ 121 net + 21 % = $ 146,41 each.
    expect(within(first!).getByTestId('unit-price')).toHaveTextContent(money(146_41));
    expect(within(first!).getByTestId('line-total')).toHaveTextContent(money(292_82));
    // IVA: round(242 × 21 %) = 50,82 and round(110,50 × 10,5 %) = 11,60.
    expect(screen.getByTestId('cart-page-total')).toHaveTextContent(money(242_00 + 110_50 + 50_82 + 11_60));
  });
});

// The QA tester's aceite: $ 3.100, $ 2.950 from 6 units, $ 2.850 from 12 (prices with IVA, 21 %).
const aceite = makeProduct({
  id: YERBA_ID,
  name: 'Aceite de Girasol 1,5 l',
  price: 3100_00,
  stock: 50,
  iva_rate: 21,
  discounts: [
    { minQuantity: 6, discountType: 'final_price', discountValue: 2950_00 },
    { minQuantity: 12, discountType: 'final_price', discountValue: 2850_00 },
  ],
});

function renderTierCart(itemised: boolean) {
  const cart = {
    cart_data: { [YERBA_ID]: 6 },
    updated_at: null,
    removed: [],
    products: [aceite],
    prices_include_iva: true,
    iva_itemised: itemised,
  };
  return renderWithAuth({
    routes: cartRoutes,
    path: '/cart',
    profile: { approved: true },
    routesOverride: { 'GET /api/cart': () => jsonResponse(200, cart), 'PUT /api/cart': () => jsonResponse(200, cart) },
  });
}

describe('every price of a line in one basis', () => {
  it('a Responsable Inscripto reads the next tier, the line’s saving and the total saving without IVA', async () => {
    renderTierCart(true);
    const line = within(await screen.findByTestId('cart-line'));
    expect(line.getByTestId('unit-price')).toHaveTextContent(money(2438_02));
    expect(line.getByTestId('line-iva-rate')).toHaveTextContent('+ IVA 21 %');
    // $ 2.850 with IVA is $ 2.355,37 without; 6 × $ 150 = $ 900 with IVA is $ 743,80 without.
    expect(line.getByTestId('next-tier-hint')).toHaveTextContent(`Agregá 6 más para pagar ${money(2355_37)} c/u`);
    expect(line.getByTestId('line-savings')).toHaveTextContent(`Ahorrás ${money(743_80)}`);
    expect(screen.getByText('Ahorro total (sin IVA)')).toBeInTheDocument();
    expect(screen.getByTestId('cart-savings')).toHaveTextContent(money(743_80));
    expect(screen.getByTestId('cart-page-total')).toHaveTextContent(money(6 * 2950_00));
  });

  it('a Consumidor Final keeps final prices throughout', async () => {
    renderTierCart(false);
    const line = within(await screen.findByTestId('cart-line'));
    expect(line.getByTestId('unit-price')).toHaveTextContent(money(2950_00));
    expect(line.getByTestId('next-tier-hint')).toHaveTextContent(`Agregá 6 más para pagar ${money(2850_00)} c/u`);
    expect(line.getByTestId('line-savings')).toHaveTextContent(`Ahorrás ${money(900_00)}`);
    expect(screen.getByText('Ahorro total')).toBeInTheDocument();
    expect(screen.getByTestId('cart-savings')).toHaveTextContent(money(900_00));
  });
});
