import { Component, type ReactNode } from 'react';
import { app as appTexts } from '@mayorista/core/messages/app';
import { LoadError } from '../../components/ui/load-error';

interface Props {
  /** Changes with the route: leaving the broken page clears the error. */
  resetKey: string;
  /** Show nothing on failure: for an optional part of the shell (the admin's live notifications). */
  quiet?: boolean;
  /** What "volver a cargar" does; the whole document by default, which also fetches a new build. */
  onReload?: () => void;
  children: ReactNode;
}

interface State {
  failed: boolean;
  resetKey: string;
}

/**
 * Keeps a page that failed to render — most often its chunk failed to download: a dropped
 * connection, or a new deploy replaced the hashed files — from blanking the whole app. The shell
 * (navigation, cart, footer) stays, and the page area says what happened and offers a reload.
 */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override componentDidUpdate(_props: Props, previous: State) {
    // The page that replaces the error is mounted afresh, so it does not know a navigation
    // happened: start it at the top with the focus on the main region, as any page change does.
    if (previous.failed && !this.state.failed && !this.props.quiet) {
      if (document.scrollingElement) document.scrollingElement.scrollTop = 0;
      document.getElementById('main')?.focus({ preventScroll: true });
    }
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    if (this.props.quiet) return null;
    const reload = this.props.onReload ?? (() => window.location.reload());
    return (
      <div className="mx-auto w-full max-w-xl px-4 py-12">
        <LoadError
          replacesPage
          title={appTexts.pageError.title}
          detail={appTexts.pageError.text}
          retryLabel={appTexts.pageError.reload}
          onRetry={reload}
        />
      </div>
    );
  }
}
