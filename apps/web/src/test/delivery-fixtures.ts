import type { DeliveryDoneStop } from '@mayorista/core/schemas/deliveries';

/**
 * A stop finished that day (decision 066), as the driver's list and the owner's Repartos receive
 * it: stop 1, "Kiosco Uno", $ 300,00, delivered with nothing collected; the overrides make the
 * others (not delivered, a cheque, another stop).
 */
export function finishedStop(overrides: Partial<DeliveryDoneStop> = {}): DeliveryDoneStop {
  return {
    order_id: '11111111-0000-4000-8000-000000000001',
    customer_id: 'c',
    customer_name: 'Kiosco Uno',
    razon_social: null,
    address: null,
    stop: 1,
    total: 300_00,
    outcome: 'delivered',
    reason: null,
    note: null,
    rescheduled_to: null,
    collected: null,
    ...overrides,
  };
}
