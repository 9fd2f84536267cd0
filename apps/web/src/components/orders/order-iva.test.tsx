import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '@mayorista/core/money';
import type { Order } from '@mayorista/core/schemas/order';
import { OrderIvaNote, OrderIvaRows, orderIsItemised, orderLineAmounts, orderSavingsShown } from './order-iva';

const money = (centavos: number) => formatMoney(centavos).replace(/\s/g, ' ');

const item = (name: string, price: number, quantity: number, iva_rate: 21 | 10.5 | 0) => ({
  product_id: name,
  name,
  quantity,
  price,
  total: price * quantity,
  discounts: { base_price: price, savings: 0, applied: 'none' as const, tier: null },
  iva_rate,
});

const order = (overrides: Partial<Order> = {}): Order => ({
  id: '11111111-2222-4333-8444-555555555555',
  user_id: 'u',
  user_info: { nombre: 'Ana', apellido: 'Sosa', email: 'a@example.com', dni: '1', iva_condition: 'responsable_inscripto' },
  items: [item('Gaseosa', 121_00, 2, 21), item('Leche', 50_00, 1, 0)],
  total: 292_00,
  total_savings: 0,
  iva: {
    prices_include_iva: true,
    net: 250_00,
    iva: 42_00,
    total: 292_00,
    groups: [
      { rate: 21, net: 200_00, iva: 42_00 },
      { rate: 0, net: 50_00, iva: 0 },
    ],
  },
  status: 'Pendiente',
  observaciones: '',
  canjeado_con_puntos: false,
  created_at: '2026-11-22T10:00:00.000Z',
  updated_at: '2026-11-22T10:00:00.000Z',
  ...overrides,
});

const rows = (o: Order, itemised: boolean) => {
  render(
    <dl>
      <OrderIvaRows order={o} itemised={itemised} />
    </dl>,
  );
  return screen.queryAllByTestId('order-iva-row').map((r) => r.textContent?.replace(/\s/g, ' '));
};

describe('an order’s IVA', () => {
  it('itemised for a Responsable Inscripto: net lines, neto gravado, exento, IVA per rate', () => {
    const o = order();
    expect(orderIsItemised(o)).toBe(true);
    expect(orderLineAmounts(o, true)).toEqual([
      { unitPrice: 100_00, total: 200_00 },
      { unitPrice: 50_00, total: 50_00 },
    ]);
    expect(rows(o, true)).toEqual([`Neto gravado${money(200_00)}`, `Exento${money(50_00)}`, `IVA 21 %${money(42_00)}`]);
  });

  it('final prices for a Consumidor Final, with the IVA contained', () => {
    const o = order({ user_info: { ...order().user_info, iva_condition: 'consumidor_final' } });
    expect(orderIsItemised(o)).toBe(false);
    expect(orderLineAmounts(o, false).map((l) => l.total)).toEqual([242_00, 50_00]);
    expect(rows(o, false)).toEqual([`IVA contenido${money(42_00)}`]);
    render(<OrderIvaNote order={o} itemised={false} />);
    expect(screen.getByText('Precios finales con IVA incluido.')).toBeInTheDocument();
  });

  it('an order from before IVA existed renders as before: its own lines, no rows, no note', () => {
    const o = order({ iva: null, items: order().items.map(({ iva_rate: _rate, ...rest }) => rest) });
    expect(orderIsItemised(o)).toBe(false);
    expect(orderLineAmounts(o, true)).toEqual([
      { unitPrice: 121_00, total: 242_00 },
      { unitPrice: 50_00, total: 50_00 },
    ]);
    expect(rows(o, true)).toEqual([]);
    const { container } = render(<OrderIvaNote order={o} itemised />);
    expect(container).toBeEmptyDOMElement();
  });

  it('the saving in the basis of the lines: net to a Responsable Inscripto, as paid to everyone else', () => {
    // 6 × $ 150 off with IVA: $ 900 final, $ 743,80 net; the exempt line's $ 50 is the same either way.
    const saved = (savings: number, i: Order['items'][number]) => ({ ...i, discounts: { ...i.discounts, savings } });
    const o = order({ items: [saved(900_00, order().items[0]!), saved(50_00, order().items[1]!)], total_savings: 950_00 });
    expect(orderSavingsShown(o, true)).toBe(743_80 + 50_00);
    expect(orderSavingsShown(o, false)).toBe(950_00);
    expect(orderSavingsShown({ ...o, iva: null }, true)).toBe(950_00);
  });
});
