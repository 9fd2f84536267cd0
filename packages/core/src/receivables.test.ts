import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  agingAt,
  allocatePayment,
  availableCredit,
  businessDay,
  chequeProblem,
  creditDecision,
  creditRefusalMessage,
  limitRefusalAdvice,
  daysBetween,
  dueDateFor,
  formatReceiptNumber,
  nextDueAt,
  overdueAt,
  paymentEffectiveDay,
  whatsappReminderText,
  type OpenItem,
} from './receivables';
import { formatMoney } from './money';
import { paymentRequestSchema } from './schemas/receivables';

describe('due dates', () => {
  it.each([
    ['2026-11-26', 0, '2026-11-26'],
    ['2026-11-26', 7, '2026-12-03'],
    ['2026-12-20', 15, '2027-01-04'],
    ['2028-02-15', 30, '2028-03-16'],
  ])('delivered %s with %i days falls due %s (Contado: the same day)', (delivered, terms, due) => {
    expect(dueDateFor(delivered, terms)).toBe(due);
  });

  it('counts days across months and years', () => {
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1);
    expect(daysBetween('2027-01-01', '2026-12-31')).toBe(-1);
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });

  it("takes the business's day in Buenos Aires, not the server's", () => {
    // 02:30 UTC is still the previous evening in Buenos Aires (UTC−3).
    expect(businessDay(new Date('2026-11-27T02:30:00Z'))).toBe('2026-11-26');
    expect(businessDay(new Date('2026-11-27T03:30:00Z'))).toBe('2026-11-27');
  });
});

const item = (id: number, due_date: string, open: number, order_id: string | null = `o${id}`): OpenItem => ({
  id,
  order_id,
  due_date,
  open,
});

describe('allocatePayment', () => {
  const items = [item(3, '2026-03-01', 500), item(1, '2026-01-01', 1000), item(2, '2026-01-01', 700)];

  it('pays the oldest due first (ties by posting order) and keeps what is left a favor', () => {
    expect(allocatePayment(1500, items)).toEqual({
      allocations: [
        { id: 1, order_id: 'o1', amount: 1000 },
        { id: 2, order_id: 'o2', amount: 500 },
      ],
      unapplied: 0,
      unknownOrders: [],
    });
    expect(allocatePayment(3000, items).unapplied).toBe(800);
  });

  it('pays the picked orders first, then FIFO', () => {
    expect(allocatePayment(800, items, ['o3']).allocations).toEqual([
      { id: 3, order_id: 'o3', amount: 500 },
      { id: 1, order_id: 'o1', amount: 300 },
    ]);
  });

  it('names picked orders that have nothing open', () => {
    expect(allocatePayment(100, [...items, item(9, '2026-01-01', 0)], ['o9', 'zz']).unknownOrders).toEqual(['o9', 'zz']);
  });

  it('never applies more than the amount nor more than an item owes (property)', () => {
    const arbItems = fc.array(
      fc.record({
        id: fc.nat(1000),
        order_id: fc.constantFrom('a', 'b', 'c', null),
        due_date: fc.constantFrom('2026-01-01', '2026-02-01', '2026-03-01'),
        open: fc.integer({ min: 0, max: 10_000 }),
      }),
      { maxLength: 20 },
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), arbItems, fc.subarray(['a', 'b', 'c']), (amount, open, picked) => {
        const unique = open.map((o, i) => ({ ...o, id: i }));
        const result = allocatePayment(amount, unique, picked);
        const applied = result.allocations.reduce((s, a) => s + a.amount, 0);
        expect(applied + result.unapplied).toBe(amount);
        for (const a of result.allocations) expect(a.amount).toBeLessThanOrEqual(unique[a.id]!.open);
        const totalOpen = unique.reduce((s, o) => s + o.open, 0);
        expect(result.unapplied).toBe(Math.max(0, amount - totalOpen));
      }),
    );
  });
});

describe('aging, overdue and next due', () => {
  const today = '2026-06-30';
  const open = [
    item(1, '2026-07-05', 100),
    item(2, '2026-06-30', 200), // due today: not late yet
    item(3, '2026-06-29', 300), // 1 day
    item(4, '2026-05-31', 400), // 30 days
    item(5, '2026-05-30', 500), // 31 days
    item(6, '2026-04-01', 600), // 90 days
    item(7, '2026-03-31', 700), // 91 days
    item(8, '2026-01-01', 0), // paid
  ];

  it('puts each open amount in its bucket at the given day', () => {
    expect(agingAt(open, today)).toEqual({ al_dia: 300, d1_30: 700, d31_60: 500, d61_90: 600, over_90: 700 });
  });

  it('sums what is overdue and how late the oldest is', () => {
    expect(overdueAt(open, today)).toEqual({ overdue: 2500, days: 91 });
    expect(overdueAt([item(1, today, 100)], today)).toEqual({ overdue: 0, days: 0 });
  });

  it('finds the next due day (today included) and what falls due then', () => {
    expect(nextDueAt([...open, item(9, '2026-06-30', 50)], today)).toEqual({ date: '2026-06-30', amount: 250 });
    expect(nextDueAt([item(1, '2026-01-01', 10)], today)).toBeNull();
  });
});

