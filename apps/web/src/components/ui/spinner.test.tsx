import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { network } from '@mayorista/core/messages/network';
import { Spinner } from './spinner';

describe('Spinner', () => {
  it('says a paused load waits for the signal, and says nothing more otherwise', () => {
    const { rerender } = render(<Spinner label="Cargando producto…" />);
    expect(screen.getByRole('status')).toHaveTextContent(/^Cargando producto…$/);
    rerender(<Spinner label="Cargando producto…" paused />);
    expect(screen.getByRole('status')).toHaveTextContent(`Cargando producto…${network.waitingForSignal}`);
  });
});
