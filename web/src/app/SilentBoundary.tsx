import { Component, Suspense, type ReactNode } from 'react';

/**
 * For optional parts of the shell (network banner, device redirector): while loading, and
 * if loading or rendering fails, it renders nothing — the app must work without them.
 */
export class SilentBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.warn('An optional part of the app failed to load; continuing without it.', error);
  }

  override render() {
    if (this.state.failed) return null;
    return <Suspense fallback={null}>{this.props.children}</Suspense>;
  }
}
