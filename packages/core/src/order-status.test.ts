import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type OrderStatus } from './constants';
import {
  canTransitionOrder,
  FINAL_ORDER_STATUSES,
  isDestructiveTransition,
  isFinalOrderStatus,
  isOrderStatus,
  nextOrderStatuses,
  transitionRefundsPoints,
  transitionRestocks,
} from './order-status';

// The full matrix, written out by hand from the admin-orders work so a change to the table must change this test.
const ALLOWED: Array<[OrderStatus, OrderStatus]> = [
  ['Pendiente', 'Confirmado'],
  ['Pendiente', 'Cancelado'],
  ['Confirmado', 'Preparado'],
  ['Confirmado', 'Cancelado'],
  ['Preparado', 'Entregado'],
  ['Preparado', 'Cancelado'],
  ['Pendiente de Canje', 'Canjeado'],
  ['Pendiente de Canje', 'Rechazado'],
  ['Pendiente de Canje', 'Cancelado'],
];
const isAllowed = (from: OrderStatus, to: OrderStatus) => ALLOWED.some(([f, t]) => f === from && t === to);
const everyPair = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => [from, to] as [OrderStatus, OrderStatus]));

describe('order status transitions', () => {
  it.each(ALLOWED)('%s → %s is allowed', (from, to) => {
    expect(canTransitionOrder(from, to)).toBe(true);
    expect(nextOrderStatuses(from)).toContain(to);
  });

  it.each(everyPair.filter(([from, to]) => !isAllowed(from, to)))('%s → %s is forbidden', (from, to) => {
    expect(canTransitionOrder(from, to)).toBe(false);
    expect(nextOrderStatuses(from)).not.toContain(to);
  });

  it('has exactly the four final statuses, with no way out of them', () => {
    expect([...FINAL_ORDER_STATUSES].sort()).toEqual(['Cancelado', 'Canjeado', 'Entregado', 'Rechazado']);
    for (const status of FINAL_ORDER_STATUSES) {
      expect(isFinalOrderStatus(status)).toBe(true);
      expect(nextOrderStatuses(status)).toEqual([]);
    }
    expect(isFinalOrderStatus('Pendiente')).toBe(false);
  });

  it('every non-final status can be cancelled; only a points order can be rejected', () => {
    for (const status of ORDER_STATUSES.filter((s) => !isFinalOrderStatus(s))) {
      expect(canTransitionOrder(status, 'Cancelado')).toBe(true);
    }
    expect(ORDER_STATUSES.filter((s) => canTransitionOrder(s, 'Rechazado'))).toEqual(['Pendiente de Canje']);
  });

  it('restocks on cancel and reject, refunds points only on reject', () => {
    expect(ORDER_STATUSES.filter(transitionRestocks)).toEqual(['Cancelado', 'Rechazado']);
    expect(ORDER_STATUSES.filter(transitionRefundsPoints)).toEqual(['Cancelado', 'Rechazado']);
    expect(ORDER_STATUSES.filter(isDestructiveTransition)).toEqual(['Cancelado', 'Rechazado']);
  });

  it('recognises only the known statuses', () => {
    expect(isOrderStatus('Pendiente de Canje')).toBe(true);
    expect(isOrderStatus('pendiente')).toBe(false);
    expect(isOrderStatus('Enviado')).toBe(false);
  });
});
