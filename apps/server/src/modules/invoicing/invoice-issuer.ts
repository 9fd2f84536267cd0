import { showsIvaItemised, type IvaRate } from '@mayorista/core/iva';
import type { Order } from '@mayorista/core/schemas/order';

/**
 * The seam for electronic invoicing (the business-identity work, decision 019). ARCA (ex AFIP) is out of
 * reach here — it needs the business's certificate, a punto de venta and the WSAA/WSFE web
 * services — so the product issues no invoice yet. Everything an invoice needs is already on the
 * order (the IVA breakdown the server computed at placement, the customer's IVA condition), and
 * this module is the one place that turns an order into an invoice request and hands it to an
 * issuer. `noInvoiceIssuer` is what runs today; a real issuer implements the same interface.
 */

/** ARCA's codes for each IVA rate in an invoice's AlicIva list (WSFE: 3 = 0 %, 4 = 10,5 %, 5 = 21 %, 6 = 27 %). */
export const ARCA_IVA_RATE_IDS: Record<IvaRate, number> = { 0: 3, 10.5: 4, 21: 5, 27: 6 };

export interface InvoiceRequest {
  orderId: string;
  /** Factura A to a Responsable Inscripto (IVA itemised), Factura B to everyone else. */
  invoiceType: 'A' | 'B';
  customer: { name: string; email: string; cuit: string | null; ivaCondition: string | null };
  /** Centavos, as the order's breakdown holds them: ImpNeto, ImpIVA, ImpTotal. */
  net: number;
  iva: number;
  total: number;
  /** One per rate present: BaseImp and Importe per AlicIva id. */
  rates: { arcaId: number; rate: IvaRate; base: number; amount: number }[];
}

export interface IssuedInvoice {
  /** e.g. "0001-00001234" (punto de venta - número). */
  number: string;
  /** Código de Autorización Electrónico and its expiry (YYYY-MM-DD). */
  cae: string;
  caeExpiresOn: string;
}

export interface InvoiceIssuer {
  /** Issues the invoice, or returns null when no invoice is issued (the no-op). */
  issue(request: InvoiceRequest): Promise<IssuedInvoice | null>;
}

/** What runs today: no electronic invoice (ARCA is not connected). It records nothing and never fails. */
export const noInvoiceIssuer: InvoiceIssuer = {
  issue: () => Promise.resolve(null),
};

/** Fields the business-identity work's (decisions 017–019) business identity adds to user_info; absent on older orders. */
type BusinessInfo = { cuit?: string | null; razon_social?: string | null };

/** The invoice an order would carry, or null for an order placed before IVA existed (no breakdown to report). */
export function invoiceRequestOf(order: Order): InvoiceRequest | null {
  if (!order.iva) return null;
  const info = order.user_info as Order['user_info'] & BusinessInfo;
  const ivaCondition = info.iva_condition ?? null;
  return {
    orderId: order.id,
    invoiceType: showsIvaItemised(ivaCondition) ? 'A' : 'B',
    customer: {
      name: info.razon_social || `${info.nombre} ${info.apellido}`.trim(),
      email: info.email,
      cuit: info.cuit ?? null,
      ivaCondition,
    },
    net: order.iva.net,
    iva: order.iva.iva,
    total: order.iva.total,
    rates: order.iva.groups.map((g) => ({ arcaId: ARCA_IVA_RATE_IDS[g.rate], rate: g.rate, base: g.net, amount: g.iva })),
  };
}
