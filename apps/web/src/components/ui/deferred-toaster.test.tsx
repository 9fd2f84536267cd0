import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { DeferredToaster } from './deferred-toaster';
import { dismissToast, toast } from './toast-store';

afterEach(() => act(() => dismissToast()));

describe('DeferredToaster', () => {
  it('loads nothing at start-up and shows the first toast once its chunk arrives', async () => {
    render(<DeferredToaster />);
    expect(screen.queryByRole('region', { name: /Notificaciones/ })).not.toBeInTheDocument();

    act(() => void toast({ title: 'Producto añadido', description: 'Yerba se ha añadido al carrito.' }));

    // Plain text at once, then Radix's toaster once its chunk is in.
    expect(await screen.findByText('Producto añadido')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: /Notificaciones/ })).toBeInTheDocument();
    expect(await screen.findByText('Producto añadido')).toBeInTheDocument();
  });

  it('stays mounted after the toasts are gone, so later toasts appear at once', async () => {
    render(<DeferredToaster />);
    act(() => void toast({ title: 'Primero' }));
    await screen.findByText('Primero');
    act(() => dismissToast());
    act(() => void toast({ title: 'Segundo' }));
    expect(screen.getByText('Segundo')).toBeInTheDocument();
  });
});
