import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ProductPage as ProductPageData, RetailProduct } from '@mayorista/core/schemas/product';
import { fakeServer, jsonResponse } from '../../test/auth-fixtures';
import { AuthContext, type AuthContextValue } from '../../lib/auth/auth-context';
import ProductPage from './product-page';

const ID = '3f2a9c1b-7d4e-4a53-9d0f-2a4c8b7e9a10';
const SLUG = 'yerba-suave-500-g-3f2a9c1b7d4e';

const retail: RetailProduct = {
  id: ID,
  name: 'Yerba Suave 500 g',
  retail_price: 150_000,
  on_sale_retail: false,
  sale_price_retail: null,
  stock: 30,
  has_unlimited_stock: false,
  is_enabled: true,
  min_quantity: 10,
  pack_size: 10,
  max_quantity: null,
  sku: 'YER-500',
  barcode: null,
  category: 'Almacén',
  description: 'Paquete de 500 g.',
  image_url: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

const answer = (images: ProductPageData['images'] = []): ProductPageData => ({ product: retail, images, slug: SLUG });

const visitor = { user: null, profile: null, loading: false, session: null } as unknown as AuthContextValue;

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderAt(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <AuthContext.Provider value={visitor}>
        <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
      </AuthContext.Provider>
    </QueryClientProvider>
  );
  return render(
    <Routes>
      <Route
        path="/catalogo/:slug"
        element={
          <>
            <ProductPage />
            <Where />
          </>
        }
      />
    </Routes>,
    { wrapper },
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('ProductPage', () => {
  it("shows a visitor the retail price, the product's rules and a WhatsApp link; no star, no cart, no empty image box", async () => {
    vi.stubGlobal('fetch', fakeServer({ [`GET /api/products/${SLUG}`]: () => jsonResponse(200, answer()) }).fetch);
    renderAt(`/catalogo/${SLUG}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Yerba Suave 500 g' })).toBeInTheDocument();
    expect(screen.getByTestId('unit-price').textContent?.replace(/\u00a0/g, ' ')).toBe('Precio: $ 1.500,00');
    expect(screen.getByTestId('quantity-rules')).toHaveTextContent('Bulto x 10');
    expect(screen.getByTestId('product-stock')).toHaveTextContent('30 disponibles');
    expect(screen.getByRole('note')).toHaveTextContent('precios minoristas');
    const share = screen.getByRole('link', { name: /Compartir Yerba Suave 500 g por WhatsApp/ });
    expect(share.getAttribute('href')).toMatch(
      /^https:\/\/wa\.me\/\?text=Yerba%20Suave%20500%20g%20http.*%2Fcatalogo%2Fyerba-suave-500-g-3f2a9c1b7d4e$/,
    );
    expect(screen.queryByTestId('favorite-star')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Agregar al carrito' })).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('replaces an old address with the current one without asking the server again', async () => {
    const server = fakeServer({ [`GET /api/products/nombre-viejo-3f2a9c1b7d4e`]: () => jsonResponse(200, answer()) });
    vi.stubGlobal('fetch', server.fetch);
    renderAt('/catalogo/nombre-viejo-3f2a9c1b7d4e');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(await screen.findByText(`/catalogo/${SLUG}`)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Yerba Suave 500 g' })).toBeInTheDocument();
    expect(server.calls.filter((c) => c.url.startsWith('/api/products/'))).toHaveLength(1);
  });

  it('shows the gallery with srcset and switches images from the thumbnails', async () => {
    const image = (n: number) => ({
      id: `i${n}`,
      url: `/uploads/${n}.webp`,
      srcset: `/uploads/${n}-160.webp 160w, /uploads/${n}.webp 800w`,
      width: 800,
      height: 600,
    });
    vi.stubGlobal(
      'fetch',
      fakeServer({ [`GET /api/products/${SLUG}`]: () => jsonResponse(200, answer([image(1), image(2)])) }).fetch,
    );
    renderAt(`/catalogo/${SLUG}`);
    const main = await screen.findByTestId('product-main-image');
    expect(main).toHaveAttribute('srcset', '/uploads/1-160.webp 160w, /uploads/1.webp 800w');
    expect(main).toHaveAttribute('alt', 'Yerba Suave 500 g, imagen 1 de 2');
    await userEvent.click(screen.getByRole('button', { name: 'Ver imagen 2 de 2' }));
    expect(screen.getByTestId('product-main-image')).toHaveAttribute('src', '/uploads/2.webp');
    expect(screen.getByRole('button', { name: 'Ver imagen 2 de 2' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('says in Spanish that the product was not found, with a way back to the catalogue', async () => {
    vi.stubGlobal('fetch', fakeServer({}).fetch);
    renderAt('/catalogo/no-existe-000000000000');
    expect(await screen.findByRole('heading', { level: 1, name: 'No encontramos este producto' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver al catálogo' })).toHaveAttribute('href', '/catalog');
  });

  it('shows a load error with a retry that asks again', { timeout: 15_000 }, async () => {
    const server = fakeServer({
      [`GET /api/products/${SLUG}`]: () => jsonResponse(503, { code: 'database_unavailable', message: 'x' }),
    });
    vi.stubGlobal('fetch', server.fetch);
    renderAt(`/catalogo/${SLUG}`);
    // A 503 is retried once (after 1 s) before the page gives up.
    expect(await screen.findByRole('alert', {}, { timeout: 8000 })).toHaveTextContent('No se pudo cargar el producto');
    const before = server.calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(server.calls.length).toBeGreaterThan(before);
  });
});
