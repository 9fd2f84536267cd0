import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderNumber } from '@mayorista/core/constants';
import { deliveryTodayText, formatWeight } from '@mayorista/core/deliveries';
import { formatMoney } from '@mayorista/core/money';
import { statusWhatsappUrl } from '@mayorista/core/order-message';
import type { DeliveryStop } from '@mayorista/core/schemas/deliveries';
import { isApiError } from '../../../lib/api-client';
import { appConfig } from '../../../lib/app-config';
import { patchDeliveryDate } from '../api';
import { deliveriesTexts as t } from '../texts';

export const smallButton = 'inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border border-slate-300 bg-white px-2 text-sm disabled:opacity-40';

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
      <button type="submit" className={smallButton} disabled={!target || move.isPending}>
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

/** What a stop is: who, the order, where, bultos, weight, amount and what to collect. */
export function StopSummary({ stop }: { stop: DeliveryStop }) {
  const name = stop.razon_social ?? stop.customer_name;
  return (
    <div className="min-w-0">
      <p className="font-medium">
        {stop.stop}. {name} · #{orderNumber(stop.order_id)} · {stop.status}
      </p>
      <p className="text-sm text-slate-700">
        {[stop.address, t.bultos(stop.bultos), `${t.weight} ${formatWeight(stop.weight_grams)}`, formatMoney(stop.total), stop.to_collect > 0 ? `${t.toCollect} ${formatMoney(stop.to_collect)}` : null]
          .filter(Boolean)
          .join(' · ')}
      </p>
    </div>
  );
}

/** A stop's own actions: "Avisar por WhatsApp" (when the setting is on) and moving it to another date. */
export function StopActions({ stop, date, noticeWhatsapp }: { stop: DeliveryStop; date: string; noticeWhatsapp: boolean }) {
  const name = stop.razon_social ?? stop.customer_name;
  const text = deliveryTodayText(stop.customer_name, orderNumber(stop.order_id), date, appConfig.catalogName);
  return (
    <>
      {noticeWhatsapp ? (
        <a className={smallButton} href={statusWhatsappUrl(stop.whatsapp, text)} target="_blank" rel="noreferrer" aria-label={t.noticeWhatsappFor(name)}>
          {t.noticeWhatsapp}
        </a>
      ) : null}
      <MoveDate stop={stop} date={date} />
    </>
  );
}
