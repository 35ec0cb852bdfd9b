import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { LoadingScreen } from '../ui/Spinner';

interface State {
  error: Error | null;
}

/**
 * Catches a page that fails to load (its chunk could not be fetched) or to render, and
 * offers a reload — instead of a blank screen in the field.
 */
export class PageErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Page failed to load or render', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div className="page page--error" role="alert">
        <h1>Component Load Error</h1>
        <p className="error-text">{error.message}</p>
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          Reload Page
        </button>
      </div>
    );
  }
}

/** Every page: loaded on demand with a 'Loading...' placeholder, inside an error boundary. */
export function PageBoundary({ children }: { children: ReactNode }) {
  return (
    <PageErrorBoundary>
      <Suspense fallback={<LoadingScreen />}>{children}</Suspense>
    </PageErrorBoundary>
  );
}
