import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, Navigate, RouterProvider, useLocation } from 'react-router';
import { AnimatedOutlet } from './animated-outlet';

function mockReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: reduce && query.includes('reduce'), media: query, addEventListener() {}, removeEventListener() {} }));
}

/** Like the auth guard: redirects and carries the location it was asked for. */
function RedirectWithOrigin() {
  const location = useLocation();
  return <Navigate to="/b" replace state={{ from: location.pathname }} />;
}

function PageB() {
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  return <p>página B{from ? ` desde ${from}` : ''}</p>;
}

function mount() {
  const router = createMemoryRouter(
    [
      {
        element: <AnimatedOutlet />,
        children: [
          { path: '/', element: <p>página A</p> },
          { path: '/b', element: <PageB /> },
          { path: '/redirige', element: <RedirectWithOrigin /> },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('AnimatedOutlet', () => {
  it('lets the outgoing page finish leaving before the next one enters', async () => {
    mockReducedMotion(false);
    const router = mount();
    expect(screen.getByText('página A').parentElement).toHaveClass('page-enter');
    await act(() => router.navigate('/b'));
    expect(screen.getByText('página A').parentElement).toHaveClass('page-leave');
    expect(screen.queryByText('página B')).not.toBeInTheDocument();
    // animationend of the wrapper (the fallback timer covers browsers that skip it).
    // React listens for the prefixed name where the environment has no AnimationEvent (jsdom).
    const wrapper = screen.getByText('página A').parentElement!;
    fireEvent.animationEnd(wrapper);
    fireEvent(wrapper, new Event('webkitAnimationEnd', { bubbles: true }));
    expect(screen.queryByText('página A')).not.toBeInTheDocument();
    expect(screen.getByText('página B').parentElement).toHaveClass('page-enter');
  });

  it('shows the page a visit opens without the fade-in; the pages after it fade in', async () => {
    mockReducedMotion(false);
    const router = mount();
    expect(screen.getByText('página A').parentElement).toHaveClass('page-first');
    await act(() => router.navigate('/b'));
    const wrapper = screen.getByText('página A').parentElement!;
    fireEvent.animationEnd(wrapper);
    fireEvent(wrapper, new Event('webkitAnimationEnd', { bubbles: true }));
    expect(screen.getByText('página B').parentElement).toHaveClass('page-enter');
    expect(screen.getByText('página B').parentElement).not.toHaveClass('page-first');
  });

  it('falls back to a timer when no animationend arrives', async () => {
    mockReducedMotion(false);
    const router = mount();
    await act(() => router.navigate('/b'));
    expect(screen.queryByText('página B')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(400));
    expect(screen.getByText('página B')).toBeInTheDocument();
  });

  it('swaps at once when the user prefers reduced motion', async () => {
    mockReducedMotion(true);
    const router = mount();
    await act(() => router.navigate('/b'));
    expect(screen.queryByText('página A')).not.toBeInTheDocument();
    expect(screen.getByText('página B')).toBeInTheDocument();
  });

  it('does not re-run a redirect of the leaving page (it keeps its own location)', async () => {
    mockReducedMotion(false);
    const router = mount();
    await act(() => router.navigate('/redirige'));
    act(() => vi.advanceTimersByTime(400));
    act(() => vi.advanceTimersByTime(400));
    expect(router.state.location.pathname).toBe('/b');
    expect(screen.getByText('página B desde /redirige')).toBeInTheDocument();
  });
});
