import { useDeferredValue, useState, type ReactNode } from 'react';
import { Link, Navigate } from 'react-router-dom';
import {
  ApiError,
  Button,
  Page,
  Skeleton,
  buttonClassName,
  paths,
  type TitleCard as TitleCardData,
  type TitleDetail,
  useFormat,
  useI18n,
  useSession,
  useTitleDetail,
  StarIcon,
  PlayIcon,
} from '@streamflix/shared';
import { BackdropImage } from '../../../components/backdrop-image';
import { TitleCard } from '../../../components/title-card';
import { RailItem, TitleRail } from '../../../components/title-rail';
import { EmptyState, ErrorState } from '../../../components/states';
import { playTarget } from '../play-target';
import { Trailer } from './trailer';
import { Episodes } from './episodes';
import { RateTitle, WatchedToggle } from '../../../components/title-ratings';
import styles from './title-detail.module.css';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { languageName } from '../../../lib/language-name';
import { formatRating, typeLabel } from '../../../components/title-card';

export interface TitleDetailViewProps {
  id: string;
  /** The type in the URL; a wrong one is corrected. */
  type: string;
  /** The My List control, composed by the screen. */
  renderMyList?: (title: TitleDetail) => ReactNode;
  renderAction?: (title: TitleCardData) => ReactNode;
}

export function TitleDetailView({ id, type, renderMyList, renderAction }: TitleDetailViewProps) {
  const i18n = useI18n();
  // The shared title entry: the player reads the same one when Play is pressed.
  const query = useTitleDetail(id);
  useDocumentTitle(
    query.data?.name ??
      (query.isError
        ? i18n._({ id: 'mf-catalog.title.notFound', message: 'Title not found' })
        : undefined),
  );
  if (query.isPending) return <DetailSkeleton />;
  if (query.isError) {
    const notFound =
      query.error instanceof ApiError &&
      (query.error.failure.httpStatus === 404 || query.error.failure.httpStatus === 400);
    // A kids profile asking for a title above its maturity ceiling.
    const forbidden = query.error instanceof ApiError && query.error.failure.httpStatus === 403;
    return (
      <Page className={styles.page} aria-labelledby="title-heading">
        <h1 id="title-heading">
          {notFound
            ? i18n._({ id: 'mf-catalog.title.notFound', message: 'Title not found' })
            : forbidden
              ? i18n._({
                  id: 'mf-catalog.title.forbidden',
                  message: 'Not available on this profile',
                })
              : i18n._({ id: 'mf-catalog.title.error', message: 'This title could not be loaded' })}
        </h1>
        {notFound ? (
          <EmptyState
            title={i18n._({
              id: 'mf-catalog.title.notFoundText',
              message: "We couldn't find this movie or series.",
            })}
          >
            <p>
              {i18n._({
                id: 'mf-catalog.title.notFoundHint',
                message: 'The link may be out of date. Search for it in Explore.',
              })}
            </p>
            <Link to={paths.explore()} className={buttonClassName('primary')}>
              {i18n._({ id: 'mf-catalog.goToExplore', message: 'Go to Explore' })}
            </Link>
          </EmptyState>
        ) : (
          <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />
        )}
      </Page>
    );
  }
  const title = query.data;
  if (title.type !== type) return <Navigate to={paths.title(title.type, title.id)} replace />;
  return <Detail title={title} renderMyList={renderMyList} renderAction={renderAction} />;
}

