import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { messages } from '@mayorista/core/messages';
import { SalesChart } from './sales-chart';

const day = (date: string, sales: number) => ({ date, sales, orders: sales ? 1 : 0 });

describe('SalesChart', () => {
  it('names the best day and the total when something sold', () => {
    render(<SalesChart days={[day('2026-11-20', 0), day('2026-11-21', 150_000), day('2026-11-22', 50_000)]} />);
    expect(screen.getByText(/Total \$\s?2\.000,00\. Mejor día: 21\/11 con \$\s?1\.500,00\./)).toBeInTheDocument();
  });

  it('says there were no sales instead of a "best day" with $ 0,00', () => {
    render(<SalesChart days={[day('2026-11-21', 0), day('2026-11-22', 0)]} />);
    expect(screen.getByText(messages.orderLife.dashboard.chartNoSales)).toBeInTheDocument();
    expect(screen.queryByText(/Mejor día/)).toBeNull();
  });
});
