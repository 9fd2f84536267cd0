import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '@mayorista/core/schemas/staff';
import AdminAuditTab from './admin-audit-tab';

// Who issues the documents, as the owner saved it in Ajustes (decision 082): the log keeps the 11 digits.
const issuerSaved: AuditEntry = {
  id: 9,
  at: '2026-11-26T20:05:00.000Z',
  actor_id: 'p-1',
  actor_name: 'Ana Dueña',
  actor_role: 'owner',
  action: 'settings.update',
  entity: 'settings',
  entity_id: 'app',
  summary: { before: { business_cuit: null }, after: { business_cuit: '30712345671' } },
  ip: null,
};

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(
    async () => new Response(JSON.stringify({ items: [issuerSaved], total: 1 }), { status: 200, headers: { 'content-type': 'application/json' } }),
  );
});
afterEach(() => vi.restoreAllMocks());

describe('AdminAuditTab (Actividad)', () => {
  it('shows a CUIT as every screen does, 30-71234567-1', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AdminAuditTab />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('CUIT del negocio: — → 30-71234567-1')).toBeInTheDocument();
    expect(screen.queryByText(/30712345671/)).not.toBeInTheDocument();
  });
});
