import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDeliveryDay } from '@mayorista/core/deliveries';
import { apiRequest, isApiError } from '../../../lib/api-client';
import { deliveriesTexts as t } from '../texts';

type Holiday = { date: string; name: string | null };

/** Feriados: the non-delivery dates, preloaded with the national holidays (decision 050); the list is saved whole. */
export function HolidaysPanel() {
  const client = useQueryClient();
  const { data } = useQuery({ queryKey: ['admin-holidays'], queryFn: ({ signal }) => apiRequest<{ holidays: Holiday[] }>('/api/admin/holidays', { signal }) });
  const [date, setDate] = useState('');
  const [name, setName] = useState('');
  const save = useMutation({
    mutationFn: (holidays: Holiday[]) => apiRequest('/api/admin/holidays', { method: 'PUT', body: { holidays } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin-holidays'] }),
  });
  const list = data?.holidays ?? [];
  return (
    <section aria-labelledby="holidays-title">
      <h3 id="holidays-title" className="text-lg font-semibold">
        {t.holidaysTitle}
      </h3>
      <form
        className="mt-2 flex flex-wrap items-end gap-2"
        onSubmit={(e) => (e.preventDefault(), date && save.mutate([...list, { date, name: name.trim() || null }].sort((a, b) => a.date.localeCompare(b.date))))}
      >
        <label className="text-sm font-medium">
          {t.holidayDate}
          <input type="date" className="mt-1 block min-h-11 rounded-md border border-slate-400 px-3" value={date} onChange={(e) => setDate(e.target.value)} />
        </label>
        <label className="text-sm font-medium">
          {t.holidayName}
          <input className="mt-1 block min-h-11 rounded-md border border-slate-400 px-3" value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <button type="submit" className="min-h-11 rounded-md border border-slate-400 px-3 font-medium">
          {t.addHoliday}
        </button>
      </form>
      {save.error ? (
        <p role="alert" className="text-sm font-medium text-red-800">
          {isApiError(save.error) ? save.error.message : String(save.error)}
        </p>
      ) : null}
      <ul className="mt-2 max-h-72 divide-y divide-slate-200 overflow-y-auto text-sm">
        {list.map((h) => (
          <li key={h.date} className="flex items-center justify-between gap-2 py-1">
            <span>
              {formatDeliveryDay(h.date)}/{h.date.slice(0, 4)} · {h.name ?? ''}
            </span>
            <button type="button" className="min-h-11 px-2 text-red-800 underline" aria-label={t.removeHoliday(h.date)} onClick={() => save.mutate(list.filter((x) => x.date !== h.date))}>
              {t.remove}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
