import { lazy, Suspense } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@mayorista/core/messages';
import { PageErrorBoundary } from './page-error-boundary';

// Each test silences console.error: React logs every render error a boundary catches.
afterEach(() => vi.restoreAllMocks());

const UnreachablePage = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));

function FailingChunkPage() {
  return (
    <Suspense fallback={<p>{messages.app.loadingPage}</p>}>
      <UnreachablePage />
    </Suspense>
  );
}

const ui = (resetKey: string, page: React.ReactNode, onReload = vi.fn()) => (
  <>
    <nav>Navegación</nav>
    <PageErrorBoundary resetKey={resetKey} onReload={onReload}>
      {page}
    </PageErrorBoundary>
  </>
);

describe('PageErrorBoundary', () => {
  it('a page whose chunk failed to download explains it and offers a reload, and the shell stays', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const onReload = vi.fn();
    render(ui('/cart', <FailingChunkPage />, onReload));
    const alert = await screen.findByRole('alert');
    expect(screen.getByRole('heading', { level: 1, name: messages.app.pageError.title })).toBeInTheDocument();
    await waitFor(() => expect(alert).toHaveFocus());
    expect(alert).toHaveTextContent(messages.app.pageError.text);
    expect(screen.getByText('Navegación')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: messages.app.pageError.reload }));
    expect(onReload).toHaveBeenCalledTimes(1);
  });

  it('going to another route clears the error and shows that page, focus on the main region', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const view = render(
      <main id="main" tabIndex={-1}>
        {ui('/cart', <FailingChunkPage />)}
      </main>,
    );
    await screen.findByRole('alert');
    view.rerender(
      <main id="main" tabIndex={-1}>
        {ui('/catalog', <h1>Catálogo</h1>)}
      </main>,
    );
    expect(screen.getByRole('heading', { name: 'Catálogo' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('quiet: an optional part that fails shows nothing, and the rest stays', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <>
        <nav>Navegación</nav>
        <PageErrorBoundary resetKey="/admin" quiet>
          <FailingChunkPage />
        </PageErrorBoundary>
      </>,
    );
    await waitFor(() => expect(screen.queryByText(messages.app.loadingPage)).not.toBeInTheDocument());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('Navegación')).toBeInTheDocument();
  });
});
