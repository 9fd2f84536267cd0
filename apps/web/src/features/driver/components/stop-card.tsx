import { useState } from 'react';
import { orderNumber } from '@mayorista/core/constants';
import { formatWeight, mapsSearchUrl } from '@mayorista/core/deliveries';
import { formatMoney } from '@mayorista/core/money';
import type { DriverStop } from '../api';
import { driverTexts as t } from '../texts';
import { DeliveredForm } from './delivered-form';
import { NotDeliveredForm } from './not-delivered-form';

const linkClass =
  'inline-flex min-h-11 flex-1 items-center justify-center rounded-md border border-slate-300 px-3 text-sm font-medium text-slate-900';

function ContactLinks({ stop }: { stop: DriverStop }) {
  return (
    <div className="mt-3 flex gap-2">
      {stop.whatsapp ? (
        <>
          <a className={linkClass} href={`tel:+${stop.whatsapp}`}>
            {t.call}
          </a>
          <a className={linkClass} href={`https://wa.me/${stop.whatsapp}`} target="_blank" rel="noreferrer">
            {t.whatsapp}
          </a>
        </>
      ) : null}
      {stop.address ? (
        <a className={linkClass} href={mapsSearchUrl(stop.address)} target="_blank" rel="noreferrer">
          {t.map}
        </a>
      ) : null}
    </div>
  );
}

/** One stop: who, where, what to collect, the contact links and the two actions. */
export function StopCard({ stop }: { stop: DriverStop }) {
  const [open, setOpen] = useState<'delivered' | 'not-delivered' | null>(null);
  const headingId = `stop-${stop.order_id}`;
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4" aria-labelledby={headingId} data-testid="driver-stop">
      <p className="text-xs font-medium text-slate-600">
        {t.stop(stop.stop)} · {t.order(orderNumber(stop.order_id))} · {t.bultos(stop.bultos)}
        {stop.weight_grams !== null ? ` · ${formatWeight(stop.weight_grams)}` : ''}
      </p>
      <h2 id={headingId} className="mt-1 text-lg font-semibold text-slate-900">
        {stop.razon_social ?? stop.customer_name}
      </h2>
      {stop.address ? <p className="text-sm text-slate-800">{stop.address}</p> : null}
      {stop.delivery_notes ? <p className="mt-1 text-sm text-slate-700">{stop.delivery_notes}</p> : null}
      <p className="mt-2 text-base font-semibold text-slate-900">
        {stop.to_collect > 0 ? `${t.toCollect}: ${formatMoney(stop.to_collect)}` : t.nothingToCollect}
      </p>
      <ContactLinks stop={stop} />
      {open === null ? (
        <div className="mt-3 flex gap-2">
          <button
            type="button"
            className="min-h-11 flex-1 rounded-md bg-emerald-700 px-3 font-semibold text-white"
            onClick={() => setOpen('delivered')}
          >
            {t.delivered}
          </button>
          <button
            type="button"
            className="min-h-11 flex-1 rounded-md border border-red-700 px-3 font-semibold text-red-800"
            onClick={() => setOpen('not-delivered')}
          >
            {t.notDelivered}
          </button>
        </div>
      ) : open === 'delivered' ? (
        <DeliveredForm stop={stop} onClose={() => setOpen(null)} />
      ) : (
        <NotDeliveredForm stop={stop} onClose={() => setOpen(null)} />
      )}
    </li>
  );
}
