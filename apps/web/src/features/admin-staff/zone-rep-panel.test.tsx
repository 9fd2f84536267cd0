import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffMember } from '@mayorista/core/schemas/staff';
import { dismissToast, getToasts } from '../../components/ui/toast-store';
import { ZoneRepPanel } from './zone-rep-panel';

const rep: StaffMember = { id: 'r-1', nombre: 'Vera', apellido: 'Vendedora', email: 'vera@example.com', role: 'sales', customers: 2, commission_bp: null };
const zone = { id: 4, name: 'Zona Norte', weekdays: [1, 4], cutoff_days_before: 1, cutoff_time: '18:00', min_order: null, driver_id: null, customers: 12 };
const sent: Array<{ url: string; method: string; body: unknown }> = [];

beforeEach(() => {
  sent.length = 0;
  dismissToast();
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init = {}) => {
    const url = new URL(String(input), 'http://tienda.test');
    sent.push({ url: url.pathname, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : null });
    const body = url.pathname === '/api/admin/zones' ? { items: [zone] } : { zone_id: 4, rep_id: 'r-1', customers: 12 };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => vi.restoreAllMocks());

describe('ZoneRepPanel', () => {
  it('asks before giving the whole zone to the rep, then sends { rep_id } and says how many', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ZoneRepPanel reps={[rep]} />
      </QueryClientProvider>,
    );
    const submit = screen.getByRole('button', { name: 'Asignar toda la zona' });
    expect(submit).toBeDisabled();
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Zona' }), await screen.findByRole('option', { name: 'Zona Norte (12 clientes)' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Vendedor' }), 'r-1');
    await userEvent.click(submit);
    expect(confirm).toHaveBeenLastCalledWith('¿Asignar los 12 clientes de Zona Norte a Vera Vendedora?');
    expect(sent.filter((r) => r.method === 'PATCH')).toEqual([]);
    await userEvent.click(submit);
    await vi.waitFor(() => expect(getToasts().map((t) => t.title)).toContain('Listo: los 12 clientes de Zona Norte quedaron con Vera Vendedora.'));
    expect(sent.filter((r) => r.method === 'PATCH')).toEqual([{ url: '/api/admin/zones/4/rep', method: 'PATCH', body: { rep_id: 'r-1' } }]);
  });
});
