import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '@mayorista/core/schemas/auth';
import type { StaffRole } from '@mayorista/core/roles';
import { AuthContext, type AuthContextValue } from '../lib/auth/auth-context';
import { EntityHistory } from './entity-history';

const profile = (role: StaffRole): Profile => ({
  id: 'p-1',
  nombre: 'Ana',
  apellido: 'Dueña',
  email: 'ana@example.com',
  dni: '30111222',
  approved: true,
  is_admin: true,
  is_super_admin: role === 'owner',
  staff_role: role,
  saldo_puntos: 0,
});

const entry = {
  id: 7,
  at: '2026-11-26T13:05:00.000Z',
  actor_id: 'p-2',
  actor_name: 'Carla Gómez',
  actor_role: 'admin',
  action: 'order.status',
  entity: 'order',
  entity_id: 'o-1',
  summary: { before: { status: 'Pendiente', total: 100_000 }, after: { status: 'Confirmado', total: 100_000 } },
  ip: '10.0.0.1',
};

let answer: () => { status: number; body: unknown };
const urls: URL[] = [];
beforeEach(() => {
  urls.length = 0;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    urls.push(new URL(String(input), 'http://tienda.test'));
    const { status, body } = answer();
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => vi.restoreAllMocks());

function renderAs(role: StaffRole | null, children: ReactNode) {
  const auth = { profile: role ? profile(role) : null } as AuthContextValue;
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AuthContext.Provider value={auth}>{children}</AuthContext.Provider>
    </QueryClientProvider>,
  );
}

describe('EntityHistory', () => {
  it('the owner opens it: read only then, each row with who, role, when, what and before → after', async () => {
    answer = () => ({ status: 200, body: { items: [entry], total: 31 } });
    renderAs('owner', <EntityHistory entity="order" entityId="o-1" />);
    expect(screen.getByRole('heading', { name: 'Historial' })).toBeInTheDocument();
    expect(urls).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Ver historial' }));
    const list = await screen.findByRole('list', { name: 'Historial' });
    expect(urls[0]!.pathname).toBe('/api/admin/audit');
    expect(Object.fromEntries(urls[0]!.searchParams)).toMatchObject({ entity: 'order', entity_id: 'o-1', page_size: '20' });
    expect(list).toHaveTextContent('Cambió el estado de un pedido');
    expect(list).toHaveTextContent('Estado: Pendiente → Confirmado');
    expect(list).not.toHaveTextContent('Total');
    expect(list).toHaveTextContent('Carla Gómez (Administración)');
    expect(screen.getByText(/últimos 1 de 31/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ocultar historial' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('says so when nothing was recorded, and offers a retry when the log cannot be read', async () => {
    answer = () => ({ status: 200, body: { items: [], total: 0 } });
    const { unmount } = renderAs('owner', <EntityHistory entity="product" entityId="x-1" />);
    await userEvent.click(screen.getByRole('button', { name: 'Ver historial' }));
    expect(await screen.findByText('Todavía no hay cambios registrados.')).toBeInTheDocument();
    unmount();

    answer = () => ({ status: 500, body: { code: 'internal', message: 'Algo falló.' } });
    renderAs('owner', <EntityHistory entity="customer" entityId="c-1" />);
    await userEvent.click(screen.getByRole('button', { name: 'Ver historial' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No pudimos cargar el historial.');
    answer = () => ({ status: 200, body: { items: [entry], total: 1 } });
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Estado: Pendiente → Confirmado')).toBeInTheDocument();
  });

  it('is not there for those who may not read the log, nor outside the session provider', () => {
    const { container, unmount } = renderAs('admin', <EntityHistory entity="order" entityId="o-1" />);
    expect(container).toBeEmptyDOMElement();
    unmount();
    const bare = render(
      <QueryClientProvider client={new QueryClient()}>
        <EntityHistory entity="order" entityId="o-1" />
      </QueryClientProvider>,
    );
    expect(bare.container).toBeEmptyDOMElement();
    expect(urls).toHaveLength(0);
  });
});
