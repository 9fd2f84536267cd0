import { isApiError } from '../../../lib/api-client';
import type { RepOrderBody } from '../../../lib/offline/rep-queue-model';
import type { PaymentBody } from '../../../lib/receivables/payment-body';

/**
 * Keeping an order or a payment on the rep's device when the request failed on the network
 * (decision 053). The request may have reached the server: the entry keeps that exact body with
 * its key, so the server answers that same order or receipt when it is sent again.
 */
const repQueue = () => import('../../../lib/offline/rep-queue');

export const failedOnNetwork = (error: unknown) => isApiError(error) && error.code === 'network_error';

interface Who {
  repId: string;
  customerId: string;
  customerName: string;
}

/** True when kept; false when the device refuses to store it (said on screen: nothing was sent). */
export async function queueRepOrder(who: Who, body: RepOrderBody, pricesAt: string | null): Promise<boolean> {
  try {
    const { enqueueRep } = await repQueue();
    await enqueueRep({ ...who, kind: 'order', id: body.idempotency_key, createdAt: new Date().toISOString(), amount: body.expected_total, lines: body.items.length, pricesAt, body, sentBody: body, status: 'pending' });
    return true;
  } catch {
    return false;
  }
}

export async function queueRepPayment(who: Who, body: PaymentBody): Promise<boolean> {
  try {
    const { enqueueRep } = await repQueue();
    await enqueueRep({ ...who, kind: 'payment', id: body.idempotency_key, createdAt: new Date().toISOString(), amount: body.amount, body, sentBody: body, status: 'pending' });
    return true;
  } catch {
    return false;
  }
}
