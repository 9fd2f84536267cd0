import { useId, useState } from 'react';
import { orderNumber } from '@mayorista/core/constants';
import { adminOrders } from '@mayorista/core/messages/adminOrders';
import { orderLife } from '@mayorista/core/messages/orderLife';
import { formatArPhone } from '@mayorista/core/business';
import { normalizeArgentinePhone, statusWhatsappUrl } from '@mayorista/core/order-message';
import { canEditOrder } from '@mayorista/core/order-status';
import { Button, buttonVariants } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { saveBlob } from '../../../lib/download';
import { downloadAdminOrderPdf, type AdminOrder } from '../api/admin-orders-api';
import { OrderEditDialog } from './order-edit-dialog';

const life = orderLife;

/**
 * The order-life work (decision 014) in the admin's order view: edit, PDF and "Avisar por WhatsApp"
 * (the edits are in the order's Historial). Without `canEdit` (the warehouse) only the PDF.
 */
export function OrderLifeActions({ order, catalogName, canEdit }: { order: AdminOrder; catalogName: string; canEdit: boolean }) {
  const [editing, setEditing] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const number = orderNumber(order.id);

  const onPdf = async () => {
    setDownloading(true);
    try {
      saveBlob(await downloadAdminOrderPdf(order.id), `pedido-${number}.pdf`);
    } catch (error) {
      toast({ title: life.documents.downloadError, description: (error as Error).message, variant: 'destructive' });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section aria-labelledby="order-life-heading" className="space-y-3">
      {/* The warehouse (no orders.manage) only downloads the PDF: editing and telling the customer are the office's. */}
      <h3 id="order-life-heading" className="sr-only">
        {canEdit ? life.edit.editButton : life.documents.orderPdf}
      </h3>
      <div className="flex flex-wrap gap-2">
        {canEdit && canEditOrder(order.status) ? (
          <Button size="sm" onClick={() => setEditing(true)}>
            {life.edit.editButton}
          </Button>
        ) : null}
        <Button size="sm" variant="secondary" disabled={downloading} onClick={() => void onPdf()}>
          {downloading ? life.documents.downloading : life.documents.orderPdf}
        </Button>
      </div>
      {canEdit ? <WhatsappNotice order={order} catalogName={catalogName} /> : null}
      <OrderEditDialog order={order} open={editing} onOpenChange={setEditing} />
    </section>
  );
}

/** "Avisar por WhatsApp": the office tells the customer the order's state (the warehouse does not). */
function WhatsappNotice({ order, catalogName }: { order: AdminOrder; catalogName: string }) {
  // The order-life work (decision 014) with the business-identity work (decisions 017–019): the customer's phone from the order's snapshot; the admin may type
  // another, and an order without one (older, or an incomplete account) keeps the manual field.
  const [phone, setPhone] = useState(() => (order.user_info.whatsapp ? formatArPhone(order.user_info.whatsapp) : ''));
  const phoneId = useId();
  const normalized = normalizeArgentinePhone(phone);
  const whatsapp = statusWhatsappUrl(
    normalized,
    life.whatsapp.text(order.user_info.nombre, orderNumber(order.id), order.status, catalogName),
  );
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="min-w-0 flex-1">
        <label htmlFor={phoneId} className="block text-sm font-medium text-slate-900">
          {adminOrders.customerData}: {life.whatsapp.phoneLabel}
        </label>
        <input
          id={phoneId}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          value={phone}
          placeholder="11 2233-4455"
          onChange={(event) => setPhone(event.target.value)}
          aria-describedby={`${phoneId}-hint`}
          className="mt-1 h-11 w-full rounded-md border border-slate-300 px-3"
        />
        <p id={`${phoneId}-hint`} className="text-xs text-slate-600">
          {phone.trim() && !normalized ? life.whatsapp.invalidPhone : life.whatsapp.phoneHint}
        </p>
      </div>
      <a
        href={whatsapp}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonVariants({ variant: 'secondary', size: 'sm' })}
      >
        {life.whatsapp.button}
      </a>
    </div>
  );
}
