import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stockCount as t } from '@mayorista/core/messages/stockCount';
import type { Product } from '@mayorista/core/schemas/product';
import { makeProduct } from '../../test/test-products';
import AdminStockTab from './admin-stock-tab';

const YERBA = makeProduct({ id: 'aaaaaaaa-0000-4000-8000-000000000001', name: 'Yerba Playadito 1 kg', sku: 'YER-1', stock: 10 });
const AZUCAR = makeProduct({ id: 'aaaaaaaa-0000-4000-8000-000000000002', name: 'Azúcar Ledesma 1 kg', stock: 5 });
const ACEITE = makeProduct({ id: 'aaaaaaaa-0000-4000-8000-000000000003', name: 'Aceite Cocinero 1,5 l', stock: 7 });
const HIELO = makeProduct({ id: 'aaaaaaaa-0000-4000-8000-000000000004', name: 'Hielo en rolitos', stock: 0, has_unlimited_stock: true });

let products: Product[];
let countAnswer: { status: number; body: unknown };
const posted: unknown[] = [];
const listed: URL[] = [];

beforeEach(() => {
  products = [YERBA, AZUCAR, ACEITE, HIELO];
  posted.length = 0;
  listed.length = 0;
  countAnswer = { status: 200, body: { id: 'c1', changed: [], unchanged: 0 } };
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://tienda.test');
    if (url.pathname === '/api/admin/stock-counts') {
      const body = JSON.parse(String(init?.body)) as { counts: { product_id: string; counted: number }[] };
      posted.push(body);
      if (countAnswer.status === 200) products = products.map((p) => ({ ...p, stock: body.counts.find((c) => c.product_id === p.id)?.counted ?? p.stock }));
      return new Response(JSON.stringify(countAnswer.body), { status: countAnswer.status, headers: { 'content-type': 'application/json' } });
    }
    listed.push(url);
    const search = (url.searchParams.get('search') ?? '').toLowerCase();
    const items = products.filter((p) => p.name.toLowerCase().includes(search) || p.sku?.toLowerCase() === search);
    return new Response(JSON.stringify({ items, total: items.length, page: 1, page_size: 100 }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => vi.restoreAllMocks());

function renderTab() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AdminStockTab />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const counted = (name: string) => screen.getByLabelText(`${t.countedLabel} de ${name}`);

describe('Stock tab (the warehouse count)', () => {
  it('lists every product, disabled too, with its stock; unlimited stock has no field', async () => {
    renderTab();
    const list = await screen.findByRole('list', { name: t.listLabel });
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    expect(listed[0]!.searchParams.get('include_disabled')).toBe('1');
    expect(within(list).getByText(t.currentStock(10))).toBeInTheDocument();
    expect(counted(YERBA.name)).toHaveAttribute('inputmode', 'numeric');
    expect(within(list).getByText(t.unlimited)).toBeInTheDocument();
    expect(screen.queryByLabelText(`${t.countedLabel} de ${HIELO.name}`)).toBeNull();
  });

  it('sends only the lines that changed: an empty field and a count equal to the stock are left out', async () => {
    countAnswer = {
      status: 200,
      body: { id: 'c1', changed: [{ product_id: YERBA.id, before: 10, after: 12 }, { product_id: AZUCAR.id, before: 5, after: 0 }], unchanged: 0 },
    };
    const user = renderTab();
    await user.type(await screen.findByLabelText(`${t.countedLabel} de ${YERBA.name}`), '12');
    await user.type(counted(AZUCAR.name), '0');
    await user.type(counted(ACEITE.name), '7');
    expect(screen.getByText(t.pending(2))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t.save }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({ counts: [{ product_id: YERBA.id, counted: 12 }, { product_id: AZUCAR.id, counted: 0 }] });
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(t.saved(2));
    expect(status).toHaveTextContent(t.savedChange(YERBA.name, 10, 12));
    expect(status).toHaveTextContent(t.savedChange(AZUCAR.name, 5, 0));
    // The list reads the new stocks again, and what was counted is cleared.
    expect(await screen.findByText(t.currentStock(12))).toBeInTheDocument();
    expect(counted(YERBA.name)).toHaveValue('');
    expect(counted(ACEITE.name)).toHaveValue('');
    expect(screen.getByText(t.pending(0))).toBeInTheDocument();
  });

  it('keeps what was typed across searches and sends it in the same request', async () => {
    const user = renderTab();
    await user.type(await screen.findByLabelText(`${t.countedLabel} de ${YERBA.name}`), '3');
    await user.type(screen.getByLabelText(t.searchLabel), 'azúcar');
    await waitFor(() => expect(screen.queryByLabelText(`${t.countedLabel} de ${YERBA.name}`)).toBeNull());
    await user.type(counted(AZUCAR.name), '6');
    await user.click(screen.getByRole('button', { name: t.save }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({ counts: [{ product_id: YERBA.id, counted: 3 }, { product_id: AZUCAR.id, counted: 6 }] });
  });

  it.each(['-3', '2,5', '1.5', 'diez', '1000001'])('"%s" shows an error on its field and sends nothing', async (typed) => {
    const user = renderTab();
    await user.type(await screen.findByLabelText(`${t.countedLabel} de ${YERBA.name}`), typed);
    await user.type(counted(AZUCAR.name), '8');
    await user.click(screen.getByRole('button', { name: t.save }));
    expect(await screen.findByRole('alert')).toHaveTextContent(t.invalidLines);
    expect(counted(YERBA.name)).toHaveAttribute('aria-invalid', 'true');
    expect(counted(YERBA.name)).toHaveAccessibleDescription(t.countedInvalid);
    expect(counted(AZUCAR.name)).not.toHaveAttribute('aria-invalid');
    expect(posted).toEqual([]);
  });

  it('with nothing typed, says so and sends nothing', async () => {
    const user = renderTab();
    await screen.findByRole('list', { name: t.listLabel });
    await user.click(screen.getByRole('button', { name: t.save }));
    expect(await screen.findByRole('alert')).toHaveTextContent(t.nothingToSave);
    expect(posted).toEqual([]);
  });

  it("shows the server's refusal in Spanish and keeps what was typed", async () => {
    countAnswer = { status: 422, body: { code: 'stock_count_unknown_product', message: t.unknownProduct } };
    const user = renderTab();
    await user.type(await screen.findByLabelText(`${t.countedLabel} de ${YERBA.name}`), '4');
    await user.click(screen.getByRole('button', { name: t.save }));
    expect(await screen.findByRole('alert')).toHaveTextContent(t.unknownProduct);
    expect(counted(YERBA.name)).toHaveValue('4');
  });

  it('says when no product matches the search', async () => {
    products = [];
    renderTab();
    expect(await screen.findByText(t.empty)).toBeInTheDocument();
  });
});
