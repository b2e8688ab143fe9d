import { Link } from 'react-router-dom';
import { buttonClassName, paths, type Dashboard, StarIcon, PlayIcon } from '@streamflix/shared';
import { BackdropImage } from '../../../components/backdrop-image';
import styles from './dashboard.module.css';

type HeroTitle = NonNullable<Dashboard['hero']>;

const runtime = (m: number) => (m >= 60 ? `${Math.floor(m / 60)} h ${m % 60} min` : `${m} min`);

export function Hero({ title }: { title: HeroTitle }) {
  const detail = paths.title(title.type, title.id);
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <BackdropImage className={styles.heroArt} src={title.backdropUrl} />
      <div className={styles.heroShade} />
      <div className={styles.heroBody}>
        <p className={styles.kicker}>Featured {title.type === 'series' ? 'series' : 'movie'}</p>
        <h2 id="hero-title" className={styles.heroTitle}>
          {title.name}
        </h2>
        <p className={styles.heroMeta}>
          <span>{title.year}</span>
          <span aria-label={`Rated ${title.rating.toFixed(1)} of 10`}>
            <StarIcon /> {title.rating.toFixed(1)}
          </span>
          <span className={styles.maturity}>{title.maturity}</span>
          <span>
            {title.type === 'series'
              ? `${runtime(title.runtimeMinutes)} episodes`
              : runtime(title.runtimeMinutes)}
          </span>
          {title.genres.length ? <span>{title.genres.join(' · ')}</span> : null}
        </p>
        <p className={styles.synopsis}>{title.synopsis}</p>
        <div className={styles.heroActions}>
          {title.type === 'movie' ? (
            <Link
              to={paths.watch(title.id, title.id, 0, 0)}
              className={buttonClassName('primary')}
              aria-label={`Play ${title.name}`}
            >
              <PlayIcon /> Play
            </Link>
          ) : (
            <Link
              to={detail}
              className={buttonClassName('primary')}
              aria-label={`Watch ${title.name}: choose an episode`}
            >
              <PlayIcon /> Episodes
            </Link>
          )}
          <Link
            to={detail}
            className={buttonClassName('secondary')}
            aria-label={`More about ${title.name}`}
          >
            More info
          </Link>
        </div>
      </div>
    </section>
  );
}

export function HeroSkeleton() {
  return (
    <div className={styles.heroSkeleton} role="status" aria-label="Loading the featured title" />
  );
}
