import { lazy, type ComponentType } from 'react';

export interface PageModule {
  default: ComponentType;
}

export interface LazyPage {
  (): React.JSX.Element;
  /** Starts loading the module (once); resolves when rendering the page will not suspend. */
  preload(): Promise<void>;
}

/**
 * A page loaded on demand, like React.lazy, that can also be loaded ahead of rendering. Once its
 * module is in, the page renders it directly: no Suspense round, so the first render after a
 * preload already contains the page instead of the loading fallback.
 */
export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<PageModule> | undefined;
  // Our callback runs before React.lazy's own, so by the time React retries, `loaded` is set.
  // A failed load stays failed, as with React.lazy: handing React a fresh loader while it
  // re-renders to show the error would retry in a loop, and browsers that still cache failed
  // module fetches (whatwg/html#6768) would fail it again. The error boundary offers a reload.
  const start = () => (loading ??= load().then((module) => ((loaded = module.default), module)));
  const Suspending = lazy(start);

  function Page() {
    const Component = loaded ?? Suspending;
    return <Component />;
  }
  return Object.assign(Page, { preload: () => start().then(() => undefined) });
}
