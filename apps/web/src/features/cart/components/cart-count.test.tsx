import { screen, within } from '@testing-library/react';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import CartPage from '../../../app/pages/cart-page';
import { CartProvider } from '../../../lib/cart';
import { jsonResponse } from '../../../test/auth-fixtures';
import { AZUCAR_ID, YERBA_ID, azucar, yerba } from '../../../test/cart-fixtures';
import { renderWithAuth } from '../../../test/render-with-auth';
import { CartNavLink } from './cart-nav-link';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

/** The shell's cart link above the /cart page, as the layout puts them. */
const routes = [
  {
    element: (
      <CartProvider>
        <CartNavLink />
        <Outlet />
      </CartProvider>
    ),
    children: [{ path: '/cart', element: <CartPage /> }],
  },
];

describe("the cart's count, in the header and on the cart's bar", () => {
  it('counts the same thing in both places (units, the badge of the specification) and says so', async () => {
    // Two products, 22 units: 20 yerba and 2 azúcar.
    renderWithAuth({
      routes,
      path: '/cart',
      profile: { approved: true },
      routesOverride: {
        'GET /api/cart': () => jsonResponse(200, { cart_data: { [YERBA_ID]: 20, [AZUCAR_ID]: 2 }, updated_at: null, removed: [], products: [yerba, azucar] }),
      },
    });
    const bar = await screen.findByTestId('checkout-bar');
    const link = screen.getByRole('link', { name: /^Carrito:/ });
    await within(link).findByText('22');
    const total = within(bar).getByTestId('checkout-bar-total').textContent!;
    expect(total).toMatch(/^\$/);
    // What a screen reader hears for the badge says what the number is.
    expect(link).toHaveAccessibleName(`Carrito: 22 unidades, ${total}`);
    expect(within(link).getByTestId('cart-count')).toHaveTextContent(/^22$/);
    expect(within(bar).getByTestId('checkout-bar-count')).toHaveTextContent(/^22 unidades$/);
    expect(bar).not.toHaveTextContent('2 productos');
  });

  it('one unit reads "1 unidad"', async () => {
    renderWithAuth({
      routes,
      path: '/cart',
      profile: { approved: true },
      routesOverride: { 'GET /api/cart': () => jsonResponse(200, { cart_data: { [AZUCAR_ID]: 1 }, updated_at: null, removed: [], products: [azucar] }) },
    });
    const bar = await screen.findByTestId('checkout-bar');
    await within(screen.getByRole('link', { name: /^Carrito:/ })).findByText('1');
    expect(screen.getByRole('link', { name: /^Carrito:/ })).toHaveAccessibleName(/^Carrito: 1 unidad, /);
    expect(within(bar).getByTestId('checkout-bar-count')).toHaveTextContent(/^1 unidad$/);
  });
});
