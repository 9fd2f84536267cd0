import { screen } from '@testing-library/react';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast } from '../../components/ui/toast-store';
import { CartProvider } from '../../lib/cart';
import { jsonResponse } from '../../test/auth-fixtures';
import { renderWithAuth } from '../../test/render-with-auth';
import { makeProduct } from '../../test/test-products';
import CatalogPage from './catalog-page';
import ProductPage from './product-page';

// The catalogue shows the prices as entered; it says which basis they are, so a Responsable
// Inscripto who reads $ 3.100 here and $ 2.561,98 + IVA in the cart knows why (decision 019).

afterEach(() => {
  vi.restoreAllMocks();
  dismissToast();
  localStorage.clear();
});

const PRODUCT = makeProduct({ id: '3f2a9c1b-7d4e-4a53-9d0f-2a4c8b7e9a10', name: 'Aceite 1,5 l', price: 3100_00 });
const SLUG = 'aceite-1-5-l-3f2a9c1b7d4e';

const routes = [
  {
    element: (
      <CartProvider>
        <Outlet />
      </CartProvider>
    ),
    children: [{ path: '/catalog', element: <CatalogPage /> }],
  },
];

function renderCatalog(flags: { prices_include_iva: boolean; iva_itemised: boolean }) {
  const cart = { cart_data: {}, updated_at: null, removed: [], products: [], ...flags };
  return renderWithAuth({
    routes,
    path: '/catalog',
    profile: { approved: true },
    routesOverride: {
      'GET /api/cart': () => jsonResponse(200, cart),
      'GET /api/products': () =>
        jsonResponse(200, { items: [makeProduct({ name: 'Aceite 1,5 l', price: 3100_00 })], total: 1, page: 1, page_size: 48 }),
      'GET /api/products/categories': () => jsonResponse(200, { items: [] }),
      'GET /api/favorites': () => jsonResponse(200, { items: [] }),
    },
  });
}

describe('the catalogue’s IVA basis', () => {
  it('tells a Responsable Inscripto the prices include IVA and the cart shows them without it', async () => {
    renderCatalog({ prices_include_iva: true, iva_itemised: true });
    expect(await screen.findByTestId('catalog-iva-note')).toHaveTextContent(
      'Precios con IVA incluido. En el carrito los ves sin IVA, con el IVA discriminado al pie.',
    );
  });

  it('tells everyone else the prices are final', async () => {
    renderCatalog({ prices_include_iva: true, iva_itemised: false });
    expect(await screen.findByTestId('catalog-iva-note')).toHaveTextContent('Precios finales con IVA incluido.');
  });

  it('a list + IVA says so', async () => {
    renderCatalog({ prices_include_iva: false, iva_itemised: false });
    expect(await screen.findByTestId('catalog-iva-note')).toHaveTextContent(
      'Precios sin IVA (+ IVA). En el carrito los ves con el IVA incluido.',
    );
  });
});

describe('the product page’s IVA basis', () => {
  it('says it under the prices, as the catalogue does', async () => {
    const cart = { cart_data: {}, updated_at: null, removed: [], products: [], prices_include_iva: true, iva_itemised: true };
    renderWithAuth({
      routes: [
        {
          element: (
            <CartProvider>
              <Outlet />
            </CartProvider>
          ),
          children: [{ path: '/catalogo/:slug', element: <ProductPage /> }],
        },
      ],
      path: `/catalogo/${SLUG}`,
      profile: { approved: true },
      routesOverride: {
        'GET /api/cart': () => jsonResponse(200, cart),
        [`GET /api/products/${SLUG}`]: () => jsonResponse(200, { product: PRODUCT, images: [], slug: SLUG }),
        'GET /api/favorites': () => jsonResponse(200, { items: [] }),
      },
    });
    expect(await screen.findByTestId('catalog-iva-note')).toHaveTextContent(
      'Precios con IVA incluido. En el carrito los ves sin IVA, con el IVA discriminado al pie.',
    );
  });
});
