import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { priceLists as text } from '@mayorista/core/messages/priceLists';
import { dismissToast } from '../../components/ui/toast-store';
import { jsonResponse } from '../../test/auth-fixtures';
import { profileFor, renderWithAuth } from '../../test/render-with-auth';
import AdminPriceListsTab from './admin-price-lists-tab';
import { parsePercentage } from './components/price-list-form';

afterEach(() => {
  act(() => dismissToast());
  vi.unstubAllGlobals();
});

const routes: RouteObject[] = [{ path: '/admin', element: <AdminPriceListsTab /> }];
const stamp = '2026-11-20T10:00:00.000Z';
const lista2 = { id: crypto.randomUUID(), name: 'Lista 2', percentage: -5, customer_count: 3, item_count: 0, created_at: stamp, updated_at: stamp };
const yerba = { id: crypto.randomUUID(), name: 'Yerba 1 kg', sku: 'YER1', price: 100_000 };

function mount(extra: Record<string, () => Response> = {}) {
  return renderWithAuth({
    routes,
    path: '/admin',
    profile: profileFor('admin'),
    routesOverride: {
      'GET /api/admin/price-lists': () => jsonResponse(200, { items: [lista2] }),
      'GET /api/products': () => jsonResponse(200, { items: [yerba], total: 1, page: 1, page_size: 8 }),
      ...extra,
    },
  });
}

describe('Listas de precios tab', () => {
  it('shows each list with its percentage and customers', async () => {
    mount();
    const card = (await screen.findAllByRole('listitem'))[0]!;
    expect(within(card).getByText('Lista 2')).toBeInTheDocument();
    expect(within(card).getByText('−5 %')).toBeInTheDocument();
    expect(within(card).getByText(/3 clientes/)).toBeInTheDocument();
  });

  it('creates a list with an explicit price typed in pesos and sends centavos', async () => {
    const user = userEvent.setup();
    const created = { ...lista2, id: crypto.randomUUID(), name: 'Mayorista grande', percentage: -10, customer_count: 0, items: [] };
    const { server } = mount({ 'POST /api/admin/price-lists': () => jsonResponse(201, created) });
    await user.click(await screen.findByRole('button', { name: text.create }));
    await user.type(screen.getByLabelText(text.nameLabel), 'Mayorista grande');
    await user.type(screen.getByLabelText(text.percentageLabel), '−10');
    await user.type(screen.getByLabelText(text.searchLabel), 'yerba');
    await user.click(await screen.findByRole('button', { name: text.addProduct('Yerba 1 kg') }));
    await user.click(screen.getByRole('button', { name: text.save }));
    // An explicit price left empty is refused before anything is sent.
    expect(await screen.findByText(text.invalidPrice)).toBeInTheDocument();
    await user.type(screen.getByLabelText(text.explicitPriceLabel('Yerba 1 kg')), '850,50');
    await user.click(screen.getByRole('button', { name: text.save }));
    expect(await screen.findByText(text.saved('Mayorista grande'))).toBeInTheDocument();
    expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Mayorista grande',
      percentage: -10,
      items: [{ product_id: yerba.id, price: 85_050 }],
    });
    // Five fields typed key by key: on a loaded shared machine this takes longer than the default 5 s.
  }, 20_000);

  it('shows the server’s refusal to delete a list still assigned', async () => {
    const user = userEvent.setup();
    mount({
      [`DELETE /api/admin/price-lists/${lista2.id}`]: () =>
        jsonResponse(409, { code: 'price_list_in_use', message: text.inUse(3), customers: 3 }),
    });
    await user.click(await screen.findByRole('button', { name: text.remove('Lista 2') }));
    await user.click(within(screen.getByRole('group', { name: text.remove('Lista 2') })).getByRole('button', { name: text.removeShort }));
    await waitFor(() => expect(screen.getByText(text.inUse(3))).toBeInTheDocument());
  });

  it.each([
    ['−5', -5],
    ['-5', -5],
    ['12,5', 12.5],
    ['+3 %', 3],
    ['', Number.NaN],
    ['cinco', Number.NaN],
  ])('reads the percentage %s', (typed, expected) => {
    expect(parsePercentage(typed)).toEqual(expected);
  });
});
