import { Component, type ReactNode } from 'react';
import { isChunkLoadError, reloadOnceForChunkError } from '../routes/chunkError';

/**
 * Around lazily loaded trees outside the router (the signed-in app chunk): a failed chunk load
 * reloads the page once (session flag), then renders nothing; other errors are rethrown.
 */
export class ChunkErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(error: unknown): { failed: boolean } {
    if (!isChunkLoadError(error)) throw error;
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    if (isChunkLoadError(error))
      reloadOnceForChunkError(window.sessionStorage, () => window.location.reload());
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}
