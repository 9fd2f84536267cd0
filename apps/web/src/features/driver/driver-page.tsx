import { useQuery } from '@tanstack/react-query';
import { formatDeliveryDay } from '@mayorista/core/deliveries';
import { LoadError } from '../../components/ui/load-error';
import '../../staff.css';
import { Spinner } from '../../components/ui/spinner';
import { useAuth } from '../../lib/auth';
import { driverStopsQueryOptions } from './api';
import { DaySummary, FinishedStops } from './components/finished-stops';
import { StopCard } from './components/stop-card';
import { driverTexts as t } from './texts';

/** /repartidor: the driver's stops of the day on a phone (decision 051). The server decides who may see them. */
export default function DriverPage() {
  const { user } = useAuth();
  const query = useQuery(driverStopsQueryOptions(user?.id));
  const data = query.data;
  // Decision 066: finished stops stay, below the pending ones, with the day's result to hand in.
  const done = data?.done ?? [];
  return (
    <main className="mx-auto max-w-xl px-3 py-4">
      <h1 className="text-2xl font-bold text-slate-900">{t.title}</h1>
      {data ? <p className="text-sm text-slate-700">{formatDeliveryDay(data.date)}</p> : null}
      {query.isPending ? <Spinner label={t.loading} /> : null}
      {query.isError ? <LoadError title={t.loadError} detail={query.error?.message} retryLabel={t.retry} onRetry={() => void query.refetch()} /> : null}
      {data && data.stops.length === 0 ? (
        <p className="mt-4 text-slate-800" data-testid="driver-no-stops">
          {done.length === 0 ? t.empty : t.allDone}
        </p>
      ) : null}
      <ol className="mt-4 space-y-3">
        {data?.stops.map((stop) => (
          <StopCard key={stop.order_id} stop={stop} />
        ))}
      </ol>
      {done.length > 0 ? (
        <>
          <DaySummary done={done} />
          <FinishedStops done={done} />
        </>
      ) : null}
    </main>
  );
}
