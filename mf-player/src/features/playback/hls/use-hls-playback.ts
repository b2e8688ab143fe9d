import { useCallback, useEffect, useRef, useState } from 'react';
import type Hls from 'hls.js';
import type { ErrorData } from 'hls.js';
import type { StoredAudioChoice } from '@streamflix/shared';
import { REFUSED_STATUSES, type StreamProblem } from '../player-problems';
import { takePlayRequestedAt } from '../preload-on-intent';
import type { QualityEvent } from '../quality/quality-events';
import { trackQuality, type QualityTracker } from '../quality/quality-tracker';
import { loadHls, type EarlyTake } from './early-engine';
import { followTracks } from './follow-tracks';
import { connectionEstimate, hlsConfig, startVariant } from './hls-config';
import { prepareTransmuxWorker, attachTransmuxWorker } from './transmux-worker';
import { hlsDiagnostics, type SessionStats } from './hls-diagnostics';
import { attachNative } from './native-hls';
import type { HlsPlaybackState } from './hls-playback-state';
import { useHlsCommands } from './use-hls-commands';
import { warmStream, warmedStart } from './warm-stream';

export type {
  AudioTrackInfo,
  HlsPlaybackState,
  LevelInfo,
  StreamStatus,
  SubtitleTrackInfo,
} from './hls-playback-state';

const INITIAL: HlsPlaybackState = {
  engine: null,
  status: 'loading',
  problem: null,
  reconnect: null,
  levels: [],
  currentLevel: -1,
  autoLevel: true,
  subtitleTracks: [],
  subtitleTrack: -1,
  audioTracks: [],
  audioTrack: -1,
};

const MAX_START_ATTEMPTS = 4;
const MAX_BACKOFF_MS = 10_000;

export interface UseHlsPlaybackOptions {
  src: string | null;
  startPosition: number;
  preferredSubtitle: string | null;
  /** The viewer's audio for titles in this original language (the default track's), if any. */
  preferredAudio?: (originalLanguage: string) => StoredAudioChoice | null;
  /** The playback's quality as it goes (first frame, stalls, switches, errors, time played). */
  onQuality?: (event: QualityEvent) => void;
  /** The server refused the stream (401, 403, 409, 410): playback has stopped. */
  onRefused?: (status: number) => void;
  /**
   * A watch link's early playback on this video (early-engine.ts): its hls.js instance is taken
   * over as it is, once, instead of starting another.
   */
  adopted?: EarlyTake | null;
}

/**
 * Attaches the HLS stream to the video element. hls.js is loaded on demand so the
 * screen's first chunk stays small; native HLS is used only where hls.js cannot run
 * (iOS Safari). Recovers from network drops with backoff and from media errors with
 * recoverMediaError; a stream that cannot be played ends in status 'error'.
 */
