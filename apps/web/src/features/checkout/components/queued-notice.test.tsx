import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { offline } from '@mayorista/core/messages/offline';
import { formatMoney } from '@mayorista/core/money';
import { setOfflineState } from '../../../lib/offline/offline-state';
import type { QueuedOrder } from '../../../lib/offline/queue-model';
import { QueuedNotice } from './queued-notice';

/** "Pedido pendiente de envío … se envía solo": true only while the order waits in the queue. */
const entry: QueuedOrder = {
  id: 'k-1',
  userId: 'u-1',
  createdAt: '2026-11-26T18:00:00Z',
  pricesAt: null,
  items: [{ product_id: 'p-1', name: 'Sal Fina', quantity: 1, unit_price: 54_000, line_total: 54_000 }],
  observaciones: '',
  total: 54_000,
  status: 'pending',
  sentBody: null,
};

afterEach(() => setOfflineState({ queue: [] }));

describe('QueuedNotice', () => {
  it('shows while the order waits, and goes once it is discarded or placed', () => {
    setOfflineState({ queue: [entry] });
    render(<QueuedNotice entry={entry} />);
    expect(screen.getByRole('region', { name: `${offline.queuedTitle} · ${formatMoney(54_000)}` })).toHaveTextContent(offline.queuedText);
    // "Descartar": the entry leaves the queue; the notice would still promise to send it.
    act(() => setOfflineState({ queue: [] }));
    expect(screen.queryByTestId('queued-notice')).toBeNull();
  });

  it('goes once the queue placed it', () => {
    setOfflineState({ queue: [entry] });
    render(<QueuedNotice entry={entry} />);
    act(() => setOfflineState({ queue: [{ ...entry, status: 'placed' }] }));
    expect(screen.queryByTestId('queued-notice')).toBeNull();
  });
});
