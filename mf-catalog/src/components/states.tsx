import type { ReactNode } from 'react';
import { Button, Skeleton } from '@streamflix/shared';
import styles from './states.module.css';

export function ErrorState({
  message,
  onRetry,
  title = 'Something went wrong',
}: {
  message: string;
  onRetry?: () => void;
  title?: string;
}) {
  return (
    <div className={styles.box} role="alert">
      <p className={styles.title}>{title}</p>
      <p className={styles.text}>{message}</p>
      {onRetry ? (
        <Button variant="secondary" onClick={onRetry}>
          Retry
        </Button>
      ) : null}
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className={styles.box}>
      <p className={styles.title}>{title}</p>
      {children ? <div className={styles.text}>{children}</div> : null}
    </div>
  );
}

export function SkeletonCards({
  count = 6,
  variant = 'poster',
  layout = 'grid',
  label = 'Loading titles',
}: {
  count?: number;
  variant?: 'poster' | 'backdrop';
  layout?: 'grid' | 'row';
  label?: string;
}) {
  return (
    <div className={layout === 'grid' ? styles.grid : styles.row} role="status" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        <div
          key={i}
          className={variant === 'poster' ? styles.poster : styles.backdrop}
          aria-hidden="true"
        >
          <Skeleton height="100%" label="" className={styles.fill} />
        </div>
      ))}
    </div>
  );
}
