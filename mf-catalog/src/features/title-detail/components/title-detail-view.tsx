import { useDeferredValue, useState, type ReactNode } from 'react';
import { Link, Navigate } from 'react-router-dom';
import {
  ApiError,
  Button,
  Page,
  Select,
  Skeleton,
  buttonClassName,
  paths,
  type Episode,
  type TitleCard as TitleCardData,
  type TitleDetail,
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
import { RateTitle, WatchedToggle } from '../../../components/title-ratings';
import styles from './title-detail.module.css';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { languageName } from '../../../lib/language-name';

export interface TitleDetailViewProps {
  id: string;
  /** The type in the URL; a wrong one is corrected. */
  type: string;
  /** The My List control, composed by the screen. */
  renderMyList?: (title: TitleDetail) => ReactNode;
  renderAction?: (title: TitleCardData) => ReactNode;
}

const runtime = (m: number) => (m >= 60 ? `${Math.floor(m / 60)} h ${m % 60} min` : `${m} min`);
export function TitleDetailView({ id, type, renderMyList, renderAction }: TitleDetailViewProps) {
  // The shared title entry: the player reads the same one when Play is pressed.
  const query = useTitleDetail(id);
  useDocumentTitle(query.data?.name ?? (query.isError ? 'Title not found' : undefined));
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
            ? 'Title not found'
            : forbidden
              ? 'Not available on this profile'
              : 'This title could not be loaded'}
        </h1>
        {notFound ? (
          <EmptyState title="We couldn't find this movie or series.">
            <p>The link may be out of date. Search for it in Explore.</p>
            <Link to={paths.explore()} className={buttonClassName('primary')}>
              Go to Explore
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
            alt={`${title.name} poster`}
            width={200}
            height={300}
            decoding="async"
          />
        </div>
        <div className={styles.info}>
          <h1 id="title-heading" className={styles.name}>
            {title.name}
          </h1>
          <ul className={styles.meta} aria-label="About this title">
            <li>{title.type === 'series' ? 'Series' : 'Movie'}</li>
            <li>{title.year}</li>
            <li>
              {title.type === 'series'
                ? `${title.seasons.length} ${title.seasons.length === 1 ? 'season' : 'seasons'}`
                : runtime(title.runtimeMinutes)}
            </li>
            <li aria-label={`Rated ${title.rating.toFixed(1)} of 10`}>
              <StarIcon /> {title.rating.toFixed(1)}
            </li>
            <li className={styles.maturity}>{title.maturity}</li>
            {title.premium ? <li className={styles.premium}>Premium</li> : null}
          </ul>
          {title.genres.length ? (
            <ul className={styles.genres} aria-label="Genres">
              {title.genres.map((g) => (
                <li key={g}>{g}</li>
              ))}
            </ul>
          ) : null}
          {!title.availableInYourCountry ? (
            <p className={styles.notice} role="note">
              This title is not available to stream in your country ({title.country}).
            </p>
          ) : null}
          <div className={styles.actions}>
            {canPlay ? (
              <Link
                to={play.href}
                className={buttonClassName('primary')}
                aria-label={`${play.label}: ${title.name}`}
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
                {trailerOpen ? 'Hide trailer' : 'Watch trailer'}
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
              aria-label="Watched"
              aria-valuenow={Math.round(title.resume.percent)}
              aria-valuemin={0}
              aria-valuemax={100}
            >
              <span style={{ width: `${title.resume.percent}%` }} />
            </div>
          ) : null}
          <p className={styles.synopsis}>{title.synopsis}</p>
          <dl className={styles.facts}>
            {title.director ? (
              <>
                <dt>{title.type === 'series' ? 'Created by' : 'Director'}</dt>
                <dd>{title.director}</dd>
              </>
            ) : null}
            <dt>Original language</dt>
            <dd>{languageName(title.language)}</dd>
            {title.audioLanguages.length ? (
              <>
                <dt>Audio</dt>
                <dd>{title.audioLanguages.map(languageName).join(', ')}</dd>
              </>
            ) : null}
            {title.subtitleLanguages.length ? (
              <>
                <dt>Subtitles</dt>
                <dd>{title.subtitleLanguages.map(languageName).join(', ')}</dd>
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
  return (
    <div className={styles.sections}>
      {title.type === 'series' && title.seasons.length > 0 ? <Episodes title={title} /> : null}
      {title.cast.length > 0 ? (
        <section aria-labelledby="cast-heading">
          <h2 id="cast-heading">Cast</h2>
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
        <TitleRail title="More like this">
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

function Episodes({ title }: { title: TitleDetail }) {
  const initialSeason =
    title.seasons.find((s) =>
      s.episodes.some((e) => e.id === (title.resume?.episodeId ?? title.nextEpisode?.id)),
    )?.id ?? title.seasons[0]!.id;
  const [seasonId, setSeasonId] = useState(initialSeason);
  const season = title.seasons.find((s) => s.id === seasonId) ?? title.seasons[0]!;
  return (
    <section aria-labelledby="episodes-heading" className={styles.episodesSection}>
      <div className={styles.episodesHeader}>
        <h2 id="episodes-heading">Episodes</h2>
        {title.seasons.length > 1 ? (
          <Select
            label="Season"
            hideLabel
            value={season.id}
            onChange={(e) => setSeasonId(e.target.value)}
          >
            {title.seasons.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name || `Season ${s.number}`} ({s.episodes.length} episodes)
              </option>
            ))}
          </Select>
        ) : (
          <span className={styles.seasonName}>{season.name || `Season ${season.number}`}</span>
        )}
      </div>
      <ol className={styles.episodes}>
        {season.episodes.map((e) => (
          <EpisodeRow key={e.id} title={title} episode={e} />
        ))}
      </ol>
    </section>
  );
}

function EpisodeRow({ title, episode }: { title: TitleDetail; episode: Episode }) {
  const p = episode.progress;
  const watched = p?.completed
    ? 'Watched'
    : p && p.percent > 0
      ? `${Math.round(p.percent)}% watched`
      : null;
  const playable = title.availableInYourCountry;
  const content = (
    <>
      <span className={styles.epNumber} aria-hidden="true">
        {episode.number}
      </span>
      <span className={styles.epText}>
        <span className={styles.epName}>{episode.name}</span>
        <span className={styles.epMeta}>
          {episode.runtimeMinutes} min{watched ? ` · ${watched}` : ''}
        </span>
        <span className={styles.epSynopsis}>{episode.synopsis}</span>
        {p && p.percent > 0 ? (
          <span className={styles.epProgress} aria-hidden="true">
            <span style={{ width: `${p.completed ? 100 : p.percent}%` }} />
          </span>
        ) : null}
      </span>
    </>
  );
  const label = `Play episode ${episode.number}: ${episode.name}${watched ? `, ${watched}` : ''}`;
  return (
    <li>
      {playable ? (
        <Link
          to={paths.watch(title.id, title.id, episode.seasonId, episode.id)}
          className={styles.episode}
          aria-label={label}
        >
          {content}
        </Link>
      ) : (
        <div className={styles.episode}>{content}</div>
      )}
    </li>
  );
}

function DetailSkeleton() {
  return (
    <Page className={styles.page} aria-labelledby="title-heading" aria-busy="true">
      <h1 id="title-heading" className="sf-visually-hidden">
        Loading title
      </h1>
      <div className={styles.stage}>
        <div className={styles.backdrop}>
          <Skeleton height="100%" label="Loading title" />
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