describe('credit check', () => {
  const base = {
    creditLimit: 100_000,
    balance: 30_000,
    undelivered: 20_000,
    orderTotal: 50_000,
    overdueDays: 0,
    overdue: 0,
    overdueDaysLimit: 15,
  };

  it('allows an order that uses exactly the last of the credit', () => {
    expect(creditDecision(base)).toEqual({ ok: true });
    expect(availableCredit(100_000, 30_000, 20_000)).toBe(50_000);
  });

  it('refuses one centavo over the limit and says what is available', () => {
    const decision = creditDecision({ ...base, orderTotal: 50_001 });
    expect(decision).toEqual({ ok: false, reason: 'limit', available: 50_000, exceededBy: 1 });
    expect(creditRefusalMessage(decision as Exclude<typeof decision, { ok: true }>, base)).toContain(formatMoney(50_000));
  });

  it('counts a balance a favor as more credit, and no limit as no limit', () => {
    expect(creditDecision({ ...base, balance: -10_000, orderTotal: 90_000 })).toEqual({ ok: true });
    expect(creditDecision({ ...base, creditLimit: null, orderTotal: 10 ** 9 })).toEqual({ ok: true });
    expect(availableCredit(null, 0, 0)).toBeNull();
    expect(availableCredit(10, 50, 0)).toBe(0);
  });

  it('refuses a customer more than N days late, whatever the limit, and only when the rule is on', () => {
    expect(creditDecision({ ...base, overdueDays: 16, overdue: 5000 })).toMatchObject({ ok: false, reason: 'overdue', days: 15 });
    expect(creditDecision({ ...base, overdueDays: 15, overdue: 5000 })).toEqual({ ok: true });
    expect(creditDecision({ ...base, overdueDays: 400, overdue: 5000, overdueDaysLimit: null })).toEqual({ ok: true });
  });

  it('suggests paying part of the balance only when there is one; at $ 0 it says the credit is taken by undelivered orders', () => {
    const refused = (account: { balance: number; undelivered: number }) => {
      const decision = creditDecision({ ...base, ...account, orderTotal: 200_000 });
      if (decision.ok) throw new Error('expected a refusal');
      return creditRefusalMessage(decision, account);
    };
    expect(refused({ balance: 30_000, undelivered: 20_000 })).toContain('pagá parte de tu saldo');

    const atZero = refused({ balance: 0, undelivered: 60_000 });
    expect(atZero).not.toMatch(/pag[áa]/i);
    expect(atZero).toContain('Reducí el pedido para continuar.');
    expect(atZero).toContain('Tu crédito lo ocupan pedidos que todavía no se entregaron.');

    const inFavour = refused({ balance: -5_000, undelivered: 0 });
    expect(inFavour).not.toMatch(/pag[áa]/i);
    expect(inFavour).not.toContain('pedidos que todavía no se entregaron');
    expect(limitRefusalAdvice({ balance: 1, undelivered: 0 })).toEqual({ suggestPaying: true, creditInUse: false });
  });
});

describe('cheques', () => {
  const today = '2026-11-26';
  const cheque = { method: 'cheque' as const, bank: 'Banco Nación', cheque_number: '12345678', cheque_date: '2026-12-26' };

  it.each([
    [cheque, null],
    [{ ...cheque, cheque_date: today }, null],
    [{ ...cheque, cheque_date: '2026-11-25' }, 'past'],
    [{ ...cheque, cheque_date: '2027-11-26' }, null],
    [{ ...cheque, cheque_date: '2027-11-27' }, 'too_far'],
    [{ ...cheque, cheque_date: '2029-01-01' }, 'too_far'],
    [{ ...cheque, bank: null }, 'fields'],
    [{ ...cheque, cheque_number: null }, 'fields'],
    [{ ...cheque, method: 'cash' as const, bank: null, cheque_date: '2020-01-01' }, null],
  ])('%o → %s', (payment, problem) => {
    expect(chequeProblem(payment, today)).toBe(problem);
  });

  it('a post-dated cheque counts on its date; anything else today', () => {
    expect(paymentEffectiveDay(cheque, today)).toBe('2026-12-26');
    expect(paymentEffectiveDay({ method: 'transfer', cheque_date: null }, today)).toBe(today);
  });
});

describe('payment request', () => {
  const ok = { amount: 1000, method: 'cash', idempotency_key: 'abcdefgh-1' };

  it.each([
    [{ ...ok, amount: -1 }],
    [{ ...ok, amount: 0 }],
    [{ ...ok, amount: 10.5 }],
    [{ ...ok, amount: 1e12 }],
    [{ ...ok, method: 'bitcoin' }],
    [{ ...ok, idempotency_key: undefined }],
    [{ ...ok, cheque_date: '2026-02-31' }],
    [{ ...ok, extra: 1 }],
  ])('refuses %o', (body) => {
    expect(paymentRequestSchema.safeParse(body).success).toBe(false);
  });

  it('accepts a cheque and reads empty optional texts as null', () => {
    const parsed = paymentRequestSchema.parse({
      ...ok,
      method: 'cheque',
      bank: ' Galicia ',
      cheque_number: '0001',
      cheque_date: '2026-12-01',
      reference: '',
    });
    expect(parsed).toMatchObject({ bank: 'Galicia', reference: null, cheque_number: '0001' });
  });
});

describe('texts', () => {
  it('formats receipt numbers and the WhatsApp reminder', () => {
    expect(formatReceiptNumber(42)).toBe('0001-00000042');
    const text = whatsappReminderText({
      name: 'Ana',
      balance: 150_000,
      overdue: 50_000,
      nextDue: { date: '2026-12-03', amount: 100_000 },
    });
    expect(text).toContain('Hola Ana');
    expect(text).toContain(`Vencido: ${formatMoney(50_000)}.`);
    expect(text).toContain(`${formatMoney(100_000)} el 03/12/2026`);
    expect(whatsappReminderText({ name: 'Ana', balance: -500, overdue: 0, nextDue: null })).toContain(
      `${formatMoney(500)} a favor`,
    );
  });
});
