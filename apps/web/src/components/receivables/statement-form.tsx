import { useId, useState } from 'react';
import { DownloadButton } from './download-button';
import { Input } from '../ui/input';
import { Label } from '../ui/label';
import { monthStart, todayInArgentina } from '../../lib/receivables/format';
import { receivables } from '../../lib/receivables/texts';

const t = receivables.statement;

/**
 * "Resumen de cuenta" for a period, this month by default. The same form serves the staff on a
 * customer's ledger (`path` differs).
 */
export function StatementForm({ path, fileStem, headingLevel = 2 }: { path: string; fileStem: string; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const today = todayInArgentina();
  const [from, setFrom] = useState(monthStart(today));
  const [to, setTo] = useState(today);
  const [error, setError] = useState<string | null>(null);
  const ids = { from: useId(), to: useId(), error: useId(), heading: useId() };
  const check = () => {
    const message = !from || !to ? t.dateRequired : from > to ? t.rangeInvalid : null;
    setError(message);
    return message === null;
  };
  const describedBy = error ? ids.error : undefined;
  return (
    <section aria-labelledby={ids.heading} className="rounded-lg border border-slate-200 bg-white p-4">
      <Heading id={ids.heading} className="text-lg font-semibold text-slate-900">
        {t.heading}
      </Heading>
      <p className="text-sm text-slate-700">{t.hint}</p>
      <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-[auto_auto_1fr] sm:items-end">
        <div className="space-y-1">
          <Label htmlFor={ids.from}>{t.from}</Label>
          <Input id={ids.from} type="date" value={from} max={to || undefined} aria-invalid={error ? true : undefined} aria-describedby={describedBy} onChange={(e) => setFrom(e.target.value)} />
        </div>
        <div className="space-y-1">
          <Label htmlFor={ids.to}>{t.to}</Label>
          <Input id={ids.to} type="date" value={to} min={from || undefined} aria-invalid={error ? true : undefined} aria-describedby={describedBy} onChange={(e) => setTo(e.target.value)} />
        </div>
        <DownloadButton
          className="col-span-2 sm:col-span-1 sm:justify-self-start"
          size="md"
          path={path}
          query={{ from, to }}
          fileName={`${fileStem}-${from}-a-${to}.pdf`}
          label={t.download}
          before={check}
        />
      </div>
      {error ? (
        <p id={ids.error} role="alert" className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </section>
  );
}
