import { memo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  i18n,
  formatNumber,
  paths,
  useFormat,
  type TitleCard as TitleCardData,
  StarIcon,
} from '@streamflix/shared';
import { cx } from '../lib/cx';
import styles from './title-card.module.css';

export type CardTitle = Pick<
  TitleCardData,
  'id' | 'type' | 'name' | 'year' | 'posterUrl' | 'backdropUrl'
> &
  Partial<Pick<TitleCardData, 'rating' | 'premium' | 'maturity'>>;

export interface TitleCardProps {
  title: CardTitle;
  /** Poster (2:3) for lists, backdrop (16:9) for continue watching and episodes. */
  variant?: 'poster' | 'backdrop';
  /** Where the card goes; the title's detail page by default. */
  href?: string;
  /** Extra line under the name (e.g. "S1 · E3 Pilot"). */
  subtitle?: string;
  /** 0-100: watched progress, shown as a bar. */
  progressPercent?: number;
  /** A control next to the link (e.g. My List), never inside it. */
  action?: ReactNode;
  /** Above-the-fold cards load eagerly. */
  eager?: boolean;
}

/** "Series" or "Movie", in the active language (called at render time). */
export const typeLabel = (type: string) =>
  i18n._({
    id: 'mf-catalog.card.type',
    message: '{type, select, series {Series} other {Movie}}',
    values: { type: type === 'series' ? 'series' : 'movie' },
  });

/** A rating out of ten with one decimal, in the language's digits and separator ("7.5", "7,5"). */
export const formatRating = (rating: number) =>
  formatNumber(rating, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export function describeTitle(
  title: CardTitle,
  subtitle?: string,
  progressPercent?: number,
): string {
  const parts = [title.name, String(title.year), typeLabel(title.type)];
  if (typeof title.rating === 'number')
    parts.push(
      i18n._({
        id: 'mf-catalog.card.rated',
        message: 'rated {rating} of 10',
        values: { rating: formatRating(title.rating) },
      }),
    );
  if (title.premium) parts.push(i18n._({ id: 'mf-catalog.card.premium', message: 'Premium' }));
  if (subtitle) parts.push(subtitle);
  if (typeof progressPercent === 'number')
    parts.push(
      i18n._({
        id: 'mf-catalog.card.watched',
        message: '{percent} watched',
        values: { percent: formatNumber(Math.round(progressPercent) / 100, { style: 'percent' }) },
      }),
    );
  return parts.join(', ');
}

/**
 * Memoised: a screen re-rendered for something else (explore's filter options arriving, the
 * country picker) does not re-render its two dozen cards, a long task on a phone. A card with
 * an action re-renders with its screen (the action is a new element each time).
 */
export const TitleCard = memo(function TitleCard({
  title,
  variant = 'poster',
  href,
  subtitle,
  progressPercent,
  action,
  eager,
}: TitleCardProps) {
  useFormat(); // re-rendered when the language changes
  const src = variant === 'poster' ? title.posterUrl : title.backdropUrl;
  return (
    <article className={cx(styles.card, styles[variant])}>
      <Link
        to={href ?? paths.title(title.type, title.id)}
        className={styles.link}
        data-card-link=""
        aria-label={describeTitle(title, subtitle, progressPercent)}
      >
        <span className={styles.art}>
          <img
            src={src}
            alt=""
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            width={variant === 'poster' ? 200 : 320}
            height={variant === 'poster' ? 300 : 180}
          />
          {title.premium ? (
            <span className={styles.badge}>
              {i18n._({ id: 'mf-catalog.card.premium', message: 'Premium' })}
            </span>
          ) : null}
          {typeof progressPercent === 'number' ? (
            <span className={styles.progress}>
              <span style={{ width: `${Math.min(100, Math.max(0, progressPercent))}%` }} />
            </span>
          ) : null}
        </span>
        <span className={styles.meta}>
          {/* Both lines end in an ellipsis when they do not fit: the full text is their title. */}
          <span className={styles.name} title={title.name}>
            {title.name}
          </span>
          <span
            className={styles.sub}
            title={
              subtitle ??
              [
                String(title.year),
                typeLabel(title.type),
                ...(typeof title.rating === 'number' ? [formatRating(title.rating)] : []),
              ].join(' · ')
            }
          >
            {subtitle ?? (
              <>
                {`${title.year} · ${typeLabel(title.type)}`}
                {typeof title.rating === 'number' ? (
                  <>
                    {' · '}
                    <StarIcon /> {formatRating(title.rating)}
                  </>
                ) : null}
              </>
            )}
          </span>
        </span>
      </Link>
      {action ? <div className={styles.action}>{action}</div> : null}
    </article>
  );
});
