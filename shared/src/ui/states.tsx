import type { ReactNode } from 'react';
import { useI18n } from '../i18n/react';
import { Button } from './primitives';
import styles from './states.module.css';

/**
 * What a screen shows when its data could not be loaded: what went wrong and, where asking
 * again can help, a Retry button. One block for every remote so failures look and read alike.
 */
export function ErrorState({
  message,
  onRetry,
  title,
  className,
}: {
  message: string;
  onRetry?: () => void;
  title?: string;
  className?: string;
}) {
  const i18n = useI18n();
  return (
    <div className={[styles.box, className].filter(Boolean).join(' ')} role="alert">
      <p className={styles.title}>
        {title ?? i18n._({ id: 'shared.error.title', message: 'Something went wrong' })}
      </p>
      <p className={styles.text}>{message}</p>
      {onRetry ? (
        <Button variant="secondary" onClick={onRetry}>
          {i18n._({ id: 'shared.error.retry', message: 'Retry' })}
        </Button>
      ) : null}
    </div>
  );
}

/** Nothing to show yet, said plainly, with what the viewer can do about it. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className={styles.box}>
      <p className={styles.title}>{title}</p>
      {children ? <div className={styles.text}>{children}</div> : null}
    </div>
  );
}

/** The parts of a TanStack query result that QueryState reads. */
export interface QueryStateSource<T> {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  data: T | undefined;
  refetch: () => unknown;
}

/**
 * The pending → error (with Retry) → data sequence of a screen that loads one query:
 * `pending` while it loads, ErrorState if it failed, `children(data)` once it is there.
 */
export function QueryState<T>({
  query,
  pending,
  children,
}: {
  query: QueryStateSource<T>;
  pending: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const i18n = useI18n();
  if (query.isPending) return <>{pending}</>;
  if (query.isError || query.data === undefined)
    return (
      <ErrorState
        message={
          query.error?.message ??
          i18n._({ id: 'shared.error.couldNotLoad', message: 'Could not load this.' })
        }
        onRetry={() => void query.refetch()}
      />
    );
  return <>{children(query.data)}</>;
}
