import { useMutation } from '@tanstack/react-query';
import { pricing } from '@mayorista/core/messages/pricing';
import { products } from '@mayorista/core/messages/products';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { apiDownload } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';

const t = pricing.customer;

/** "Lista de precios" for approved customers (the repricing work, decision 015): today's PDF at their own prices. */
export function PriceListButton() {
  const download = useMutation({
    mutationFn: async () => saveBlob(await apiDownload('/api/price-list.pdf'), `lista-de-precios-${new Date().toISOString().slice(0, 10)}.pdf`),
    onError: (error) => toast({ title: products.errorTitle, description: error.message, variant: 'destructive' }),
  });
  return (
    <Button variant="secondary" size="sm" disabled={download.isPending} onClick={() => download.mutate()}>
      {download.isPending ? (
        t.downloading
      ) : (
        <>
          {/* A phone shows the short name, so the catalogue's header fits on one line (decision 024). */}
          <span className="max-sm:hidden">{t.download}</span>
          <span className="sm:hidden" aria-hidden="true">
            {t.downloadShort}
          </span>
          <span className="sr-only sm:hidden">{t.download}</span>
        </>
      )}
    </Button>
  );
}
