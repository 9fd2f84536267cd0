import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Product, ProductListResponse } from '@mayorista/core/schemas/product';
import { dismissToast, getToasts } from '../../components/ui/toast-store';
import { fakeServer, jsonResponse, makeProfile } from '../../test/auth-fixtures';
import { AuthContext, type AuthContextValue } from '../../lib/auth/auth-context';
import CatalogPage from './catalog-page';

const product = (name: string, overrides: Partial<Product> = {}): Product => ({
  id: `00000000-0000-4000-8000-${String(name.length).padStart(12, '0')}`,
  name,
  price: 100_000,
  retail_price: 150_000,
  on_sale: false,
  sale_price: null,
  on_sale_retail: false,
  sale_price_retail: null,
  discounts: [{ minQuantity: 6, discountType: 'percentage', discountValue: 10 }],
  stock: 20,
  has_unlimited_stock: false,
  is_enabled: true,
  min_quantity: 1,
  pack_size: 1,
  max_quantity: null,
  barcode: null,
  sku: null,
  category: 'Almacén',
  description: null,
  iva_rate: 21,
  weight_grams: null,
  image_url: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const page = (items: Product[]): ProductListResponse => ({ items, total: items.length, page: 1, page_size: 48 });

/** Only the auth state matters to the catalogue; the actions are never called here. */
function authValue(state: Pick<AuthContextValue, 'user' | 'profile' | 'loading'>): AuthContextValue {
  const unused = () => {
    throw new Error('not used in this test');
  };
  return {
    ...state,
    session: null,
    signIn: unused,
    signUp: unused,
    signOut: unused,
    refreshProfile: unused,
    verifyEmail: unused,
    resetPassword: unused,
    client: {} as AuthContextValue['client'],
  };
}

function renderCatalog(auth: AuthContextValue) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <AuthContext.Provider value={auth}>
        <MemoryRouter>{children}</MemoryRouter>
      </AuthContext.Provider>
    </QueryClientProvider>
  );
  return render(<CatalogPage />, { wrapper });
}

const money = (text: string | null) => (text ?? '').replace(/\u00a0/g, ' ');

beforeEach(() => dismissToast());
afterEach(() => vi.unstubAllGlobals());

describe('CatalogPage', () => {
  it('shows a visitor retail prices, an invitation to sign in, and no cart button; searches after a pause', async () => {
    const server = fakeServer({
      'GET /api/products': (call) =>
        jsonResponse(200, page(call.url.includes('search=az%C3%BAcar') ? [product('Azúcar 1 kg')] : [product('Aceite 900 ml'), product('Azúcar 1 kg')])),
      'GET /api/products/categories': () => jsonResponse(200, { items: ['Almacén', 'Bebidas'] }),
    });
    vi.stubGlobal('fetch', server.fetch);
    const user = userEvent.setup();
    renderCatalog(authValue({ user: null, profile: null, loading: false }));

    expect(await screen.findByRole('article', { name: 'Aceite 900 ml' })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('Estás viendo precios minoristas.');
    expect(screen.getByRole('link', { name: 'Iniciar Sesión' })).toHaveAttribute('href', '/login');
    expect(money(screen.getAllByTestId('unit-price')[0]!.textContent)).toContain('$ 1.500,00');
    expect(screen.queryByRole('button', { name: 'Agregar al carrito' })).not.toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Bebidas' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Buscar productos'), 'azúcar');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Aceite 900 ml' })).not.toBeInTheDocument());
    const searches = server.calls.filter((c) => c.url.startsWith('/api/products?') && c.url.includes('search='));
    // Debounced: one request for the whole word, not one per keystroke.
    expect(searches).toHaveLength(1);
    expect(searches[0]!.url).toContain('page_size=48');
  });

  it('tells an unapproved customer the account is pending and still shows no cart button', async () => {
    vi.stubGlobal('fetch', fakeServer({ 'GET /api/products': () => jsonResponse(200, page([product('Aceite 900 ml')])) }).fetch);
    renderCatalog(
      authValue({
        user: { id: '11111111-1111-4111-8111-111111111111', email: 'cliente@example.com', user_metadata: {} },
        profile: makeProfile({ approved: false }),
        loading: false,
      }),
    );
    expect(await screen.findByRole('article', { name: 'Aceite 900 ml' })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('pendiente de aprobación');
    expect(screen.queryByRole('button', { name: 'Agregar al carrito' })).not.toBeInTheDocument();
  });

  it('shows the destructive load-failure toast and a retry button when the list cannot be loaded', async () => {
    vi.stubGlobal('fetch', fakeServer({ 'GET /api/products': () => jsonResponse(503, { code: 'database_unavailable', message: 'x' }) }).fetch);
    renderCatalog(authValue({ user: null, profile: null, loading: false }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Error al cargar productos');
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
    expect(getToasts()[0]).toMatchObject({
      title: 'Error al cargar productos',
      description: 'No se pudieron obtener los productos. Intenta recargar la página.',
      variant: 'destructive',
    });
  });

  it('never shows a late answer for an older search over the newer one', async () => {
    let releaseOld: () => void = () => {};
    const server = fakeServer({
      'GET /api/products': (call) => {
        if (call.url.includes('search=aceite')) {
          // The older search answers last.
          return new Promise<Response>((resolve) => (releaseOld = () => resolve(jsonResponse(200, page([product('Aceite 900 ml')])))));
        }
        if (call.url.includes('search=az')) return jsonResponse(200, page([product('Azúcar 1 kg')]));
        return jsonResponse(200, page([product('Arroz 1 kg')]));
      },
    });
    vi.stubGlobal('fetch', server.fetch);
    const user = userEvent.setup();
    renderCatalog(authValue({ user: null, profile: null, loading: false }));
    expect(await screen.findByRole('article', { name: 'Arroz 1 kg' })).toBeInTheDocument();

    const box = screen.getByLabelText('Buscar productos');
    await user.type(box, 'aceite');
    await waitFor(() => expect(server.calls.some((c) => c.url.includes('search=aceite'))).toBe(true));
    await user.clear(box);
    await user.type(box, 'azúcar');
    expect(await screen.findByRole('article', { name: 'Azúcar 1 kg' })).toBeInTheDocument();
    releaseOld();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('article', { name: 'Aceite 900 ml' })).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Azúcar 1 kg' })).toBeInTheDocument();
  });

  it('keeps only the rows near the screen in the page, however many products are loaded', async () => {
    const many = Array.from({ length: 300 }, (_, i) => product(`Producto ${i}`, { id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}` }));
    vi.stubGlobal('fetch', fakeServer({ 'GET /api/products': () => jsonResponse(200, { ...page(many), total: 300 }) }).fetch);
    // jsdom lays nothing out: give every grid row a card's height, as a browser would.
    const rowHeight = vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.hasAttribute('data-index') ? 500 : 0;
    });
    try {
      renderCatalog(authValue({ user: null, profile: null, loading: false }));
      expect(await screen.findByRole('article', { name: 'Producto 0' })).toBeInTheDocument();
      const cards = screen.getAllByRole('article');
      // jsdom's window is 1024 × 768: three columns, two rows on screen and three more kept below.
      expect(cards.length).toBeGreaterThan(3);
      expect(cards.length).toBeLessThanOrEqual(5 * 3);
      expect(screen.getAllByRole('listitem')[0]).toHaveAttribute('aria-setsize', '300');
      expect(screen.getByText(/Mostrando 300 de 300/)).toBeInTheDocument();
    } finally {
      rowHeight.mockRestore();
    }
  });
});
