import {
  Component,
  Suspense,
  lazy,
  useEffect,
  useMemo,
  useState,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react';

type Loader = () => Promise<{ default: ComponentType }>;

interface CatchProps {
  what: string;
  onRetry: () => void;
  failed: ReactNode;
  children: ReactNode;
}

/** Keeps a chunk that failed to load (offline, a deploy that removed it) inside its own box. */
class ChunkBoundary extends Component<CatchProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.warn(`[shell] ${this.props.what} could not be loaded`, error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <>
        <RetryWhenOnline onRetry={this.props.onRetry} />
        {this.props.failed}
      </>
    );
  }
}

function RetryWhenOnline({ onRetry }: { onRetry: () => void }) {
  useEffect(() => {
    window.addEventListener('online', onRetry);
    return () => window.removeEventListener('online', onRetry);
  }, [onRetry]);
  return null;
}

export interface OptionalChunkProps {
  /** A module-level import (a stable function): `() => import('./app-toasts')`. */
  load: Loader;
  /** Named in the console warning when the chunk cannot be fetched. */
  what: string;
  fallback?: ReactNode;
  /** What shows if the chunk cannot be fetched; nothing by default. `retry` fetches it again. */
  failed?: (retry: () => void) => ReactNode;
}

/**
 * A lazily fetched part of the shell whose failure to load must not take the page with it: without
 * a boundary, a rejected `lazy()` unmounts the whole root (a viewer who lost the network before the
 * toasts' chunk arrived saw the player go black). It is fetched again when the browser is back
 * online or `retry` is called; React caches a rejected `lazy()`, so each attempt is a new one.
 */
export function OptionalChunk({ load, what, fallback = null, failed }: OptionalChunkProps) {
  const [attempt, setAttempt] = useState(0);
  const Lazy = useMemo(() => lazy(load), [load, attempt]);
  const retry = useMemo(() => () => setAttempt((a) => a + 1), []);
  return (
    <ChunkBoundary key={attempt} what={what} onRetry={retry} failed={failed?.(retry) ?? null}>
      <Suspense fallback={fallback}>
        <Lazy />
      </Suspense>
    </ChunkBoundary>
  );
}
