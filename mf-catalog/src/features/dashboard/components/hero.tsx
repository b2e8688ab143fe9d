import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import {
  buttonClassName,
  forgetEarlyHeroArt,
  useEarlyHeroArt,
  paths,
  useFormat,
  useI18n,
  type Dashboard,
  StarIcon,
  PlayIcon,
} from '@streamflix/shared';
import { formatRating } from '../../../components/title-card';
import { BackdropImage } from '../../../components/backdrop-image';
import styles from './dashboard.module.css';

type HeroTitle = NonNullable<Dashboard['hero']>;

export function Hero({ title }: { title: HeroTitle }) {
  const i18n = useI18n();
  const f = useFormat();
  const runtime = f.formatDuration(title.runtimeMinutes * 60);
  const detail = paths.title(title.type, title.id);
  // The page's first hero is on view: the HTML's early picture of it is not drawn again.
  useEffect(() => forgetEarlyHeroArt(), []);
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <BackdropImage className={styles.heroArt} src={title.backdropUrl} />
      <div className={styles.heroShade} />
      <div className={styles.heroBody}>
        <p className={styles.kicker}>
          {i18n._({
            id: 'mf-catalog.hero.kicker',
            message: '{type, select, series {Featured series} other {Featured movie}}',
            values: { type: title.type === 'series' ? 'series' : 'movie' },
          })}
        </p>
        <h2 id="hero-title" className={styles.heroTitle}>
          {title.name}
        </h2>
        <p className={styles.heroMeta}>
          <span>{title.year}</span>
          <span
            aria-label={i18n._({
              id: 'mf-catalog.hero.rated',
              message: 'Rated {rating} of 10',
              values: { rating: formatRating(title.rating) },
            })}
          >
            <StarIcon /> {formatRating(title.rating)}
          </span>
          <span className={styles.maturity}>{title.maturity}</span>
          <span>
            {title.type === 'series'
              ? i18n._({
                  id: 'mf-catalog.hero.episodeLength',
                  message: '{duration} episodes',
                  values: { duration: runtime },
                })
              : runtime}
          </span>
          {title.genres.length ? <span>{title.genres.join(' · ')}</span> : null}
        </p>
        <p className={styles.synopsis} dir="auto" title={title.synopsis}>
          {title.synopsis}
        </p>
        <div className={styles.heroActions}>
          {title.type === 'movie' ? (
            <Link
              to={paths.watch(title.id, title.id, 0, 0)}
              className={buttonClassName('primary')}
              aria-label={i18n._({
                id: 'mf-catalog.hero.playLabel',
                message: 'Play {title}',
                values: { title: title.name },
              })}
            >
              <PlayIcon /> {i18n._({ id: 'mf-catalog.hero.play', message: 'Play' })}
            </Link>
          ) : (
            <Link
              to={detail}
              className={buttonClassName('primary')}
              aria-label={i18n._({
                id: 'mf-catalog.hero.episodesLabel',
                message: 'Watch {title}: choose an episode',
                values: { title: title.name },
              })}
            >
              <PlayIcon /> {i18n._({ id: 'mf-catalog.hero.episodes', message: 'Episodes' })}
            </Link>
          )}
          <Link
            to={detail}
            className={buttonClassName('secondary')}
            aria-label={i18n._({
              id: 'mf-catalog.hero.moreLabel',
              message: 'More about {title}',
              values: { title: title.name },
            })}
          >
            {i18n._({ id: 'mf-catalog.hero.more', message: 'More info' })}
          </Link>
        </div>
      </div>
    </section>
  );
}

/**
 * The hero's room while the home loads. On the first screen of a signed-in device whose HTML
 * already drew the hero's backdrop (shared early-hero.ts), the same backdrop in the hero's box, so
 * the picture does not flash between the loading screens and the hero.
 */
export function HeroSkeleton() {
  const i18n = useI18n();
  const art = useEarlyHeroArt();
  const label = i18n._({ id: 'mf-catalog.hero.loading', message: 'Loading the featured title' });
  if (art)
    return (
      <div className={styles.hero} role="status" aria-label={label}>
        <BackdropImage className={styles.heroArt} src={art} />
        <div className={styles.heroShade} />
        <div className={styles.heroBody}>
          <div className={styles.heroTextSkeleton} />
        </div>
      </div>
    );
  return <div className={styles.heroSkeleton} role="status" aria-label={label} />;
}
