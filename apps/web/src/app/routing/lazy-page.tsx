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
  const start = () => (loading ??= load().then((module) => ((loaded = module.default), module)));
  const Suspending = lazy(start);

  function Page() {
    const Component = loaded ?? Suspending;
    return <Component />;
  }
  return Object.assign(Page, { preload: () => start().then(() => undefined) });
}
