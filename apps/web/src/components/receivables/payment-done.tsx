import { useEffect, useRef } from 'react';
import { formatMoney } from '@mayorista/core/money';
import { normalizeArgentinePhone, statusWhatsappUrl } from '@mayorista/core/order-message';
import { formatReceiptNumber } from '@mayorista/core/receivables';
import { DownloadButton } from './download-button';
import { Button, buttonVariants } from '../ui/button';
import { DialogClose } from '../ui/dialog';
import { appConfig } from '../../lib/app-config';
import { balanceLine } from '../../lib/receivables/format';
import { receivables } from '../../lib/receivables/texts';
import type { Payment } from '../../lib/receivables/types';

/** Who the receipt's news goes to. */
export interface PaymentCustomer {
  nombre: string;
  whatsapp: string | null;
}

const t = receivables.payment;

/** After the payment: its receipt number, the PDF, and the receipt's news to the customer's WhatsApp. */
export function PaymentDone({ customer, payment, receiptPath }: { customer: PaymentCustomer; payment: Payment; receiptPath?: string }) {
  const heading = useRef<HTMLParagraphElement>(null);
  // The form (and the focused button) is gone: keyboard and screen-reader users land on the outcome.
  useEffect(() => heading.current?.focus(), []);
  const number = formatReceiptNumber(payment.receipt_number);
  const text = t.shareText(customer.nombre, number, formatMoney(payment.amount), balanceLine(payment.balance), appConfig.catalogName);
  const whatsapp = statusWhatsappUrl(normalizeArgentinePhone(customer.whatsapp ?? ''), text);
  return (
    <div className="space-y-4" data-testid="payment-done">
      <div role="status" className="rounded-md border border-green-300 bg-green-50 p-3 text-green-950">
        <p ref={heading} tabIndex={-1} className="font-semibold outline-none">
          {t.doneTitle}
        </p>
        <p>{t.doneText(number, formatMoney(payment.amount))}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        {receiptPath ? <DownloadButton size="md" path={receiptPath} fileName={`recibo-${number}.pdf`} label={t.downloadReceipt} /> : null}
        <a href={whatsapp} target="_blank" rel="noopener noreferrer" className={buttonVariants({ variant: 'secondary' })}>
          {t.shareWhatsapp}
        </a>
        <DialogClose asChild>
          <Button className="ml-auto">{t.close}</Button>
        </DialogClose>
      </div>
    </div>
  );
}

/** Kept on the device: no receipt yet; it is numbered when the network returns and the server records it. */
export function PaymentQueued({ text }: { text: string }) {
  return (
    <div className="space-y-4" data-testid="payment-queued">
      <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950">
        {text}
      </p>
      <div className="flex justify-end">
        <DialogClose asChild>
          <Button>{t.close}</Button>
        </DialogClose>
      </div>
    </div>
  );
}