function Detail({
  title,
  renderMyList,
  renderAction,
}: {
  title: TitleDetail;
  renderMyList?: TitleDetailViewProps['renderMyList'];
  renderAction?: TitleDetailViewProps['renderAction'];
}) {
  const i18n = useI18n();
  const f = useFormat();
  const { isLoggedIn } = useSession();
  const [trailerOpen, setTrailerOpen] = useState(false);
  const play = playTarget(title);
  const canPlay = title.availableInYourCountry && play !== null;
  const showSections = useDeferredValue(true, false);
  return (
    <Page className={styles.page} aria-labelledby="title-heading">
      <div className={styles.stage}>
        {trailerOpen && title.trailer ? (
          <Trailer
            url={title.trailer.url}
            name={title.name}
            onClose={() => setTrailerOpen(false)}
          />
        ) : (
          <div className={styles.backdrop}>
            <BackdropImage src={title.backdropUrl} />
            <div className={styles.shade} />
          </div>
        )}
      </div>
      {/* Over the backdrop normally; below the trailer so its controls stay reachable. */}
      <div className={trailerOpen ? `${styles.body} ${styles.bodyBelow}` : styles.body}>
        <div className={styles.posterCol}>
          <img
            className={styles.poster}
            src={title.posterUrl}
            alt={i18n._({
              id: 'mf-catalog.title.poster',
              message: '{title} poster',
              values: { title: title.name },
            })}
            width={200}
            height={300}
            decoding="async"
          />
        </div>
        <div className={styles.info}>
          <h1 id="title-heading" className={styles.name}>
            {title.name}
          </h1>
          <ul
            className={styles.meta}
            aria-label={i18n._({ id: 'mf-catalog.title.about', message: 'About this title' })}
          >
            <li>{typeLabel(title.type)}</li>
            <li>{title.year}</li>
            <li>
              {title.type === 'series'
                ? i18n._({
                    id: 'mf-catalog.title.seasons',
                    message: '{count, plural, one {# season} other {# seasons}}',
                    values: { count: title.seasons.length },
                  })
                : f.formatDuration(title.runtimeMinutes * 60)}
            </li>
            <li
              aria-label={i18n._({
                id: 'mf-catalog.hero.rated',
                message: 'Rated {rating} of 10',
                values: { rating: formatRating(title.rating) },
              })}
            >
              <StarIcon /> {formatRating(title.rating)}
            </li>
            <li className={styles.maturity}>{title.maturity}</li>
            {title.premium ? (
              <li className={styles.premium}>
                {i18n._({ id: 'mf-catalog.card.premium', message: 'Premium' })}
              </li>
            ) : null}
          </ul>
          {title.genres.length ? (
            <ul
              className={styles.genres}
              aria-label={i18n._({ id: 'mf-catalog.filters.genres', message: 'Genres' })}
            >
              {title.genres.map((g) => (
                <li key={g}>{g}</li>
              ))}
            </ul>
          ) : null}
          {!title.availableInYourCountry ? (
            <p className={styles.notice} role="note">
              {i18n._({
                id: 'mf-catalog.title.unavailable',
                message: 'This title is not available to stream in your country ({country}).',
                values: { country: title.country },
              })}
            </p>
          ) : null}
          <div className={styles.actions}>
            {canPlay ? (
              <Link
                to={play.href}
                className={buttonClassName('primary')}
                aria-label={i18n._({
                  id: 'mf-catalog.title.playLabel',
                  message: '{action}: {title}',
                  values: { action: play.label, title: title.name },
                })}
              >
                <PlayIcon /> {play.label}
              </Link>
            ) : null}
            {title.trailer?.ready ? (
              <Button
                variant="secondary"
                onClick={() => setTrailerOpen((o) => !o)}
                aria-pressed={trailerOpen}
              >
                {trailerOpen
                  ? i18n._({ id: 'mf-catalog.title.hideTrailer', message: 'Hide trailer' })
                  : i18n._({ id: 'mf-catalog.title.watchTrailer', message: 'Watch trailer' })}
              </Button>
            ) : null}
            {renderMyList?.(title)}
            {isLoggedIn ? <WatchedToggle titleId={title.id} /> : null}
          </div>
          {isLoggedIn ? (
            <RateTitle titleId={title.id} titleName={title.name} rating={title.myRating} />
          ) : null}
          {title.resume && title.type === 'movie' && title.resume.percent > 0 ? (
            <div
              className={styles.resumeBar}
              role="progressbar"
              aria-label={i18n._({ id: 'mf-catalog.title.watched', message: 'Watched' })}
              aria-valuenow={Math.round(title.resume.percent)}
              aria-valuemin={0}
              aria-valuemax={100}
            >
              <span style={{ width: `${title.resume.percent}%` }} />
            </div>
          ) : null}
          <p className={styles.synopsis} dir="auto">
            {title.synopsis}
          </p>
          <dl className={styles.facts}>
            {title.director ? (
              <>
                <dt>
                  {title.type === 'series'
                    ? i18n._({ id: 'mf-catalog.title.createdBy', message: 'Created by' })
                    : i18n._({ id: 'mf-catalog.title.director', message: 'Director' })}
                </dt>
                <dd>{title.director}</dd>
              </>
            ) : null}
            <dt>{i18n._({ id: 'mf-catalog.filters.language', message: 'Original language' })}</dt>
            <dd>{languageName(title.language)}</dd>
            {title.audioLanguages.length ? (
              <>
                <dt>{i18n._({ id: 'mf-catalog.title.audio', message: 'Audio' })}</dt>
                <dd>{f.formatList(title.audioLanguages.map(languageName))}</dd>
              </>
            ) : null}
            {title.subtitleLanguages.length ? (
              <>
                <dt>{i18n._({ id: 'mf-catalog.title.subtitles', message: 'Subtitles' })}</dt>
                <dd>{f.formatList(title.subtitleLanguages.map(languageName))}</dd>
              </>
            ) : null}
          </dl>
        </div>
      </div>

      {/* Episodes, cast and similar titles are below the first screen: they follow in a deferred,
          time-sliced render instead of lengthening the one that brings the title (Lighthouse TBT). */}
      {showSections ? <Sections title={title} renderAction={renderAction} /> : null}
    </Page>
  );
}

