import { useState } from 'react';
import { orderLife } from '@mayorista/core/messages/orderLife';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { saveBlob } from '../../../lib/download';
import { downloadPickingSheet } from '../api/admin-orders-api';

const todayInArgentina = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' }).format(new Date());

/** The order-life work (decision 014): the picking sheet of the ticked orders, or of today's orders still to prepare. */
export function PickingSheetButtons({ selected }: { selected: string[] }) {
  const [busy, setBusy] = useState(false);
  const docs = orderLife.documents;
  const download = async (query: { ids: string[] } | { date: string }) => {
    setBusy(true);
    try {
      saveBlob(await downloadPickingSheet(query), `hoja-de-preparacion-${'date' in query ? query.date : todayInArgentina()}.pdf`);
    } catch (error) {
      toast({ title: docs.downloadError, description: (error as Error).message, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return selected.length > 0 ? (
    <Button variant="secondary" size="sm" disabled={busy} onClick={() => void download({ ids: selected })}>
      {busy ? docs.downloading : docs.pickingSheetSelected(selected.length)}
    </Button>
  ) : (
    <Button variant="secondary" size="sm" disabled={busy} onClick={() => void download({ date: todayInArgentina() })}>
      {busy ? docs.downloading : docs.pickingSheetDay}
    </Button>
  );
}
