import type { Order } from '@mayorista/core/schemas/order';
import type pg from 'pg';
import { renderOrderPdf } from '../modules/orders';
import { loadDocumentIssuer } from '../modules/settings';

/**
 * An order's PDF as the customer (Mis Pedidos) and the office download it: settings (who issues
 * it, decision 082) → orders (the document). Reads only.
 */
export async function orderDocumentPdf(pool: pg.Pool, order: Order, catalogName: string): Promise<Buffer> {
  return renderOrderPdf(order, catalogName, await loadDocumentIssuer(pool));
}
