import type { PaymentMethod } from '@mayorista/core/schemas/receivables';
import type { Collection } from './rendicion-api';

/** One rep's day: their receipts and what they add up to, reversed payments left out of the sums. */
export interface RepDay {
  repId: string;
  repName: string;
  items: Collection[];
  cash: number;
  cheques: { total: number; count: number };
  /** Transfers, Mercado Pago and other methods, each with its total, in that order; only those used. */
  others: { method: PaymentMethod; total: number }[];
  total: number;
  /** Receipts not yet confirmed, reversed ones left out (nothing to hand in for them). */
  pending: Collection[];
}

const OTHER_METHODS: readonly PaymentMethod[] = ['transfer', 'mercado_pago', 'other'];

function repDayOf(items: Collection[]): RepDay {
  const counted = items.filter((c) => !c.reversed);
  const sum = (list: Collection[]) => list.reduce((total, c) => total + c.amount, 0);
  const cheques = counted.filter((c) => c.method === 'cheque');
  const others = OTHER_METHODS.map((method) => ({ method, total: sum(counted.filter((c) => c.method === method)) })).filter((o) => o.total > 0);
  return {
    repId: items[0]!.rep_id,
    repName: items[0]!.rep_name,
    items,
    cash: sum(counted.filter((c) => c.method === 'cash')),
    cheques: { total: sum(cheques), count: cheques.length },
    others,
    total: sum(counted),
    pending: counted.filter((c) => c.confirmed_at === null),
  };
}

/** The day's collections per rep, in the server's order (by rep name, then as recorded). */
export function repDaysOf(items: readonly Collection[]): RepDay[] {
  const byRep = new Map<string, Collection[]>();
  for (const item of items) byRep.set(item.rep_id, [...(byRep.get(item.rep_id) ?? []), item]);
  return [...byRep.values()].map(repDayOf);
}

