import { useEffect, useRef, type ReactNode } from 'react';
import { Button, useI18n } from '@streamflix/shared';
import { onArrowKeyNav } from '../lib/arrow-key-nav';
import styles from './title-grid.module.css';

export function TitleGrid({ children, label }: { children: ReactNode; label: string }) {
  return (
    <ul className={styles.grid} aria-label={label} onKeyDown={onArrowKeyNav}>
      {children}
    </ul>
  );
}

export function GridItem({ children }: { children: ReactNode }) {
  return <li className={styles.item}>{children}</li>;
}

export interface LoadMoreProps {
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  /** Shown when the list is complete. */
  endText?: string;
}

/**
 * Loads the next page when the viewer scrolls near the end of a list
 * (IntersectionObserver); a "Load more" button does the same by keyboard or
 * where observers are not available.
 */
export function LoadMore({ hasMore, loading, onLoadMore, endText }: LoadMoreProps) {
  const i18n = useI18n();
  const ref = useRef<HTMLDivElement>(null);
  const latest = useRef({ hasMore, loading, onLoadMore });
  latest.current = { hasMore, loading, onLoadMore };
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined' || !hasMore) return;
    const observer = new IntersectionObserver(
      (entries) => {
        const s = latest.current;
        if (entries.some((e) => e.isIntersecting) && s.hasMore && !s.loading) s.onLoadMore();
      },
      { rootMargin: '600px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasMore, loading]);
  return (
    <div ref={ref} className={styles.more}>
      {hasMore ? (
        <Button
          variant="secondary"
          onClick={onLoadMore}
          busy={loading}
          busyLabel={i18n._({ id: 'mf-catalog.loadMore.busy', message: 'Loading more…' })}
        >
          {i18n._({ id: 'mf-catalog.loadMore.button', message: 'Load more' })}
        </Button>
      ) : (
        <p className={styles.end}>
          {endText ??
            i18n._({ id: 'mf-catalog.loadMore.end', message: 'You have reached the end.' })}
        </p>
      )}
    </div>
  );
}
