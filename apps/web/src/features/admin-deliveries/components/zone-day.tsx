import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderNumber } from '@mayorista/core/constants';
import { deliveryTodayText } from '@mayorista/core/deliveries';
import { formatMoney } from '@mayorista/core/money';
import { statusWhatsappUrl } from '@mayorista/core/order-message';
import type { DeliveryStop, DeliveryZoneDay } from '@mayorista/core/schemas/deliveries';
import { DownloadButton } from '../../../components/receivables/download-button';
import { isApiError } from '../../../lib/api-client';
import { appConfig } from '../../../lib/app-config';
import { deliveryDayKey, patchDeliveryDate, putStops, sheetPath } from '../api';
import { deliveriesTexts as t } from '../texts';

const small = 'inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border border-slate-300 px-2 text-sm disabled:opacity-40';

function MoveDate({ stop, date }: { stop: DeliveryStop; date: string }) {
  const client = useQueryClient();
  const [target, setTarget] = useState('');
  const move = useMutation({ mutationFn: () => patchDeliveryDate(stop.order_id, target), onSuccess: () => client.invalidateQueries({ queryKey: ['admin-deliveries'] }) });
  const name = stop.razon_social ?? stop.customer_name;
  return (
    <form className="flex flex-wrap items-center gap-2" onSubmit={(e) => (e.preventDefault(), move.mutate())}>
      <label className="text-sm">
        {t.moveTo}{' '}
        <input type="date" min={date} aria-label={t.moveLabel(name)} className="min-h-11 rounded-md border border-slate-400 px-2" value={target} onChange={(e) => setTarget(e.target.value)} />
      </label>
      <button type="submit" className={small} disabled={!target || move.isPending}>
        {t.move}
      </button>
      {move.error ? (
        <span role="alert" className="text-sm text-red-800">
          {isApiError(move.error) ? move.error.message : String(move.error)}
        </span>
      ) : null}
    </form>
  );
}

/** One zone of the day: totals, the documents, and each stop with up/down (keyboard and screen reader) and a move. */
export function ZoneDay({ zone, date, noticeWhatsapp = false }: { zone: DeliveryZoneDay; date: string; noticeWhatsapp?: boolean }) {
  const client = useQueryClient();
  const reorder = useMutation({
    mutationFn: (ids: string[]) => putStops(date, zone.zone_id, ids),
    onSettled: () => client.invalidateQueries({ queryKey: deliveryDayKey(date) }),
  });
  const ids = zone.stops.map((s) => s.order_id);
  const swap = (i: number, j: number) => {
    const next = [...ids];
    [next[i], next[j]] = [next[j]!, next[i]!];
    reorder.mutate(next);
  };
  return (
    <section aria-labelledby={`zone-${zone.zone_id}`} className="rounded-lg border border-slate-200 bg-white p-3" data-testid="delivery-zone">
      <h3 id={`zone-${zone.zone_id}`} className="text-lg font-semibold">
        {zone.zone_name}
      </h3>
      <p className="text-sm text-slate-700">
        {t.zoneTotals(zone.totals.orders, zone.totals.bultos)} · {t.amount} {formatMoney(zone.totals.amount)} · {t.toCollect} {formatMoney(zone.totals.to_collect)}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <DownloadButton path={sheetPath(date, zone.zone_id, 'route.pdf')} fileName={`hoja-de-ruta-${date}.pdf`} label={t.routePdf} />
        <DownloadButton path={sheetPath(date, zone.zone_id, 'route.xlsx')} fileName={`hoja-de-ruta-${date}.xlsx`} label={t.routeXlsx} />
        <DownloadButton path={sheetPath(date, zone.zone_id, 'load.pdf')} fileName={`hoja-de-carga-${date}.pdf`} label={t.loadPdf} />
        <DownloadButton path={sheetPath(date, zone.zone_id, 'load.xlsx')} fileName={`hoja-de-carga-${date}.xlsx`} label={t.loadXlsx} />
      </div>
      <ol className="mt-3 divide-y divide-slate-200">
        {zone.stops.map((stop, i) => {
          const name = stop.razon_social ?? stop.customer_name;
          return (
            <li key={stop.order_id} className="flex flex-col gap-2 py-2 sm:flex-row sm:items-center sm:justify-between" data-testid="delivery-stop">
              <div>
                <p className="font-medium">
                  {stop.stop}. {name} · #{orderNumber(stop.order_id)} · {stop.status}
                </p>
                <p className="text-sm text-slate-700">
                  {[stop.address, `${stop.bultos} bultos`, formatMoney(stop.total), stop.to_collect > 0 ? `${t.toCollect} ${formatMoney(stop.to_collect)}` : null]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <button type="button" className={small} aria-label={t.up(name)} disabled={i === 0 || reorder.isPending} onClick={() => swap(i, i - 1)}>
                  ↑
                </button>
                <button type="button" className={small} aria-label={t.down(name)} disabled={i === ids.length - 1 || reorder.isPending} onClick={() => swap(i, i + 1)}>
                  ↓
                </button>
                {noticeWhatsapp ? (
                  <a className={small} href={statusWhatsappUrl(stop.whatsapp, deliveryTodayText(stop.customer_name, orderNumber(stop.order_id), date, appConfig.catalogName))} target="_blank" rel="noreferrer" aria-label={t.noticeWhatsappFor(name)}>
                    {t.noticeWhatsapp}
                  </a>
                ) : null}
                <MoveDate stop={stop} date={date} />
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
