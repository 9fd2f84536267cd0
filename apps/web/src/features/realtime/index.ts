/** Public surface of the realtime feature: rendered once by the shell for admins. */
export { NewOrderNotifications } from './new-order-notifications';
export { RealtimeChannel, realtimeUrl, type ChannelState, type NewOrderRecord } from './channel-client';
