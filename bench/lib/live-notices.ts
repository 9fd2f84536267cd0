// The admins' live notices during the broadcast: an admin's WebSocket on each server process,
// counting the new-order events it hears. With two processes on one PostgreSQL, an order placed
// through one process reaches the admin connected to the other only through LISTEN/NOTIFY.
import WebSocket from 'ws';

export interface LiveNoticeListener {
  /** Distinct new orders this admin heard of. */
  heard(): number;
  /** Waits until `count` orders were heard or `ms` passed; closes the socket. */
  settle(count: number, ms: number): Promise<number>;
}

/** Joins the `orders` topic of one server as the admin; throws when the join is refused. */
export async function listenForNewOrders(serverUrl: string, adminToken: string): Promise<LiveNoticeListener> {
  const ws = new WebSocket(`${serverUrl.replace('http', 'ws')}/realtime`);
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const orders = new Set<string>();
  let joined: (ok: boolean) => void = () => {};
  const joinReply = new Promise<boolean>((resolve) => (joined = resolve));
  ws.on('message', (raw) => {
    const message = JSON.parse(String(raw)) as { event?: string; ref?: string; payload?: { status?: string; record?: { id?: string } } };
    if (message.event === 'phx_reply' && message.ref === 'join') joined(message.payload?.status === 'ok');
    if (message.event === 'INSERT' && message.payload?.record?.id) orders.add(message.payload.record.id);
  });
  // The server closes a socket without heartbeats; the app sends one every 30 s.
  const heartbeat = setInterval(() => ws.send(JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: 'hb' })), 20_000);
  ws.send(JSON.stringify({ topic: 'orders', event: 'phx_join', payload: { access_token: adminToken }, ref: 'join' }));
  if (!(await joinReply)) {
    clearInterval(heartbeat);
    ws.close();
    throw new Error(`the admin socket could not join ${serverUrl}`);
  }
  return {
    heard: () => orders.size,
    async settle(count, ms) {
      const until = Date.now() + ms;
      while (orders.size < count && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
      clearInterval(heartbeat);
      ws.close();
      return orders.size;
    },
  };
}
