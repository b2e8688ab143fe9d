import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useDeferredValue,
} from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import {
  emit,
  paths,
  track,
  useCatalogs,
  useI18n,
  useScreenParams,
  useSession,
  type PlaybackSession,
  type ScreenProps,
  ArrowBackIcon,
} from '@streamflix/shared';
import { catalogs } from '../locales/catalogs';
import { usePlaybackSession } from '../features/playback/api/use-playback-session';
import {
  prefetchHls,
  preloadWatch,
  startPreloadOnIntent,
} from '../features/playback/preload-on-intent';
import { PlayerErrorBoundary } from '../features/playback/components/player-error-boundary';
import { useSessionEnded, watchSessionEnd } from '../features/playback/session-ended';
import { ScreenTakenNotice, WaitingNotices } from '../features/playback/components/watch-notices';
import { VideoPlayer, type PlayerDiagnostics } from '../features/playback/components/video-player';
import { resumePosition } from '../features/watch-progress/resume';
import { readPreferences } from '../features/playback/player-preferences';
import { useWatchLogger } from '../features/watch-progress/use-watch-logger';
import { useSeriesEpisodes } from '../features/series-navigation/api/get-series-episodes';
import { EpisodeNavigation } from '../features/series-navigation/components/episode-navigation';
import { NextEpisodeOverlay } from '../features/series-navigation/components/next-episode-overlay';
import { RateAtEnd } from '../features/ratings/rate-at-end';
import { onPhone, useImmersive } from '../features/immersive/use-immersive';
import {
  nextEpisodeOf,
  previousEpisodeOf,
  type EpisodeLite,
} from '../features/series-navigation/next-episode';
import { viewerSettingsQuery } from '../features/viewer-settings/api/get-viewer-settings';
import { ReportProblem } from '../features/diagnostics/components/report-problem';
import { useDocumentTitle } from '../lib/use-document-title';
import styles from './watch.module.css';

// Signed out while watching: rare, so its notice (and catalogs) are not in the screen's first load;
// they are fetched once the page has settled, so the notice shows at once when it happens.
const loadSessionEndedNotice = () => import('../features/playback/signed-out/session-ended-notice');
const SessionEndedNotice = lazy(loadSessionEndedNotice);
const PRELOAD_NOTICE_AFTER_MS = 5000;

const none = (v: string | undefined) => !v || v === '0';

if (typeof window !== 'undefined') {
  // Arriving on /watch (a typed URL): the session leaves now, not after the first render.
  // Elsewhere (the shell prefetched this screen on a Play link's hover): hls.js and the session
  // start on that intent, so the click finds them done.
  if (!preloadWatch(location.pathname)) void prefetchHls();
  startPreloadOnIntent();
  watchSessionEnd();
}

const REDIRECT_AFTER_MS = 2500;

/** /watch/{id}/{movieid}/{seasonId}/{episodeId}: the player. `0` marks "no season/episode" (movies). */
export default function Watch({ params }: ScreenProps<WatchParam>) {
  useCatalogs(catalogs);
  const i18n = useI18n();
  return (
    <PlayerErrorBoundary
      heading={<h1>{i18n._({ id: 'mf-player.watch.heading', message: 'Watch' })}</h1>}
    >
      <WatchScreen params={params} />
    </PlayerErrorBoundary>
  );
}

/** The watch route's parameters, as the shell's route `/watch/:id/:movieid/:seasonId/:episodeId` names them. */
type WatchParam = 'id' | 'movieid' | 'seasonId' | 'episodeId';

