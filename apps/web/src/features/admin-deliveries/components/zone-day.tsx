import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatWeight } from '@mayorista/core/deliveries';
import { formatMoney } from '@mayorista/core/money';
import type { DeliveryDay, DeliveryZoneDay } from '@mayorista/core/schemas/deliveries';
import { DownloadButton } from '../../../components/receivables/download-button';
import { deliveryDayKey, putStops, sheetPath } from '../api';
import { deliveriesTexts as t } from '../texts';
import { FinishedStops } from './finished-stops';
import { smallButton, StopActions, StopSummary } from './stop-row';
import { useStopDrag } from './use-stop-drag';

/** The day with one zone's stops in the given order, renumbered: shown at once while the server saves it. */
function withOrder(day: DeliveryDay | undefined, zoneId: number, ids: readonly string[]): DeliveryDay | undefined {
  if (!day) return day;
  const zones = day.zones.map((zone) => {
    if (zone.zone_id !== zoneId) return zone;
    const byId = new Map(zone.stops.map((s) => [s.order_id, s]));
    return { ...zone, stops: ids.map((id, i) => ({ ...byId.get(id)!, stop: i + 1 })) };
  });
  return { ...day, zones };
}

function useReorder(date: string, zoneId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => putStops(date, zoneId, ids),
    onMutate: async (ids) => {
      await client.cancelQueries({ queryKey: deliveryDayKey(date) });
      client.setQueryData<DeliveryDay>(deliveryDayKey(date), (day) => withOrder(day, zoneId, ids));
    },
    onSettled: () => client.invalidateQueries({ queryKey: deliveryDayKey(date) }),
  });
}

function ZoneHeader({ zone, date }: { zone: DeliveryZoneDay; date: string }) {
  return (
    <>
      <h3 id={`zone-${zone.zone_id}`} className="text-lg font-semibold">
        {zone.zone_name}
      </h3>
      <p className="text-sm text-slate-700">
        {t.zoneTotals(zone.totals.orders, zone.totals.bultos)} · {t.weight} {formatWeight(zone.totals.weight_grams)} · {t.amount} {formatMoney(zone.totals.amount)} · {t.toCollect}{' '}
        {formatMoney(zone.totals.to_collect)}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <DownloadButton path={sheetPath(date, zone.zone_id, 'route.pdf')} fileName={`hoja-de-ruta-${date}.pdf`} label={t.routePdf} />
        <DownloadButton path={sheetPath(date, zone.zone_id, 'route.xlsx')} fileName={`hoja-de-ruta-${date}.xlsx`} label={t.routeXlsx} />
        <DownloadButton path={sheetPath(date, zone.zone_id, 'load.pdf')} fileName={`hoja-de-carga-${date}.pdf`} label={t.loadPdf} />
        <DownloadButton path={sheetPath(date, zone.zone_id, 'load.xlsx')} fileName={`hoja-de-carga-${date}.xlsx`} label={t.loadXlsx} />
      </div>
      {zone.stops.length > 1 ? <p className="mt-2 text-sm text-slate-600">{t.dragHint}</p> : null}
    </>
  );
}

/**
 * One zone of the day: totals, the documents, and each stop — dragged by its handle (mouse or
 * touch) or moved with up/down (keyboard and screen reader) — with its WhatsApp notice and a move.
 */
export function ZoneDay({ zone, date, noticeWhatsapp = false }: { zone: DeliveryZoneDay; date: string; noticeWhatsapp?: boolean }) {
  const reorder = useReorder(date, zone.zone_id);
  const ids = zone.stops.map((s) => s.order_id);
  const drag = useStopDrag(ids, (next) => reorder.mutate(next));
  const byId = new Map(zone.stops.map((s) => [s.order_id, s]));
  const swap = (i: number, j: number) => {
    const next = [...ids];
    [next[i], next[j]] = [next[j]!, next[i]!];
    reorder.mutate(next);
  };
  return (
    <section aria-labelledby={`zone-${zone.zone_id}`} className="rounded-lg border border-slate-200 bg-white p-3" data-testid="delivery-zone">
      <ZoneHeader zone={zone} date={date} />
      <ol className="mt-3 divide-y divide-slate-200">
        {drag.order.map((id, i) => {
          const stop = byId.get(id);
          if (!stop) return null;
          const name = stop.razon_social ?? stop.customer_name;
          const dragged = drag.dragging === id;
          return (
            <li
              key={id}
              ref={drag.rowRef(id)}
              className={`flex flex-col gap-2 py-2 sm:flex-row sm:items-center sm:justify-between ${dragged ? 'rounded-md bg-brand-50 ring-2 ring-brand-700' : ''}`}
              data-testid="delivery-stop"
            >
              <div className="flex items-start gap-2">
                <button type="button" className={`${smallButton} cursor-grab touch-none select-none`} aria-label={t.dragHandle(name)} tabIndex={-1} data-testid="drag-handle" {...drag.handleProps(id)}>
                  ⠿
                </button>
                <StopSummary stop={stop} />
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <button type="button" className={smallButton} aria-label={t.up(name)} disabled={i === 0 || reorder.isPending} onClick={() => swap(i, i - 1)}>
                  ↑
                </button>
                <button type="button" className={smallButton} aria-label={t.down(name)} disabled={i === ids.length - 1 || reorder.isPending} onClick={() => swap(i, i + 1)}>
                  ↓
                </button>
                <StopActions stop={stop} date={date} noticeWhatsapp={noticeWhatsapp} />
              </div>
            </li>
          );
        })}
      </ol>
      {reorder.error ? (
        <p role="alert" className="text-sm font-medium text-red-800">
          {reorder.error.message}
        </p>
      ) : null}
      {zone.stops.length === 0 ? <p className="text-sm text-slate-700">{t.nothingPending}</p> : null}
      {zone.done.length > 0 ? <FinishedStops zoneId={zone.zone_id} done={zone.done} /> : null}
    </section>
  );
}
