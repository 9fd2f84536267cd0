import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { NEW_ORDER_TOAST_DURATION_MS, orderNumber } from '@mayorista/core/constants';
import { orderLife } from '@mayorista/core/messages/orderLife';
import { orders } from '@mayorista/core/messages/orders';
import { deliveries } from '@mayorista/core/messages/deliveries';
import { formatDeliveryDay } from '@mayorista/core/deliveries';
import { isAdmin, useAuth } from '../../lib/auth';
import { adminOrdersKeys } from '../../lib/queries/order-keys';
import { heldOrderNotice } from '../../lib/receivables/nav-text';
import { toast } from '../../components/ui/toast-store';
import { RealtimeChannel, realtimeUrl, type WebSocketFactory } from './channel-client';

export const NEW_ORDERS_TOPIC = 'orders';

/**
 * The API calls (docs/api.md) — Realtime: while an admin is signed in, each new order shows the new-order toast and
 * refreshes the admin order list. Renders nothing. The channel lives as long as the same admin
 * profile: a different profile (or losing admin rights) or unmounting removes it.
 */
export function NewOrderNotifications({ createSocket }: { createSocket?: WebSocketFactory } = {}) {
  const { session, profile } = useAuth();
  const queryClient = useQueryClient();
  // Read at every (re)join: token refreshes must not tear the channel down.
  const accessToken = useRef<string | null>(session?.access_token ?? null);
  accessToken.current = session?.access_token ?? null;

  const profileId = profile?.id ?? null;
  const admin = isAdmin(profile);

  useEffect(() => {
    if (!profileId || !admin) return;
    const channel = new RealtimeChannel({
      url: realtimeUrl(),
      topic: NEW_ORDERS_TOPIC,
      getAccessToken: () => accessToken.current,
      createSocket,
      onInsert: (record) => {
        // A held order is still new, but it waits for an admin: the toast says so (decision 040).
        const held = record.credit_hold === 'pending';
        toast({
          title: held ? heldOrderNotice.title : orders.newOrderTitle,
          description: held ? heldOrderNotice.text(record.user_info.nombre) : orders.newOrderText(record.user_info.nombre),
          duration: NEW_ORDER_TOAST_DURATION_MS,
        });
        void queryClient.invalidateQueries({ queryKey: adminOrdersKeys.all });
      },
      onCancelled: (record) => {
        toast({
          title: orderLife.cancel.realtimeTitle,
          description: orderLife.cancel.realtimeText(record.user_info.nombre, orderNumber(record.id)),
          duration: NEW_ORDER_TOAST_DURATION_MS,
        });
        void queryClient.invalidateQueries({ queryKey: adminOrdersKeys.all });
      },
      // Another admin released or rejected a held order: the lists show it at once.
      onCreditDecision: () => void queryClient.invalidateQueries({ queryKey: adminOrdersKeys.all }),
      onDelivery: (record, event) => {
        const number = orderNumber(record.id);
        const reason = record.reason as keyof typeof deliveries.reasons | undefined;
        toast({
          title: event === 'DELIVERED' ? deliveries.liveDeliveredTitle : deliveries.liveNotDeliveredTitle,
          description:
            event === 'DELIVERED'
              ? deliveries.liveDelivered(record.user_info.nombre, number)
              : deliveries.liveNotDelivered(record.user_info.nombre, number, reason ? deliveries.reasons[reason] : '', record.delivery_date ? formatDeliveryDay(record.delivery_date) : ''),
          duration: NEW_ORDER_TOAST_DURATION_MS,
        });
        void queryClient.invalidateQueries({ queryKey: adminOrdersKeys.all });
        void queryClient.invalidateQueries({ queryKey: ['admin-deliveries'] });
      },
      // Orders placed while the socket was down produced no event: catch up from the API.
      onJoined: ({ rejoined }) => {
        if (rejoined) void queryClient.invalidateQueries({ queryKey: adminOrdersKeys.all });
      },
    });
    channel.subscribe();
    return () => channel.unsubscribe();
  }, [profileId, admin, queryClient, createSocket]);

  return null;
}
