import { describe, expect, it, vi } from 'vitest';
import { render as renderDom, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import userEvent from '@testing-library/user-event';
import type { Product } from '@mayorista/core/schemas/product';
import { ProductCard } from './product-card';

/** The card links its name to the product page, so it renders inside a router. */
const render = (ui: ReactElement) => renderDom(ui, { wrapper: MemoryRouter });

// Intl puts a non-breaking space between "$" and the amount.
const money = (text: string) => text.replace(/\u00a0/g, ' ');
const textOf = (element: HTMLElement) => money(element.textContent ?? '');

const product = (overrides: Partial<Product> = {}): Product => ({
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Yerba Mate 1 kg',
  price: 200_000,
  retail_price: 250_000,
  on_sale: false,
  sale_price: null,
  on_sale_retail: false,
  sale_price_retail: null,
  discounts: [
    { minQuantity: 12, discountType: 'final_price', discountValue: 123_400 },
    { minQuantity: 6, discountType: 'percentage', discountValue: 10 },
  ],
  stock: 50,
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
  image_url: '/uploads/a.webp',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

describe('ProductCard', () => {
  it('shows the wholesale price and the tier ladder, ascending, to an approved customer', () => {
    render(<ProductCard product={product()} kind="wholesale" onAddToCart={() => undefined} />);
    expect(textOf(screen.getByTestId('unit-price'))).toContain('$ 2.000,00');
    const ladder = screen.getByRole('list', { name: 'Descuentos por cantidad' });
    expect(within(ladder).getAllByRole('listitem').map(textOf)).toEqual([
      'Desde 6 u.: $ 1.800,00 c/u',
      'Desde 12 u.: $ 1.234,00 c/u',
    ]);
  });

  it('shows retail prices, no tiers and no cart button to a visitor', () => {
    render(<ProductCard product={product()} kind="retail" />);
    expect(textOf(screen.getByTestId('unit-price'))).toContain('$ 2.500,00');
    expect(screen.queryByRole('list', { name: 'Descuentos por cantidad' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Agregar al carrito' })).not.toBeInTheDocument();
  });

  it('marks a sale with a badge and the struck-through base price, and drops the ladder', () => {
    const { container } = render(
      <ProductCard product={product({ on_sale: true, sale_price: 150_000 })} kind="wholesale" onAddToCart={() => undefined} />,
    );
    expect(screen.getByText('Oferta')).toBeInTheDocument();
    expect(textOf(container.querySelector('s')!)).toBe('Precio anterior: $ 2.000,00');
    expect(textOf(screen.getByTestId('unit-price'))).toContain('$ 1.500,00');
    expect(screen.queryByRole('list', { name: 'Descuentos por cantidad' })).not.toBeInTheDocument();
  });

  it('shows the retail sale only to retail viewers', () => {
    const onRetailSale = product({ on_sale_retail: true, sale_price_retail: 199_900 });
    const { unmount } = render(<ProductCard product={onRetailSale} kind="retail" />);
    expect(textOf(screen.getByTestId('unit-price'))).toContain('$ 1.999,00');
    unmount();
    render(<ProductCard product={onRetailSale} kind="wholesale" />);
    expect(screen.queryByText('Oferta')).not.toBeInTheDocument();
  });

  it.each([
    [{ stock: 5 }, 'Quedan 5'],
    [{ stock: 0 }, 'Sin stock'],
  ])('shows the stock state %o', (overrides, label) => {
    render(<ProductCard product={product(overrides)} kind="wholesale" onAddToCart={() => undefined} />);
    expect(screen.getByText(label)).toBeInTheDocument();
  });

  it('does not warn about plenty of stock or unlimited stock, and never offers a sold-out product', () => {
    const { unmount } = render(<ProductCard product={product({ stock: 0, has_unlimited_stock: true })} kind="wholesale" onAddToCart={() => undefined} />);
    expect(screen.queryByText(/Quedan|Sin stock/)).not.toBeInTheDocument();
    unmount();
    render(<ProductCard product={product({ stock: 0 })} kind="wholesale" onAddToCart={() => undefined} />);
    expect(screen.queryByRole('button', { name: 'Agregar al carrito' })).not.toBeInTheDocument();
  });

  it('keeps a quantity above the stock as typed, with the spec refusal, and adds the chosen quantity', async () => {
    const user = userEvent.setup();
    const onAddToCart = vi.fn();
    render(<ProductCard product={product({ stock: 7 })} kind="wholesale" onAddToCart={onAddToCart} />);
    expect(money(screen.getByText(/^Agregá/).textContent!)).toBe('Agregá 5 más y pagás $ 1.800,00 c/u');

    const quantity = screen.getByLabelText('Cantidad: Yerba Mate 1 kg');
    await user.clear(quantity);
    await user.type(quantity, '40');
    // The wholesale-ordering work (decision 016): never silently turned into the stock; the buyer is told why.
    expect(quantity).toHaveValue('40');
    expect(screen.getByTestId('quantity-problem')).toHaveTextContent('No hay suficiente stock para Yerba Mate 1 kg');
    expect(quantity).toHaveAccessibleDescription('No hay suficiente stock para Yerba Mate 1 kg');
    expect(screen.getByRole('button', { name: 'Sumar una unidad' })).toBeDisabled();

    await user.clear(quantity);
    await user.type(quantity, '7');
    await user.click(screen.getByRole('button', { name: 'Restar una unidad' }));
    expect(quantity).toHaveValue('6');
    expect(screen.getByTestId('quantity-problem')).toBeEmptyDOMElement();
    await user.click(screen.getByRole('button', { name: 'Agregar al carrito' }));
    expect(onAddToCart).toHaveBeenCalledWith(expect.objectContaining({ id: '11111111-1111-4111-8111-111111111111' }), 6);
  });

  it('shows no empty box without an image, and the pack and minimum before they matter', () => {
    const { container } = render(
      <ProductCard product={product({ image_url: null, pack_size: 12, min_quantity: 24 })} kind="wholesale" onAddToCart={() => undefined} />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(screen.queryByText('Sin imagen')).toBeNull();
    expect(screen.getByTestId('quantity-rules')).toHaveTextContent('Bulto x 12Mínimo 24 u.');
    expect(screen.getByLabelText('Cantidad: Yerba Mate 1 kg')).toHaveValue('24');
  });

  it('reserves the image box and loads it lazily', () => {
    const { container } = render(<ProductCard product={product({ image_url: '/storage/x.webp' })} kind="retail" />);
    const image = container.querySelector('img')!;
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width');
    expect(image).toHaveAttribute('height');
  });

  it('links the name to the product page and offers the star only with a toggle, pressed when starred', async () => {
    const onToggleFavorite = vi.fn();
    const { unmount } = render(<ProductCard product={product()} kind="retail" />);
    expect(screen.getByRole('link', { name: 'Yerba Mate 1 kg' })).toHaveAttribute('href', expect.stringMatching(/^\/catalogo\/yerba-mate-1-kg-[0-9a-f]{12}$/));
    expect(screen.queryByTestId('favorite-star')).toBeNull();
    unmount();
    render(<ProductCard product={product()} kind="wholesale" onAddToCart={() => undefined} starred onToggleFavorite={onToggleFavorite} />);
    const star = screen.getByRole('button', { name: 'Quitar Yerba Mate 1 kg de favoritos' });
    expect(star).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(star);
    expect(onToggleFavorite).toHaveBeenCalledWith(product().id, false);
  });
});
