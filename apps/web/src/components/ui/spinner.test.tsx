import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { network } from '@mayorista/core/messages/network';
import { setOfflineState } from '../../lib/offline/offline-state';
import { Spinner } from './spinner';

afterEach(() => setOfflineState({ online: true }));

describe('Spinner', () => {
  it('says a load waits for the signal while there is none, and stops saying it when it is back', () => {
    render(<Spinner label="Cargando producto…" />);
    expect(screen.getByRole('status')).toHaveTextContent(/^Cargando producto…$/);
    act(() => setOfflineState({ online: false }));
    expect(screen.getByRole('status')).toHaveTextContent(`Cargando producto…${network.waitingForSignal}`);
    act(() => setOfflineState({ online: true }));
    expect(screen.getByRole('status')).not.toHaveTextContent(network.waitingForSignal);
  });
});