function WatchScreen({ params }: Pick<ScreenProps<WatchParam>, 'params'>) {
  // An isolated mount at another path has no parameters: nothing to play, said below.
  const { id, movieid, episodeId } = useScreenParams(params);
  const titleId = id ?? movieid ?? '';
  const movieId = movieid ?? titleId;
  const episodeParam = none(episodeId) ? undefined : episodeId;
  const { isLoggedIn } = useSession();
  const i18n = useI18n();
  const navigate = useNavigate();
  const sessionEnded = useSessionEnded();
  useEffect(() => {
    const timer = setTimeout(
      () => void loadSessionEndedNotice().then((m) => m.preloadCatalogs(i18n.locale)),
      PRELOAD_NOTICE_AFTER_MS,
    );
    return () => clearTimeout(timer);
  }, [i18n]);
  const pageRef = useRef<HTMLElement>(null);
  const page = useCallback(() => pageRef.current, []);
  const query = usePlaybackSession({ titleId, episodeId: episodeParam }, isLoggedIn);
  // The player's mount (its render, hls.js, the media session) from a deferred copy: a transition
  // React renders in slices, with its effects in a task of their own, instead of one task as long
  // as all of it when the session arrives (issue 36: the watch page's 320+ ms task on a phone).
  const outcome = useDeferredValue(query.data);
  const session = outcome?.kind === 'ready' ? outcome.session : null;

  // A series opened without an episode: put the episode the API chose into the URL.
  useEffect(() => {
    if (session?.episode && !episodeParam) {
      navigate(paths.watch(titleId, movieId, session.episode.seasonId, session.episode.id), {
        replace: true,
      });
    }
  }, [session, episodeParam, navigate, titleId, movieId]);

  // Premium without a subscription: say so, then go to the paywall (signed in) or premium (guest).
  const entitlement = outcome?.kind === 'entitlement' ? outcome : null;
  useEffect(() => {
    if (!entitlement) return;
    const target = entitlement.target === 'paywall' ? paths.paywall() : paths.premium();
    const t = setTimeout(
      () => navigate(target, { state: { from: location.pathname, message: entitlement.message } }),
      REDIRECT_AFTER_MS,
    );
    return () => clearTimeout(t);
  }, [entitlement, navigate]);

  const name = session?.name;
  const episode = session?.episode;
  useDocumentTitle(
    name
      ? episode
        ? i18n._({
            id: 'mf-player.watch.documentTitleEpisode',
            message: 'Watching {name} S{season} E{episode}',
            values: { name, season: episode.seasonNumber, episode: episode.number },
          })
        : i18n._({
            id: 'mf-player.watch.documentTitle',
            message: 'Watching {name}',
            values: { name },
          })
      : undefined,
  );
  const backHref = paths.title(session?.type ?? 'movie', titleId);
  // A phone's page is immersive from its first render, as its loading screen was (use-immersive.ts):
  // the player then mounts in place instead of the page moving under it.
  const [immersive, setImmersive] = useState(onPhone);

  return (
    <main className={`${styles.page} ${immersive ? styles.immersive : ''}`} ref={pageRef}>
      <header className={styles.header}>
        <Link
          to={backHref}
          className={styles.back}
          aria-label={
            name
              ? i18n._({
                  id: 'mf-player.watch.backTo',
                  message: 'Back to {name}',
                  values: { name },
                })
              : i18n._({ id: 'mf-player.watch.backToTitle', message: 'Back to the title' })
          }
        >
          <ArrowBackIcon />
        </Link>
        <div className={styles.heading}>
          <h1 className={styles.title}>
            <span className={name ? 'sf-visually-hidden' : undefined}>
              {i18n._({ id: 'mf-player.watch.heading', message: 'Watch' })}
            </span>
            {name ? ` ${name}` : null}
          </h1>
          {episode ? (
            <p className={styles.episode}>
              {i18n._({
                id: 'mf-player.watch.episodeLine',
                message: 'S{season} E{episode} · {name}',
                values: {
                  season: episode.seasonNumber,
                  episode: episode.number,
                  name: episode.name,
                },
              })}
            </p>
          ) : null}
        </div>
      </header>

      {sessionEnded ? (
        <Suspense fallback={null}>
          <SessionEndedNotice styles={styles} />
        </Suspense>
      ) : session ? (
        <Playback
          // A new session (Retry after a refusal) has new signed addresses: a new player.
          key={`${session.titleId}:${episode?.id ?? ''}:${session.stream.url}`}
          session={session}
          movieId={movieId}
          onImmersive={setImmersive}
          page={page}
          onRestart={() => void query.refetch()}
        />
      ) : (
        <WaitingNotices styles={styles} outcome={outcome} onRetry={() => void query.refetch()} />
      )}
    </main>
  );
}

