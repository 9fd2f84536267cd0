import { useQuery } from '@tanstack/react-query';
import { formatDeliveryDay } from '@mayorista/core/deliveries';
import { LoadError } from '../../components/ui/load-error';
import '../../staff.css';
import { Spinner } from '../../components/ui/spinner';
import { useAuth } from '../../lib/auth';
import { driverStopsQueryOptions } from './api';
import { StopCard } from './components/stop-card';
import { driverTexts as t } from './texts';

/** /repartidor: the driver's stops of the day on a phone (decision 051). The server decides who may see them. */
export default function DriverPage() {
  const { user } = useAuth();
  const query = useQuery(driverStopsQueryOptions(user?.id));
  return (
    <main className="mx-auto max-w-xl px-3 py-4">
      <h1 className="text-2xl font-bold text-slate-900">{t.title}</h1>
      {query.data ? <p className="text-sm text-slate-700">{formatDeliveryDay(query.data.date)}</p> : null}
      {query.isPending ? <Spinner label={t.loading} /> : null}
      {query.isError ? <LoadError title={t.loadError} detail={query.error?.message} retryLabel={t.retry} onRetry={() => void query.refetch()} /> : null}
      {query.data && query.data.stops.length === 0 ? <p className="mt-4 text-slate-800">{t.empty}</p> : null}
      <ol className="mt-4 space-y-3">
        {query.data?.stops.map((stop) => (
          <StopCard key={stop.order_id} stop={stop} />
        ))}
      </ol>
    </main>
  );
}
