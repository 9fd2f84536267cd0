import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@mayorista/core/messages';
import type { StockMovement } from '@mayorista/core/schemas/ledger';
import { StockMovements } from './stock-movements';

const t = messages.ledgers;
const PRODUCT_ID = '11111111-2222-4333-8444-555555555555';

const movement = (id: number, kind: StockMovement['kind'], quantity: number, balance: number, extra: Partial<StockMovement> = {}): StockMovement => ({
  id,
  kind,
  quantity,
  balance,
  order_id: null,
  actor_id: null,
  actor_name: null,
  created_at: '2026-11-20T15:00:00.000Z',
  ...extra,
});

type Handler = (url: URL) => { status: number; body: unknown };
let handler: Handler;
const requested: URL[] = [];

beforeEach(() => {
  requested.length = 0;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://tienda.test');
    requested.push(url);
    const { status, body } = handler(url);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => vi.restoreAllMocks());

const renderHistory = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <StockMovements productId={PRODUCT_ID} />
    </QueryClientProvider>,
  );

describe('StockMovements (product editor)', () => {
  it('lists the movements newest first with kind, order, who, change and resulting stock, and pages them', async () => {
    handler = (url) => {
      const page = url.searchParams.get('page');
      const items =
        page === '2'
          ? [movement(1, 'opening', 10, 10)]
          : [
              movement(3, 'admin_edit', 5, 12, { actor_name: 'Ana Admin' }),
              movement(2, 'order', -3, 7, { order_id: 'abcdef12-0000-4000-8000-000000000000', actor_name: 'Lucas Comprador' }),
            ];
      return { status: 200, body: { items, total: 21, page: Number(page), page_size: 20 } };
    };
    const user = userEvent.setup();
    renderHistory();
    const list = await screen.findByRole('list', { name: t.stockHistoryTitle });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent(t.stockKinds.admin_edit);
    expect(rows[0]).toHaveTextContent('Ana Admin');
    expect(rows[0]).toHaveTextContent('+5');
    expect(rows[0]).toHaveTextContent(t.balanceAfter('12'));
    expect(rows[1]).toHaveTextContent(`${t.stockKinds.order} · ${t.orderRef('abcdef12')}`);
    expect(rows[1]).toHaveTextContent('-3');
    expect(requested[0]!.pathname).toBe(`/api/admin/products/${PRODUCT_ID}/stock-movements`);

    await user.click(screen.getByRole('button', { name: t.nextPage }));
    expect(await screen.findByText(t.stockKinds.opening)).toBeInTheDocument();
    expect(screen.getByText(t.system, { exact: false })).toBeInTheDocument();
    expect(requested.at(-1)!.searchParams.get('page')).toBe('2');
  });

  it('shows the empty state, and a failed load with a retry', async () => {
    let fail = true;
    handler = () => (fail ? { status: 503, body: { code: 'database_unavailable', message: 'Sin base.' } } : { status: 200, body: { items: [], total: 0, page: 1, page_size: 20 } });
    const user = userEvent.setup();
    renderHistory();
    expect(await screen.findByText(t.loadError)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: t.retry }));
    expect(await screen.findByText(t.empty)).toBeInTheDocument();
  });
});