export function useHlsPlayback(
  video: HTMLVideoElement | null,
  {
    src,
    startPosition,
    preferredSubtitle,
    preferredAudio,
    onQuality,
    onRefused,
    adopted = null,
  }: UseHlsPlaybackOptions,
) {
  const [state, setState] = useState<HlsPlaybackState>(INITIAL);
  const [attempt, setAttempt] = useState(0);
  const hlsRef = useRef<Hls | null>(null);
  const recentErrors = useRef<string[]>([]);
  const startRef = useRef(startPosition);
  const subtitleRef = useRef(preferredSubtitle);
  subtitleRef.current = preferredSubtitle;
  const audioRef = useRef(preferredAudio);
  audioRef.current = preferredAudio;
  const onQualityRef = useRef(onQuality);
  onQualityRef.current = onQuality;
  const onRefusedRef = useRef(onRefused);
  onRefusedRef.current = onRefused;
  const adoptedRef = useRef(adopted);
  adoptedRef.current = adopted;
  /** Taken over once: a retry starts an instance of its own. */
  const consumedRef = useRef<EarlyTake | null>(null);
  /** For the stats overlay and problem reports: this session's last segment and codecs. */
  const statsRef = useRef<SessionStats>({ segment: null, codecs: [] });
  /** Start-up time and stalls (stats too), and the quality events of this attempt. */
  const qualityRef = useRef<QualityTracker | null>(null);

  const noteError = useCallback((msg: string) => {
    recentErrors.current = [
      ...recentErrors.current.slice(-9),
      `${new Date().toISOString()} ${msg}`,
    ];
  }, []);

  useEffect(() => {
    if (!video || !src) return;
    let disposed = false;
    let hls: Hls | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let networkAttempts = 0;
    let mediaRecoveries = 0;
    let lastMediaRecovery = 0;
    let everLoaded = false;
    let nonFatalNetwork = 0;
    let awaitingSegment = false;
    const stats = statsRef.current;
    stats.segment = null;
    const offered = adoptedRef.current;
    const taken =
      offered && offered !== consumedRef.current && offered.video === video ? offered : null;
    if (taken) consumedRef.current = taken;
    // From the viewer's click on Play (or the page load), so the figure is the one they lived.
    const quality = trackQuality(
      video,
      takePlayRequestedAt(),
      (e) => onQualityRef.current?.(e),
      undefined,
      taken?.firstFrameAt ?? null,
    );
    qualityRef.current = quality;
    const patch = (p: Partial<HlsPlaybackState>) => {
      if (!disposed) setState((s) => ({ ...s, ...p }));
    };
    const fail = (problem: StreamProblem) => {
      noteError(`fatal: ${problem.kind}${'detail' in problem ? ` ${problem.detail}` : ''}`);
      if (problem.kind !== 'refused') quality.error(problem.kind, true);
      patch({ status: 'error', problem, reconnect: null });
      hls?.stopLoad();
    };
    const onOnline = () => {
      // Back online: say we are reloading until a segment arrives.
      patch({ reconnect: { offline: false, attempt: Math.max(1, networkAttempts) } });
      awaitingSegment = true;
      if (hls && !disposed) {
        networkAttempts = 0;
        hls.startLoad(Math.max(0, video.currentTime));
      }
    };
    const onOffline = () => {
      awaitingSegment = true;
      patch({ reconnect: { offline: true, attempt: networkAttempts } });
    };
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    setState({ ...INITIAL });

    const start = async () => {
      let HlsCtor: typeof Hls | null = null;
      if (!taken) void warmStream(src, startRef.current);
      // The transmuxer's worker arrives with hls.js, before the stream's first segment.
      if (!taken) void prepareTransmuxWorker();
      try {
        HlsCtor = taken ? (taken.hls.constructor as typeof Hls) : await loadHls();
      } catch {
        HlsCtor = null;
      }
      // hls.js in a task of its own, not the one that mounted the player (issue 36).
      if (!taken) await new Promise((resolve) => setTimeout(resolve, 0));
      if (disposed) {
        if (taken) taken.hls.destroy();
        return;
      }
      const startAt = taken?.startAt ?? startRef.current;
      const estimate = connectionEstimate();
      if (taken && HlsCtor) {
        // Already loading (or playing): the same handlers follow it from here.
        hls = taken.hls;
      } else if (HlsCtor && HlsCtor.isSupported()) {
        hls = new HlsCtor(hlsConfig(startAt, estimate));
        // Subtitles are drawn by the player (the viewer's style and timing), from hidden tracks.
        hls.subtitleDisplay = false;
        // Segments demuxed and remuxed off the main thread (transmux-worker.ts).
        void attachTransmuxWorker(hls, HlsCtor.version);
      }
      if (HlsCtor && hls) {
        const H = HlsCtor;
        hlsRef.current = hls;
        patch({ engine: 'hls.js' });
        const h = hls;
        h.on(H.Events.MANIFEST_LOADED, (_e, data) => {
          stats.codecs = data.levels.map((l) => l.attrs.CODECS ?? '').filter(Boolean);
        });
        h.on(H.Events.FRAG_LOADED, (_e, data) => {
          if (data.frag.type !== 'main') return;
          stats.segment = data.frag.url;
          // The warm-up's segment comes from the HTTP cache in a few ms, and hls.js would take
          // that for the network's speed (on emulated 3G it then asked for 720p and stalled).
          // Timed from the warm-up's request instead, before the ABR samples it on buffering.
          const warm = warmedStart(src);
          if (warm?.segment === data.frag.url && warm.requestedAt !== null) {
            const loading = data.frag.stats.loading;
            loading.start = Math.min(loading.start, warm.requestedAt);
            warm.segment = null;
          }
        });
        const tracks = followTracks(h, H, {
          patch,
          preferredAudio: () => audioRef.current,
          preferredSubtitle: () => subtitleRef.current,
          disposed: () => disposed,
        });
        h.on(H.Events.MANIFEST_PARSED, (_e, data) => {
          // Before hls.js starts loading (it does right after this event): the rung the warm-up
          // fetched, so its segment is the one used; without a warm-up, the same rule.
          const warm = warmedStart(src);
          const warmedLevel = warm
            ? data.levels.findIndex((l) => l.url.includes(warm.variant))
            : -1;
          h.startLevel =
            warmedLevel >= 0
              ? warmedLevel
              : startVariant(
                  data.levels.map((l) => l.bitrate),
                  estimate,
                );
          tracks.levels(data.levels);
        });
        h.on(H.Events.FRAG_BUFFERED, () => {
          everLoaded = true;
          if (networkAttempts > 0 || nonFatalNetwork > 0 || awaitingSegment) {
            networkAttempts = 0;
            nonFatalNetwork = 0;
            awaitingSegment = false;
            patch({ status: 'ready', problem: null, reconnect: null });
          }
        });
        h.on(H.Events.ERROR, (_e, data: ErrorData) => {
          noteError(
            `${data.fatal ? 'fatal ' : ''}${data.type}/${data.details}${data.response?.code ? ` HTTP ${data.response.code}` : ''}`,
          );
          const status = data.response?.code ?? 0;
          if (data.type === H.ErrorTypes.NETWORK_ERROR && REFUSED_STATUSES.has(status)) {
            // Signed out, the screen taken, the plan ended: retrying the same address cannot help,
            // and what is buffered must not keep playing.
            video.pause();
            fail({ kind: 'refused', status });
            onRefusedRef.current?.(status);
            return;
          }
          if (!data.fatal) {
            // hls.js retries a segment by itself: the viewer still hears that it is happening.
            if (data.type === H.ErrorTypes.NETWORK_ERROR && everLoaded) {
              nonFatalNetwork += 1;
              patch({
                reconnect: {
                  offline: typeof navigator !== 'undefined' && navigator.onLine === false,
                  attempt: nonFatalNetwork,
                },
              });
            }
            return;
          }
          if (data.details === H.ErrorDetails.MANIFEST_INCOMPATIBLE_CODECS_ERROR)
            return fail({ kind: 'decode', codecs: stats.codecs });
          if (data.type === H.ErrorTypes.NETWORK_ERROR) {
            const code = data.response?.code ?? 0;
            // A playlist that is not there will not appear by retrying.
            if (!everLoaded && code >= 400 && code < 500) return fail({ kind: 'missing' });
            networkAttempts += 1;
            if (networkAttempts === 1) quality.error('network', false);
            if (!everLoaded && networkAttempts > MAX_START_ATTEMPTS)
              return fail({ kind: 'network' });
            patch({
              status: 'reconnecting',
              reconnect: {
                offline: typeof navigator !== 'undefined' && navigator.onLine === false,
                attempt: networkAttempts,
              },
            });
            if (typeof navigator !== 'undefined' && navigator.onLine === false) return; // 'online' restarts loading
            const delay = Math.min(MAX_BACKOFF_MS, 500 * 2 ** (networkAttempts - 1));
            clearTimeout(retryTimer);
            retryTimer = setTimeout(() => {
              if (disposed) return;
              if (
                data.details === H.ErrorDetails.MANIFEST_LOAD_ERROR ||
                data.details === H.ErrorDetails.MANIFEST_LOAD_TIMEOUT
              ) {
                h.loadSource(src);
              } else {
                h.startLoad(Math.max(0, video.currentTime));
              }
            }, delay);
            return;
          }
          if (data.type === H.ErrorTypes.MEDIA_ERROR) {
            const now = Date.now();
            if (now - lastMediaRecovery > 10_000) mediaRecoveries = 0;
            lastMediaRecovery = now;
            mediaRecoveries += 1;
            if (mediaRecoveries === 1) {
              quality.error('decode', false);
              return h.recoverMediaError();
            }
            if (mediaRecoveries === 2) {
              h.swapAudioCodec();
              return h.recoverMediaError();
            }
            const level = h.levels[h.currentLevel];
            return fail({
              kind: 'decode',
              codecs: level?.attrs.CODECS ? [level.attrs.CODECS] : stats.codecs,
            });
          }
          fail({ kind: 'other', detail: `${data.type}: ${data.details}` });
        });
        if (taken) {
          // What the early engine's hls.js already announced, as its events would have.
          stats.codecs = h.levels.map((l) => l.attrs.CODECS ?? '').filter(Boolean);
          tracks.announce();
          everLoaded = video.buffered.length > 0;
        } else {
          // The playlist request first: attaching the MediaSource waits on the video element.
          h.loadSource(src);
          h.attachMedia(video);
        }
      } else if (video.canPlayType('application/vnd.apple.mpegurl')) {
        patch({ engine: 'native', status: 'ready' });
        attachNative(video, src, startAt, (subtitleTracks) => patch({ subtitleTracks }), fail);
      } else {
        fail({ kind: 'unsupported' });
      }
    };
    start().catch((e: unknown) =>
      fail({ kind: 'other', detail: e instanceof Error ? e.message : 'Playback could not start.' }),
    );

    return () => {
      disposed = true;
      clearTimeout(retryTimer);
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      quality.stop();
      hlsRef.current = null;
      try {
        hls?.destroy();
      } catch {
        // Destroying a half-attached instance must not break unmounting.
      }
      if (!hls) {
        video.removeAttribute('src');
      }
    };
  }, [video, src, attempt, noteError]);

  const { setLevel, setSubtitleTrack, setAudioTrack } = useHlsCommands(hlsRef, video, setState);

  /** Start again from where the viewer is (after a fatal error). */
  const retry = useCallback(() => {
    if (video && Number.isFinite(video.currentTime) && video.currentTime > 0)
      startRef.current = video.currentTime;
    setAttempt((a) => a + 1);
  }, [video]);

  const diagnostics = useCallback(
    () =>
      hlsDiagnostics(
        hlsRef.current,
        video,
        statsRef.current,
        qualityRef.current?.stats ?? null,
        recentErrors.current,
      ),
    [video],
  );

  return { state, setLevel, setSubtitleTrack, setAudioTrack, retry, diagnostics };
}
