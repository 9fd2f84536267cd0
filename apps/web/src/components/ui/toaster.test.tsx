import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { TOAST_DURATION_MS } from '@mayorista/core/constants';
import { messages } from '@mayorista/core/messages';
import { Toaster } from './toaster';
import { dismissToast, toast } from './toast-store';

beforeAll(() => {
  // jsdom has no pointer capture; Radix's swipe handling calls it.
  HTMLElement.prototype.setPointerCapture ??= () => {};
  HTMLElement.prototype.releasePointerCapture ??= () => {};
  HTMLElement.prototype.hasPointerCapture ??= () => false;
});

beforeEach(() => {
  vi.useFakeTimers();
  render(<Toaster />);
});

afterEach(() => {
  act(() => dismissToast());
  vi.useRealTimers();
});

const show = (...args: Parameters<typeof toast>) => act(() => void toast(...args));
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

function swipe(element: HTMLElement, dx: number) {
  fireEvent.pointerDown(element, { button: 0, clientX: 100, clientY: 10, pointerId: 1 });
  // Radix starts a swipe after a small buffer, then follows the pointer.
  for (const x of [102, 110, 100 + dx / 2, 100 + dx]) fireEvent.pointerMove(element, { clientX: x, clientY: 10, pointerId: 1 });
  fireEvent.pointerUp(element, { clientX: 100 + dx, clientY: 10, pointerId: 1 });
}

describe('Toaster (the screens and routes and the business constants)', () => {
  it('shows one toast at a time: a new one replaces the current one', () => {
    show({ title: 'Primero' });
    show({ title: 'Segundo' });
    expect(screen.getByRole('region', { name: /Notificaciones/ }).querySelectorAll('li')).toHaveLength(1);
    expect(screen.queryByText('Primero')).not.toBeInTheDocument();
    expect(screen.getByText('Segundo')).toBeInTheDocument();
  });

  it('closes after 5000 ms by default', () => {
    show({ title: 'Guardado', description: 'Listo.' });
    advance(TOAST_DURATION_MS - 1);
    expect(screen.getByText('Guardado')).toBeInTheDocument();
    advance(1);
    expect(screen.queryByText('Guardado')).not.toBeInTheDocument();
  });

  it('honours a longer duration (new-order toasts last 10000 ms)', () => {
    show({ title: 'Nuevo pedido', duration: 10_000 });
    advance(9_999);
    expect(screen.getByText('Nuevo pedido')).toBeInTheDocument();
    advance(1);
    expect(screen.queryByText('Nuevo pedido')).not.toBeInTheDocument();
  });

  it('has a destructive style that interrupts screen readers, and a labelled close button', () => {
    show({ title: 'Error de red', description: 'No se pudo conectar con el servidor.', variant: 'destructive' });
    const card = screen.getByText('Error de red').closest('li') as HTMLElement;
    expect(card).toHaveAttribute('data-variant', 'destructive');
    expect(card).toHaveClass('bg-red-700');
    fireEvent.click(screen.getByRole('button', { name: messages.app.closeNotification }));
    expect(screen.queryByText('Error de red')).not.toBeInTheDocument();
  });

  it('runs the optional action', () => {
    const onClick = vi.fn();
    show({ title: 'Producto eliminado', action: { label: 'Deshacer', onClick } });
    fireEvent.click(screen.getByRole('button', { name: 'Deshacer' }));
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('dismisses on a swipe of 50 px or more, not less', () => {
    show({ title: 'Deslizá' });
    const card = () => screen.queryByText('Deslizá')?.closest('li') ?? null;
    swipe(card() as HTMLElement, 40);
    advance(300);
    expect(card()).toBeInTheDocument();
    swipe(card() as HTMLElement, 60);
    advance(300);
    expect(card()).not.toBeInTheDocument();
  });

  it('lives in a labelled region so screen readers can find it (F8)', () => {
    expect(screen.getByRole('region', { name: /Notificaciones/ })).toBeInTheDocument();
  });
});
