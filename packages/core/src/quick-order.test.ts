import { describe, expect, it } from 'vitest';
import { parseQuickOrder } from './quick-order';

describe('parseQuickOrder', () => {
  it('reads a code and a quantity with any common separator', () => {
    const parsed = parseQuickOrder(['7790070411716 24', 'YER-500 x 10', 'ALM-001;6', 'ALM-002,3', 'ALM-003\t12', 'ALM-004x2', '', '  ALM-005   7  '].join('\n'));
    expect(parsed.lines.map(({ sku, quantity }) => [sku, quantity])).toEqual([
      ['7790070411716', 24],
      ['YER-500', 10],
      ['ALM-001', 6],
      ['ALM-002', 3],
      ['ALM-003', 12],
      ['ALM-004', 2],
      ['ALM-005', 7],
    ]);
    expect(parsed.unreadable).toEqual([]);
  });

  it('skips a CSV header, keeps fractional and negative quantities for the server, and points at unreadable lines', () => {
    const parsed = parseQuickOrder('sku,cantidad\nALM-001,2,5\nALM-002 -3\nsolo texto\n"ALM-003";"4"');
    expect(parsed.lines).toEqual([
      { sku: 'ALM-001', quantity: 2.5, line: 2 },
      { sku: 'ALM-002', quantity: -3, line: 3 },
      { sku: 'ALM-003', quantity: 4, line: 5 },
    ]);
    expect(parsed.unreadable).toEqual([{ line: 4, text: 'solo texto' }]);
  });
});
