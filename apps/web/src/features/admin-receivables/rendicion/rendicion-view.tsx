import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { formatDueDate, todayInArgentina } from '../../../lib/receivables/format';
import { collectionsQueryOptions } from './rendicion-api';
import { repDaysOf } from './rendicion-model';
import { receivables } from '../../../lib/receivables/texts';
import { RepRendicion } from './rep-rendicion';

const t = receivables.rendicion;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function DayContent({ date }: { date: string }) {
  const query = useQuery(collectionsQueryOptions(date));
  if (query.isError) return <LoadError title={t.loadError} detail={query.error.message} retryLabel={t.retry} onRetry={() => void query.refetch()} />;
  if (!query.data) return <Spinner label={t.loading} />;
  const days = repDaysOf(query.data.items);
  if (days.length === 0) return <p className="rounded-md border border-slate-200 bg-white p-4 text-slate-700">{t.empty(formatDueDate(date))}</p>;
  return (
    <div className="space-y-4">
      {days.map((day) => (
        <RepRendicion key={day.repId} day={day} date={date} />
      ))}
    </div>
  );
}

/** Admin → Cuentas corrientes → "Rendición de vendedores" (`?vista=rendicion&fecha=`): a day of the reps' collections, today in Buenos Aires unless chosen. */
export function RendicionView() {
  const [params, setParams] = useSearchParams();
  const today = todayInArgentina();
  const asked = params.get('fecha') ?? '';
  const date = DATE.test(asked) ? asked : today;
  const dateId = useId();
  const choose = (value: string) => setParams({ tab: 'cuentas', vista: 'rendicion', ...(DATE.test(value) ? { fecha: value } : {}) }, { replace: true });
  return (
    <section aria-labelledby="rendicion-heading" className="space-y-4">
      <Link to="/admin?tab=cuentas" className="inline-flex min-h-11 items-center text-sm font-medium text-brand-800 underline underline-offset-2">
        ← {t.back}
      </Link>
      <div className="space-y-1">
        <h2 id="rendicion-heading" className="text-xl font-semibold text-slate-900">
          {t.heading}
        </h2>
        <p className="text-sm text-slate-700">{t.intro}</p>
      </div>
      <div className="flex items-end gap-2">
        <div className="space-y-1">
          <Label htmlFor={dateId}>{t.day}</Label>
          <Input id={dateId} type="date" max={today} value={date} onChange={(e) => choose(e.target.value)} className="w-auto" />
        </div>
        {date === today ? null : (
          <button type="button" onClick={() => choose(today)} className="min-h-11 rounded-md px-3 text-sm font-medium text-brand-800 underline underline-offset-2">
            {t.today}
          </button>
        )}
      </div>
      <DayContent date={date} />
    </section>
  );
}
