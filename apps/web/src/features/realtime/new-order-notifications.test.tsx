import { act, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, getToasts } from '../../components/ui/toast-store';
import { FakeWebSocket } from './fake-websocket';
import { NewOrderNotifications } from './new-order-notifications';

interface FakeProfile {
  id: string;
  is_admin: boolean;
  is_super_admin: boolean;
}
const auth: { session: { access_token: string } | null; profile: FakeProfile | null } = { session: null, profile: null };

vi.mock('../../lib/auth', () => ({
  useAuth: () => auth,
  isAdmin: (p: FakeProfile | null) => !!p && (p.is_admin || p.is_super_admin),
}));

const createSocket = (url: string) => new FakeWebSocket(url);
const adminProfile = (id = 'admin-1'): FakeProfile => ({ id, is_admin: true, is_super_admin: false });

function renderWith(queryClient = new QueryClient()) {
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const view = render(
    <QueryClientProvider client={queryClient}>
      <NewOrderNotifications createSocket={createSocket} />
    </QueryClientProvider>,
  );
  const rerender = () =>
    view.rerender(
      <QueryClientProvider client={queryClient}>
        <NewOrderNotifications createSocket={createSocket} />
      </QueryClientProvider>,
    );
  return { ...view, rerender, invalidate };
}

const joinedSocket = () => {
  const socket = FakeWebSocket.latest();
  act(() => {
    socket.open();
    socket.acceptJoin();
  });
  return socket;
};

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  FakeWebSocket.reset();
  dismissToast();
  auth.session = { access_token: 'admin-token' };
  auth.profile = adminProfile();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('NewOrderNotifications', () => {
  it('an order placed "Retenido por crédito" says so; another admin’s release or rejection refreshes the lists', () => {
    const { invalidate } = renderWith();
    const socket = joinedSocket();
    const record = { id: 'o-9', user_info: { nombre: 'Beatriz' }, total: 100, status: 'Pendiente', created_at: '2026-11-22T01:00:00Z', credit_hold: 'pending' };
    act(() => socket.receive({ topic: 'orders', event: 'INSERT', payload: { record }, ref: null }));
    expect(getToasts()).toEqual([expect.objectContaining({ title: 'Pedido retenido por crédito', description: 'El pedido de Beatriz quedó retenido por crédito.' })]);
    invalidate.mockClear();
    act(() => socket.receive({ topic: 'orders', event: 'CREDIT_RELEASED', payload: { record: { ...record, credit_hold: 'released' } }, ref: null }));
    act(() => socket.receive({ topic: 'orders', event: 'CREDIT_REJECTED', payload: { record: { ...record, credit_hold: 'rejected' } }, ref: null }));
    expect(invalidate).toHaveBeenCalledTimes(2);
  });

  it('shows the new-order toast for 10 000 ms with the customer name and refreshes the admin list', () => {
    const { invalidate } = renderWith();
    const socket = joinedSocket();
    expect(socket.url).toBe(`ws://${window.location.host}/realtime`);
    expect(socket.lastSent('phx_join').payload).toEqual({ access_token: 'admin-token' });
    expect(invalidate).not.toHaveBeenCalled();

    act(() =>
      socket.receive({
        topic: 'orders',
        event: 'INSERT',
        payload: { record: { id: 'o-1', user_info: { nombre: 'Beatriz' }, total: 100, status: 'Pendiente', created_at: '2026-11-22T01:00:00Z' } },
        ref: null,
      }),
    );
    expect(getToasts()).toEqual([
      expect.objectContaining({
        title: '¡Nuevo Pedido Recibido!',
        description: 'El cliente Beatriz ha realizado un pedido.',
        duration: 10_000,
        variant: 'default',
      }),
    ]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['admin-orders'] });
  });

  it('tells the admin when a customer cancels an order (the order-life work, decision 014) and refreshes the list', () => {
    const { invalidate } = renderWith();
    const socket = joinedSocket();
    act(() =>
      socket.receive({
        topic: 'orders',
        event: 'CANCELLED',
        payload: { record: { id: 'abcdef12-0000', user_info: { nombre: 'Beatriz' }, total: 100, status: 'Cancelado', created_at: '2026-11-22T01:00:00Z', event: 'cancelled' } },
        ref: null,
      }),
    );
    expect(getToasts()).toEqual([
      expect.objectContaining({ title: 'Pedido cancelado por el cliente', description: 'Beatriz canceló el pedido #abcdef12.' }),
    ]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['admin-orders'] });
  });

  it('refetches the list after a reconnect, and shows no message for channel errors', () => {
    const { invalidate } = renderWith();
    const first = joinedSocket();
    act(() => first.drop());
    act(() => vi.advanceTimersByTime(1000));
    expect(FakeWebSocket.instances).toHaveLength(2);
    joinedSocket();
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['admin-orders'] });
    expect(getToasts()).toEqual([]);
  });

  it('opens no channel for a customer or a signed-out visitor', () => {
    auth.profile = { id: 'customer', is_admin: false, is_super_admin: false };
    const { rerender } = renderWith();
    auth.profile = null;
    auth.session = null;
    rerender();
    expect(FakeWebSocket.instances).toEqual([]);
  });

  it('removes the channel on unmount and when the profile changes', () => {
    const { rerender, unmount } = renderWith();
    const first = joinedSocket();

    // A token refresh alone keeps the channel.
    auth.session = { access_token: 'refreshed' };
    rerender();
    expect(FakeWebSocket.instances).toHaveLength(1);

    auth.profile = adminProfile('admin-2');
    rerender();
    expect(first.lastSent('phx_leave')).toBeTruthy();
    expect(first.closedWith).toBe(1000);
    expect(FakeWebSocket.instances).toHaveLength(2);
    const second = joinedSocket();
    expect(second.lastSent('phx_join').payload).toEqual({ access_token: 'refreshed' });

    auth.profile = { ...adminProfile('admin-2'), is_admin: false };
    rerender();
    expect(second.closedWith).toBe(1000);
    expect(FakeWebSocket.instances).toHaveLength(2);

    auth.profile = adminProfile('admin-2');
    rerender();
    const third = FakeWebSocket.latest();
    unmount();
    expect(third.closedWith).toBe(1000);
    act(() => vi.advanceTimersByTime(60_000));
    expect(FakeWebSocket.instances).toHaveLength(3);
  });
});
