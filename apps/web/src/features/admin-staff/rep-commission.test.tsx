import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '@mayorista/core/money';
import type { StaffMember } from '@mayorista/core/schemas/staff';
import { RepCommission } from './rep-commission';

const money = (centavos: number) => formatMoney(centavos).replace(/\u00a0/g, ' ');

const rep: StaffMember = { id: 'r-1', nombre: 'Vera', apellido: 'Vendedora', email: 'vera@example.com', role: 'sales', customers: 2, commission_bp: null };
const patches: unknown[] = [];
let rate: number | null = null;

beforeEach(() => {
  patches.length = 0;
  rate = null;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init = {}) => {
    const url = new URL(String(input), 'http://tienda.test');
    let body: unknown;
    if (init.method === 'PATCH') {
      const sent = JSON.parse(String(init.body)) as { commission_bp: number | null };
      patches.push(sent);
      rate = sent.commission_bp;
      body = { items: [{ ...rep, commission_bp: rate }], invitations: [] };
    } else {
      expect(url.pathname).toBe('/api/admin/reps/r-1/summary');
      const commission = rate === null ? 0 : Math.floor((1_000_000 * rate + 5_000) / 10_000);
      body = { from: '2026-10-27', to: '2026-11-26', orders: 3, sales_total: 1_000_000, collections: 1, collections_total: 50_000, commission_bp: rate, commission };
    }
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => vi.restoreAllMocks());

describe('RepCommission', () => {
  it('reads the typed percentage the Argentine way, refuses three decimals, and shows what it comes to', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RepCommission member={rep} name="Vera Vendedora" />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Sin comisión.')).toBeInTheDocument();
    const box = screen.getByLabelText('Comisión de Vera Vendedora (%)');
    await userEvent.type(box, '2,555');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar comisión' }));
    expect(box).toHaveAccessibleDescription(/hasta dos decimales/);
    expect(patches).toEqual([]);

    await userEvent.clear(box);
    await userEvent.type(box, '2,5');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar comisión' }));
    expect(await screen.findByText(`Últimos 30 días: ${money(25_000)} de comisión sobre ${money(1_000_000)} vendidos.`)).toBeInTheDocument();
    expect(patches).toEqual([{ commission_bp: 250 }]);
    expect(box).not.toHaveAttribute('aria-invalid');
  });
});
