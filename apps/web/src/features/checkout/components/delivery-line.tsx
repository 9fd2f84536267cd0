import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../../lib/auth';
import { myDeliveryQueryOptions } from '../../../lib/queries/my-delivery';

/**
 * "Llega el jueves 27/11 — pedí antes del miércoles 26/11 a las 18:00" (Repartos, decision 049),
 * as the server computed it in Buenos Aires time. Nothing for a customer without a zone, or while
 * it loads: the order stores the date the server decides when it is placed.
 */
export function DeliveryLine() {
  const { user } = useAuth();
  const { data } = useQuery(myDeliveryQueryOptions(user?.id));
  const promise = data?.next_delivery;
  if (!promise) return null;
  return (
    <p role="status" className="mt-3 rounded-md bg-emerald-50 p-3 text-sm font-medium text-emerald-900" data-testid="delivery-promise">
      {promise.text}
    </p>
  );
}
