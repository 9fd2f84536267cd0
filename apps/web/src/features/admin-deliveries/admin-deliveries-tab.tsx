import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { businessDay } from '@mayorista/core/receivables';
import { formatMoney } from '@mayorista/core/money';
import { LoadError } from '../../components/ui/load-error';
import { Spinner } from '../../components/ui/spinner';
import { deliveryDayQueryOptions } from './api';
import { HolidaysPanel } from './components/holidays-panel';
import { ZoneDay } from './components/zone-day';
import { ZonesPanel } from './components/zones-panel';
import { deliveriesTexts as t } from './texts';

/** Admin → Repartos (decision 049): a day's deliveries per zone, its documents, the stops' order and dates. */
export default function AdminDeliveriesTab() {
  const [date, setDate] = useState(() => businessDay(new Date()));
  const query = useQuery(deliveryDayQueryOptions(date));
  const day = query.data;
  return (
    <div className="space-y-4">
      <label className="block text-sm font-medium">
        {t.date}
        <input type="date" className="mt-1 block min-h-11 rounded-md border border-slate-400 px-3" value={date} onChange={(e) => e.target.value && setDate(e.target.value)} />
      </label>
      {query.isPending ? <Spinner label={t.loading} /> : null}
      {query.isError ? <LoadError title={t.loadError} detail={query.error.message} retryLabel={t.retry} onRetry={() => void query.refetch()} /> : null}
      {day && day.zones.length === 0 ? <p className="text-slate-800">{t.empty}</p> : null}
      {day?.zones.map((zone) => (
        <ZoneDay key={zone.zone_id} zone={zone} date={date} noticeWhatsapp={day.notice_whatsapp} />
      ))}
      {day && day.without_zone.length > 0 ? (
        <section aria-labelledby="without-zone" className="rounded-lg border border-amber-300 bg-amber-50 p-3">
          <h3 id="without-zone" className="text-lg font-semibold">
            {t.withoutZone}
          </h3>
          <p className="text-sm">{t.withoutZoneHint}</p>
          <ul className="mt-2 text-sm">
            {day.without_zone.map((o) => (
              <li key={o.order_id}>
                {o.customer_name} · {o.status} · {formatMoney(o.total)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <details className="rounded-lg border border-slate-200 bg-white p-3">
        <summary className="min-h-11 cursor-pointer py-2 text-lg font-semibold">{t.setup}</summary>
        <div className="mt-2 grid gap-6 lg:grid-cols-2">
          <ZonesPanel />
          <HolidaysPanel />
        </div>
      </details>
    </div>
  );
}
