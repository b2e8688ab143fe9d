import { Skeleton, useI18n } from '@streamflix/shared';
import styles from './states.module.css';

// The error and empty blocks are every remote's (shared/src/ui/states.tsx); re-exported so the
// catalog's screens keep one import for their three states.
export { EmptyState, ErrorState } from '@streamflix/shared';

export function SkeletonCards({
  count = 6,
  variant = 'poster',
  layout = 'grid',
  label,
}: {
  count?: number;
  variant?: 'poster' | 'backdrop';
  layout?: 'grid' | 'row';
  label?: string;
}) {
  const i18n = useI18n();
  return (
    <div
      className={layout === 'grid' ? styles.grid : styles.row}
      role="status"
      aria-label={
        label ?? i18n._({ id: 'mf-catalog.states.loadingTitles', message: 'Loading titles' })
      }
    >
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
