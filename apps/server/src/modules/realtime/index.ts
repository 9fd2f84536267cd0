// The realtime module's public surface: the admins' live order feed over WebSocket, fed by the
// database's NOTIFY (orders placed and cancelled, sessions revoked).
export {
  CLOSE_POLICY_VIOLATION,
  handleConnection,
  JOIN_TIMEOUT_MS,
  MAX_SOCKETS_PER_USER,
  MAX_UNJOINED_SOCKETS_PER_IP,
  REVALIDATE_AFTER_MS,
  type ConnectionContext,
} from './realtime.connection';
export { OrderEventsListener } from './order-events.listener';
export { SocketRegistry } from './realtime.sockets';
