import { describe, expect, it } from 'vitest';
import type { OrderEditEntry } from '@mayorista/core/schemas/order-life';
import type { AuditEntry } from '@mayorista/core/schemas/staff';
import { mergeOrderHistory } from './order-history';

const edit = (id: number, at: string): OrderEditEntry => ({ id, actor_name: 'Ana', reason: 'r', reprice: false, before_total: 1, after_total: 2, before_items: [], after_items: [], created_at: at });
const row = (id: number, at: string, action: string): AuditEntry => ({ id, at, actor_id: null, actor_name: 'Ana', actor_role: 'owner', action, entity: 'order', entity_id: 'o', summary: {}, ip: null });

describe('mergeOrderHistory', () => {
  it('pairs an edit with the edit or delivery row of its transaction (same time), never with another action, newest first', () => {
    const t1 = '2026-11-26T10:00:00.000Z';
    const t2 = '2026-11-26T11:00:00.000Z';
    const t3 = '2026-11-26T12:00:00.000Z';
    const events = mergeOrderHistory([edit(1, t1), edit(2, t3)], [row(5, t3, 'order.delivered'), row(4, t2, 'order.status'), row(3, t1, 'order.status')]);
    expect(events.map((e) => [e.at, e.audit?.id ?? null, e.edit?.id ?? null])).toEqual([
      [t3, 5, 2],
      [t2, 4, null],
      [t1, 3, null],
      [t1, null, 1],
    ]);
  });

  it('without the log, the edits alone, newest first', () => {
    const events = mergeOrderHistory([edit(1, '2026-11-26T10:00:00.000Z'), edit(2, '2026-11-26T12:00:00.000Z')], []);
    expect(events.map((e) => e.edit!.id)).toEqual([2, 1]);
  });
});