function Playback({
  session,
  movieId,
  onImmersive,
  page,
  onRestart,
}: {
  session: PlaybackSession;
  movieId: string;
  /** Phones: the page takes the whole screen while the video plays. */
  onImmersive: (on: boolean) => void;
  page: () => HTMLElement | null;
  /** Ask for a new playback session (after the server stopped this one). */
  onRestart: () => void;
}) {
  const { isLoggedIn, userId } = useSession();
  const i18n = useI18n();
  const navigate = useNavigate();
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const immersive = useImmersive(video, page);
  useEffect(() => {
    onImmersive(immersive);
    return () => onImmersive(false);
  }, [immersive, onImmersive]);
  const [overlayActive, setOverlayActive] = useState(false);
  const diagnostics = useRef<() => PlayerDiagnostics>(() => ({}));
  const episode = session.episode;
  const isSeries = session.type === 'series' && !!episode;

  const startPosition = useMemo(
    () => resumePosition(session.resumePosition, session.durationSeconds),
    [session],
  );
  // Another device took this device's screen (the heartbeat said so): the server's message.
  const [screenTaken, setScreenTaken] = useState<string | null>(null);
  const { heartbeatNow } = useWatchLogger(
    video,
    {
      titleId: session.titleId,
      episodeId: episode?.id ?? null,
      seasonId: episode?.seasonId ?? null,
    },
    isLoggedIn,
    setScreenTaken,
  );
  // The media was refused: the heartbeat tells why (409: who is watching; 401: the shared client
  // finds the session ended and the screen says so).
  const onStreamRefused = useCallback(
    (status: number) => {
      if (isLoggedIn && (status === 401 || status === 409)) heartbeatNow();
    },
    [isLoggedIn, heartbeatNow],
  );

  const seasons = useSeriesEpisodes(session.titleId, { enabled: isSeries });
  const settings = useQuery({ ...viewerSettingsQuery(userId), enabled: isLoggedIn && !!userId });
  // This device's setting (account area, /general) wins over the profile's.
  const autoplay = readPreferences().autoplayNext ?? settings.data?.autoplayNextEpisode ?? true;

  const next: EpisodeLite | null = useMemo(() => {
    if (!episode) return null;
    if (seasons.data) return nextEpisodeOf(seasons.data, episode.id);
    return session.nextEpisode;
  }, [episode, seasons.data, session.nextEpisode]);
  const previous = useMemo(
    () => (episode && seasons.data ? previousEpisodeOf(seasons.data, episode.id) : null),
    [episode, seasons.data],
  );

  const hrefFor = useCallback(
    (e: EpisodeLite) => paths.watch(session.titleId, movieId, e.seasonId, e.id),
    [session.titleId, movieId],
  );
  const goTo = useCallback(
    (e: EpisodeLite | null) => e && navigate(hrefFor(e)),
    [navigate, hrefFor],
  );
  const onEnded = useCallback(() => {
    emit('player:playback-ended', { titleId: session.titleId, episodeId: episode?.id });
    track('play_completed', { titleId: session.titleId, episodeId: episode?.id });
  }, [session.titleId, episode]);
  // Analytics: the first frame playing counts as a start; pausing and resuming does not.
  useEffect(() => {
    if (!video) return;
    const started = () =>
      track('play_started', {
        titleId: session.titleId,
        episodeId: episode?.id,
        positionSeconds: Math.round(video.currentTime),
      });
    video.addEventListener('playing', started, { once: true });
    return () => video.removeEventListener('playing', started);
  }, [video, session.titleId, episode?.id]);
  const onDiagnostics = useCallback((collect: () => PlayerDiagnostics) => {
    diagnostics.current = collect;
  }, []);

  const displayTitle = episode
    ? i18n._({
        id: 'mf-player.watch.displayTitleEpisode',
        message: '{title} — S{season} E{episode} {name}',
        values: {
          title: session.name,
          season: episode.seasonNumber,
          episode: episode.number,
          name: episode.name,
        },
      })
    : session.name;

  if (screenTaken)
    return <ScreenTakenNotice styles={styles} message={screenTaken} onRetry={onRestart} />;

  return (
    <VideoPlayer
      session={session}
      onStreamRefused={onStreamRefused}
      onRestart={onRestart}
      startPosition={startPosition}
      displayTitle={displayTitle}
      displaySubtitle={episode ? session.name : undefined}
      onVideoElement={setVideo}
      onDiagnostics={onDiagnostics}
      defaultSubtitleLanguage={settings.data?.subtitleLanguage ?? null}
      onEnded={onEnded}
      onSkipCredits={next ? () => goTo(next) : undefined}
      hideSkipCredits={overlayActive}
      onPrevious={previous ? () => goTo(previous) : undefined}
      onNext={next ? () => goTo(next) : undefined}
      overlay={
        <>
          {isSeries ? (
            <NextEpisodeOverlay
              video={video}
              next={next}
              creditsStart={session.markers.creditsStart}
              autoplay={autoplay}
              onPlayNext={() => goTo(next)}
              onActiveChange={setOverlayActive}
            />
          ) : null}
          <RateAtEnd video={video} titleId={session.titleId} titleName={session.name} />
        </>
      }
      extraControls={
        <>
          {isSeries && episode ? (
            seasons.data ? (
              <EpisodeNavigation
                seasons={seasons.data}
                currentEpisodeId={episode.id}
                previous={previous}
                next={next}
                hrefFor={hrefFor}
                onNavigate={(e) => goTo(e)}
              />
            ) : null
          ) : null}
          <ReportProblem
            titleId={session.titleId}
            episodeId={episode?.id ?? null}
            collect={() => diagnostics.current()}
            className={styles.control}
          />
        </>
      }
    />
  );
}
