import { orderLife } from '@mayorista/core/messages/orderLife';
import { formatMoney } from '@mayorista/core/money';
import type { Dashboard } from '@mayorista/core/schemas/order-life';

const text = orderLife.dashboard;
const WIDTH = 600;
const HEIGHT = 160;
const GAP = 2;

const shortDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;

/**
 * Daily sales of the last 30 days as plain SVG bars: no chart library in the bundle. The figures
 * are also in a visually hidden table, so a screen reader gets the numbers, not the picture.
 */
export function SalesChart({ days }: { days: Dashboard['daily_sales'] }) {
  const max = Math.max(1, ...days.map((d) => d.sales));
  const barWidth = WIDTH / days.length - GAP;
  const total = days.reduce((sum, d) => sum + d.sales, 0);
  const best = days.reduce((top, d) => (d.sales > top.sales ? d : top), days[0] ?? { date: '', sales: 0, orders: 0 });
  return (
    <figure>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT + 20}`} className="h-auto max-h-56 w-full" role="img" aria-labelledby="sales-chart-caption">
        {days.map((day, index) => {
          const height = Math.round((day.sales / max) * HEIGHT);
          const x = index * (barWidth + GAP);
          return (
            <g key={day.date}>
              <rect x={x} y={HEIGHT - height} width={barWidth} height={Math.max(height, 1)} rx={2} className={day.sales > 0 ? 'fill-brand-600' : 'fill-slate-200'}>
                <title>{`${shortDate(day.date)}: ${formatMoney(day.sales)}`}</title>
              </rect>
              {(index % 7 === 0 && index <= days.length - 7) || index === days.length - 1 ? (
                <text
                  x={index === 0 ? x : index === days.length - 1 ? x + barWidth : x + barWidth / 2}
                  y={HEIGHT + 15}
                  textAnchor={index === 0 ? 'start' : index === days.length - 1 ? 'end' : 'middle'}
                  className="fill-slate-600 text-[15px]"
                >
                  {shortDate(day.date)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption id="sales-chart-caption" className="mt-1 text-sm text-slate-700">
        {total > 0 ? text.chartSummary(formatMoney(total), formatMoney(best.sales), shortDate(best.date)) : text.chartNoSales}
      </figcaption>
      <table className="sr-only">
        <caption>{text.dailySales}</caption>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <th scope="row">{shortDate(day.date)}</th>
              <td>{formatMoney(day.sales)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
