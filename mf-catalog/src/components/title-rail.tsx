import { useId, useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { onArrowKeyNav } from '../lib/arrow-key-nav';
import { useInView } from '../lib/use-in-view';
import { SkeletonCards } from './states';
import styles from './title-rail.module.css';
import { ChevronStartIcon, ChevronEndIcon, useI18n } from '@streamflix/shared';

export interface TitleRailProps {
  title: string;
  /** "View all" link, e.g. the rail's category page. */
  viewAllHref?: string;
  variant?: 'poster' | 'backdrop';
  /** The cards; rendered only once the rail is near the viewport. */
  children: ReactNode;
  /** Rails at the top render at once; the rest wait until scrolled into view. */
  eager?: boolean;
  /** Called the first time the rail comes into view (below-the-fold loading). */
  loading?: boolean;
}

/**
 * A horizontal rail with a heading and a "view all" link. Its cards are a list
 * walkable with Tab or the arrow keys; on a phone it scrolls with a swipe.
 */
export function TitleRail({
  title,
  viewAllHref,
  variant = 'poster',
  children,
  eager,
  loading,
}: TitleRailProps) {
  const i18n = useI18n();
  const headingId = useId();
  const { ref, inView } = useInView<HTMLElement>();
  const track = useRef<HTMLUListElement>(null);
  const show = (eager || inView) && !loading;
  const scroll = (dir: 1 | -1) => {
    const el = track.current;
    if (!el) return;
    // In right to left the rail's start is on the right: "next" scrolls towards negative x.
    const inline = getComputedStyle(el).direction === 'rtl' ? -dir : dir;
    el.scrollBy({ left: inline * el.clientWidth * 0.85, behavior: 'smooth' });
  };
  return (
    <section ref={ref} className={styles.rail} aria-labelledby={headingId} data-variant={variant}>
      <div className={styles.header}>
        <h2 id={headingId} className={styles.title}>
          {title}
        </h2>
        {viewAllHref ? (
          <Link
            to={viewAllHref}
            className={styles.viewAll}
            aria-label={i18n._({
              id: 'mf-catalog.rail.viewAllLabel',
              message: 'View all: {title}',
              values: { title },
            })}
          >
            {i18n._({ id: 'mf-catalog.rail.viewAll', message: 'View all' })}
          </Link>
        ) : null}
      </div>
      {show ? (
        <div className={styles.frame}>
          <button
            type="button"
            className={`${styles.arrow} ${styles.prev}`}
            onClick={() => scroll(-1)}
            tabIndex={-1}
            aria-hidden="true"
          >
            <ChevronStartIcon />
          </button>
          <ul ref={track} className={styles.track} onKeyDown={onArrowKeyNav}>
            {children}
          </ul>
          <button
            type="button"
            className={`${styles.arrow} ${styles.next}`}
            onClick={() => scroll(1)}
            tabIndex={-1}
            aria-hidden="true"
          >
            <ChevronEndIcon />
          </button>
        </div>
      ) : (
        <SkeletonCards
          layout="row"
          count={8}
          variant={variant}
          label={i18n._({
            id: 'mf-catalog.rail.loading',
            message: 'Loading {title}',
            values: { title },
          })}
        />
      )}
    </section>
  );
}

export function RailItem({ children }: { children: ReactNode }) {
  return <li className={styles.item}>{children}</li>;
}
