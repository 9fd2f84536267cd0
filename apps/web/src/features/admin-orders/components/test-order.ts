import type { AdminOrder } from '../api/admin-orders-api';

/** Beatriz Sosa's $ 7.500 order, "Pendiente", as the admin's list answers it; the component tests give it their own fields. */
export function testOrder(overrides: Partial<AdminOrder> = {}): AdminOrder {
  return {
    id: '11111111-2222-4333-8444-555555555555',
    user_id: 'u-1',
    user_info: { nombre: 'Beatriz', apellido: 'Sosa', email: 'bea@example.com', dni: '30111222' },
    items: [],
    total: 750_000,
    total_savings: 0,
    iva: null,
    status: 'Pendiente',
    observaciones: '',
    canjeado_con_puntos: false,
    created_at: '2026-11-20T15:00:00.000Z',
    updated_at: '2026-11-20T15:00:00.000Z',
    ...overrides,
  };
}
