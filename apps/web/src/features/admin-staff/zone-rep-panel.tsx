import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staff as text } from '@mayorista/core/messages/staff';
import type { StaffMember } from '@mayorista/core/schemas/staff';
import { Button } from '../../components/ui/button';
import { LoadError } from '../../components/ui/load-error';
import { toast } from '../../components/ui/toast-store';
import { assignZoneRep, staffKeys, zonesQueryOptions } from './staff-api';

const select = 'block min-h-11 w-full rounded-md border border-slate-300 bg-white px-2 text-sm';
const nameOf = (member: StaffMember) => `${member.nombre} ${member.apellido}`.trim();

/** The staff screen's "Vendedor por zona": every customer of a zone to one rep (or to none), after a confirmation. */
export function ZoneRepPanel({ reps }: { reps: StaffMember[] }) {
  const id = useId();
  const queryClient = useQueryClient();
  const zones = useQuery(zonesQueryOptions());
  const [zoneId, setZoneId] = useState('');
  const [repId, setRepId] = useState('');
  const zone = zones.data?.items.find((z) => String(z.id) === zoneId);
  const rep = reps.find((r) => r.id === repId);
  const repName = rep ? nameOf(rep) : text.zoneRepNone;
  const assign = useMutation({
    mutationFn: () => assignZoneRep(Number(zoneId), repId || null),
    onSuccess: (result) => {
      toast({ title: text.zoneRepDone(result.customers, zone?.name ?? '', repName) });
      void queryClient.invalidateQueries({ queryKey: staffKeys.list });
    },
    onError: (error: Error) => toast({ title: error.message, variant: 'destructive' }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (zone && window.confirm(text.zoneRepConfirm(zone.customers, zone.name, repName))) assign.mutate();
  };
  return (
    <form onSubmit={submit} aria-labelledby={`${id}-title`} className="space-y-2 rounded-lg border border-slate-200 p-3">
      <h2 id={`${id}-title`} className="font-semibold text-slate-900">
        {text.zoneRepTitle}
      </h2>
      <p className="text-sm text-slate-600">{text.zoneRepHint}</p>
      {zones.isError ? (
        <LoadError title={text.zoneRepLoadError} retryLabel={text.retry} onRetry={() => void zones.refetch()} />
      ) : null}
      {zones.data?.items.length === 0 ? <p className="text-sm text-slate-700">{text.zoneRepNoZones}</p> : null}
      <label htmlFor={`${id}-zone`} className="block text-sm font-medium text-slate-900">
        {text.zoneRepZone}
      </label>
      <select id={`${id}-zone`} className={select} value={zoneId} required onChange={(event) => setZoneId(event.target.value)}>
        <option value="">{text.zoneRepChoose}</option>
        {zones.data?.items.map((z) => (
          <option key={z.id} value={z.id}>
            {text.zoneRepZoneOption(z.name, z.customers)}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-rep`} className="block text-sm font-medium text-slate-900">
        {text.zoneRepRep}
      </label>
      <select id={`${id}-rep`} className={select} value={repId} onChange={(event) => setRepId(event.target.value)}>
        <option value="">{text.zoneRepNone}</option>
        {reps.map((rep) => (
          <option key={rep.id} value={rep.id}>
            {nameOf(rep)}
          </option>
        ))}
      </select>
      <Button type="submit" disabled={!zone || assign.isPending}>
        {text.zoneRepSubmit}
      </Button>
    </form>
  );
}