function Sections({
  title,
  renderAction,
}: {
  title: TitleDetail;
  renderAction?: TitleDetailViewProps['renderAction'];
}) {
  const i18n = useI18n();
  return (
    <div className={styles.sections}>
      {title.type === 'series' && title.seasons.length > 0 ? <Episodes title={title} /> : null}
      {title.cast.length > 0 ? (
        <section aria-labelledby="cast-heading">
          <h2 id="cast-heading">{i18n._({ id: 'mf-catalog.title.cast', message: 'Cast' })}</h2>
          <ul className={styles.cast}>
            {title.cast.map((c) => (
              <li key={`${c.name}-${c.character}`}>
                <span className={styles.castName}>{c.name}</span>
                {c.character ? <span className={styles.castRole}>{c.character}</span> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {title.similar.length > 0 ? (
        <TitleRail title={i18n._({ id: 'mf-catalog.title.similar', message: 'More like this' })}>
          {title.similar.map((t) => (
            <RailItem key={t.id}>
              <TitleCard title={t} action={renderAction?.(t)} />
            </RailItem>
          ))}
        </TitleRail>
      ) : null}
    </div>
  );
}

function DetailSkeleton() {
  const i18n = useI18n();
  return (
    <Page className={styles.page} aria-labelledby="title-heading" aria-busy="true">
      <h1 id="title-heading" className="sf-visually-hidden">
        {i18n._({ id: 'mf-catalog.title.loading', message: 'Loading title' })}
      </h1>
      <div className={styles.stage}>
        <div className={styles.backdrop}>
          <Skeleton
            height="100%"
            label={i18n._({ id: 'mf-catalog.title.loading', message: 'Loading title' })}
          />
        </div>
      </div>
      <div className={styles.body}>
        <div className={styles.info}>
          <Skeleton height="2.5rem" width="60%" label="" />
          <Skeleton height="1rem" width="40%" label="" />
          <Skeleton height="4rem" width="90%" label="" />
        </div>
      </div>
    </Page>
  );
}
