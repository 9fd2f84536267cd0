import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage } from './lazy-page';

function deferredModule() {
  let resolve!: () => void;
  const module = new Promise<{ default: () => React.JSX.Element }>((done) => {
    resolve = () => done({ default: () => <h1>Catálogo</h1> });
  });
  return { load: vi.fn(() => module), resolve };
}

const renderInSuspense = (Page: () => React.JSX.Element) =>
  render(
    <Suspense fallback={<p>Cargando página...</p>}>
      <Page />
    </Suspense>,
  );

describe('lazyPage', () => {
  it('loads on first render like React.lazy: the fallback, then the page', async () => {
    const { load, resolve } = deferredModule();
    const Page = lazyPage(load);
    expect(load).not.toHaveBeenCalled();
    renderInSuspense(Page);
    expect(screen.getByText('Cargando página...')).toBeInTheDocument();
    await act(async () => resolve());
    expect(await screen.findByRole('heading', { name: 'Catálogo' })).toBeInTheDocument();
  });

  it('after preload, the very first render is the page: no fallback, no second load', async () => {
    const { load, resolve } = deferredModule();
    const Page = lazyPage(load);
    const preloaded = Page.preload();
    resolve();
    await preloaded;
    renderInSuspense(Page);
    // Synchronously, without waiting for React to retry a suspended render.
    expect(screen.getByRole('heading', { name: 'Catálogo' })).toBeInTheDocument();
    expect(screen.queryByText('Cargando página...')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a failed load rejects the preload, so the caller can go on and let the page report it', async () => {
    const Page = lazyPage(() => Promise.reject(new Error('chunk 404')));
    await expect(Page.preload()).rejects.toThrow('chunk 404');
  });
});
