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
let reserved: Record<string, number>;
const reservedAsked: string[][] = [];
let countAnswer: { status: number; body: unknown };
const posted: unknown[] = [];
const listed: URL[] = [];

beforeEach(() => {
  products = [YERBA, AZUCAR, ACEITE, HIELO];
  reserved = {};
  reservedAsked.length = 0;
  posted.length = 0;
  listed.length = 0;
  countAnswer = { status: 200, body: { id: 'c1', changed: [], unchanged: 0 } };
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://tienda.test');
    if (url.pathname === '/api/admin/stock-counts/reserved') {
      const ids = url.searchParams.get('ids')!.split(',');
      reservedAsked.push(ids);
      const answer = Object.fromEntries(ids.filter((id) => reserved[id]).map((id) => [id, reserved[id]]));
      return new Response(JSON.stringify({ reserved: answer }), { status: 200, headers: { 'content-type': 'application/json' } });
    }
    if (url.pathname === '/api/admin/stock-counts') {
      const body = JSON.parse(String(init?.body)) as { counts: { product_id: string; counted: number }[] };
      posted.push(body);
      if (countAnswer.status === 200) products = products.map((p) => ({ ...p, stock: (body.counts.find((c) => c.product_id === p.id)?.counted ?? p.stock + (reserved[p.id] ?? 0)) - (reserved[p.id] ?? 0) }));
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

const counted = (name: string) => screen.getByLabelText(t.countedLabelFor(name));

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

  it('sends every filled line, a count equal to the stock too (the server says whether it changes); an empty field is left out', async () => {
    countAnswer = {
      status: 200,
      body: {
        id: 'c1',
        changed: [
          { product_id: YERBA.id, before: 10, after: 12, counted: 12, reserved: 0 },
          { product_id: AZUCAR.id, before: 5, after: 0, counted: 0, reserved: 0 },
        ],
        unchanged: 1,
      },
    };
    const user = renderTab();
    await user.type(await screen.findByLabelText(`${t.countedLabel} de ${YERBA.name}`), '12');
    await user.type(counted(AZUCAR.name), '0');
    await user.type(counted(ACEITE.name), '7');
    expect(screen.getByText(t.pending(3))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t.save }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({ counts: [{ product_id: YERBA.id, counted: 12 }, { product_id: AZUCAR.id, counted: 0 }, { product_id: ACEITE.id, counted: 7 }] });
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(t.saved(2));
    expect(status).toHaveTextContent(t.savedChange(YERBA.name, 10, 12, 12, 0));
    expect(status).toHaveTextContent(t.savedChange(AZUCAR.name, 5, 0, 0, 0));
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
    expect(counted(YERBA.name)).toHaveAccessibleDescription(`${t.currentStock(10)} ${t.countedInvalid}`);
    expect(counted(YERBA.name)).toHaveFocus();
    expect(counted(AZUCAR.name)).not.toHaveAttribute('aria-invalid');
    expect(posted).toEqual([]);
  });

  it('with several wrong fields, the focus goes to the first one in the list, whatever the order they were typed in', async () => {
    const user = renderTab();
    await user.type(await screen.findByLabelText(t.countedLabelFor(ACEITE.name)), 'x');
    await user.type(counted(AZUCAR.name), '-1');
    await user.type(counted(YERBA.name), '4');
    await user.click(screen.getByRole('button', { name: t.save }));
    expect(await screen.findByRole('alert')).toHaveTextContent(t.invalidLines);
    expect(counted(AZUCAR.name)).toHaveFocus();
    expect(counted(ACEITE.name)).toHaveAttribute('aria-invalid', 'true');
  });

  it('while typing a count, the field is described by the stock and, when orders hold some, by what should be on the shelf', async () => {
    reserved = { [YERBA.id]: 1200 };
    products = [{ ...YERBA, stock: 2500 }, AZUCAR];
    renderTab();
    await screen.findByText(t.reservedHint(1200, 3700));
    expect(screen.getByText('1.200 en pedidos sin preparar: en el estante deberían estar 3.700')).toBeInTheDocument();
    expect(counted(YERBA.name)).toHaveAccessibleDescription('Stock actual: 2.500 1.200 en pedidos sin preparar: en el estante deberían estar 3.700');
    expect(counted(AZUCAR.name)).toHaveAccessibleDescription(t.currentStock(5));
    expect(counted(AZUCAR.name)).toHaveAccessibleName('Contado de Azúcar Ledesma 1 kg');
  });

  it('the pending counter is not a live region (it would speak on every keystroke)', async () => {
    const user = renderTab();
    await user.type(await screen.findByLabelText(t.countedLabelFor(YERBA.name)), '3');
    const pending = screen.getByText(t.pending(1));
    expect(pending.closest('[aria-live]')).toBeNull();
    expect(pending.closest('[role="status"], [role="alert"], [role="log"]')).toBeNull();
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

  it('shows the units of unprepared orders and the expected shelf count only when there are some; one reserved read per page, without unlimited products', async () => {
    reserved = { [YERBA.id]: 3 };
    renderTab();
    const list = await screen.findByRole('list', { name: t.listLabel });
    const items = within(list).getAllByRole('listitem');
    expect(await within(items[0]!).findByText(t.reservedHint(3, 13))).toBeInTheDocument();
    expect(within(items[0]!).getByText(t.currentStock(10))).toBeInTheDocument();
    for (const item of items.slice(1)) expect(within(item).queryByText(/en pedidos sin preparar/)).toBeNull();
    expect(reservedAsked).toEqual([[YERBA.id, AZUCAR.id, ACEITE.id]]);
  });

  it('sends a count equal to the expected shelf count too: an order prepared or cancelled since the list was read would leave the stock wrong otherwise', async () => {
    reserved = { [YERBA.id]: 3, [AZUCAR.id]: 2 };
    countAnswer = { status: 200, body: { id: 'c1', changed: [{ product_id: AZUCAR.id, before: 5, after: 3, counted: 5, reserved: 2 }], unchanged: 1 } };
    const user = renderTab();
    await screen.findByText(t.reservedHint(3, 13));
    // Yerba: 10 in stock + 3 in orders = 13 on the shelf, as the screen read it: sent anyway, the server decides.
    await user.type(counted(YERBA.name), '13');
    // Azúcar: 5 in stock + 2 in orders = 7 expected; 5 counted (equal to the stock) is a change.
    await user.type(counted(AZUCAR.name), '5');
    expect(screen.getByText(t.pending(2))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t.save }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({ counts: [{ product_id: YERBA.id, counted: 13 }, { product_id: AZUCAR.id, counted: 5 }] });
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(t.savedChange(AZUCAR.name, 5, 3, 5, 2));
    expect(status).toHaveTextContent('«Azúcar Ledesma 1 kg»: stock de 5 a 3 (contaste 5; 2 en pedidos sin preparar)');
  });

  it('shows the refusal of a count below the units of unprepared orders next to the save button, keeping what was typed', async () => {
    reserved = { [YERBA.id]: 5 };
    const message = t.belowReserved(YERBA.name, 3, 5);
    countAnswer = { status: 422, body: { code: 'stock_count_below_reserved', message } };
    const user = renderTab();
    await screen.findByText(t.reservedHint(5, 15));
    await user.type(counted(YERBA.name), '3');
    await user.click(screen.getByRole('button', { name: t.save }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`Contaste 3 de «${YERBA.name}», pero hay 5 en pedidos sin preparar.`);
    expect(counted(YERBA.name)).toHaveValue('3');
  });

  it('says when no product matches the search', async () => {
    products = [];
    renderTab();
    expect(await screen.findByText(t.empty)).toBeInTheDocument();
  });
});
