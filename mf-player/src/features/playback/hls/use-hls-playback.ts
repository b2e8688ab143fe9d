import { useCallback, useEffect, useRef, useState } from 'react';
import type Hls from 'hls.js';
import type { ErrorData } from 'hls.js';
import type { StoredAudioChoice } from '@streamflix/shared';
import type { StreamProblem } from '../player-problems';
import { takePlayRequestedAt } from '../preload-on-intent';
import type { QualityEvent } from '../quality/quality-events';
import { trackQuality, type QualityTracker } from '../quality/quality-tracker';
import { warmStream } from './warm-stream';

export interface LevelInfo {
  index: number;
  height: number;
  name: string;
  bitrate: number;
}

export interface SubtitleTrackInfo {
  id: number;
  name: string;
  lang: string;
}

export interface AudioTrackInfo {
  id: number;
  name: string;
  lang: string;
  /** An audio-description track (describes the picture for blind and low-vision viewers). */
  description: boolean;
  /** The stream's default: its original audio. */
  isDefault: boolean;
}

export type StreamStatus = 'loading' | 'ready' | 'reconnecting' | 'error';

const DESCRIBES_VIDEO = 'public.accessibility.describes-video';

export interface HlsPlaybackState {
  engine: 'hls.js' | 'native' | null;
  status: StreamStatus;
  /** Why the stream stopped (status 'error'). */
  problem: StreamProblem | null;
  /** While the network is down or being retried: what the banner says. */
  reconnect: { offline: boolean; attempt: number } | null;
  levels: LevelInfo[];
  /** Level being played now (-1 unknown). */
  currentLevel: number;
  /** True while the player picks the level by bandwidth ("Auto"). */
  autoLevel: boolean;
  subtitleTracks: SubtitleTrackInfo[];
  /** -1: off. */
  subtitleTrack: number;
  audioTracks: AudioTrackInfo[];
  /** -1 unknown. */
  audioTrack: number;
}

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
}

/**
 * Attaches the HLS stream to the video element. hls.js is loaded on demand so the
 * screen's first chunk stays small; native HLS is used only where hls.js cannot run
 * (iOS Safari). Recovers from network drops with backoff and from media errors with
 * recoverMediaError; a stream that cannot be played ends in status 'error'.
 */
export function useHlsPlayback(
  video: HTMLVideoElement | null,
  { src, startPosition, preferredSubtitle, preferredAudio, onQuality }: UseHlsPlaybackOptions,
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
  /** For the stats overlay and problem reports: this session's last segment and codecs. */
  const statsRef = useRef({ segment: null as string | null, codecs: [] as string[] });
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
    // From the viewer's click on Play (or the page load), so the figure is the one they lived.
    const quality = trackQuality(video, takePlayRequestedAt(), (e) => onQualityRef.current?.(e));
    qualityRef.current = quality;
    const patch = (p: Partial<HlsPlaybackState>) => {
      if (!disposed) setState((s) => ({ ...s, ...p }));
    };
    const fail = (problem: StreamProblem) => {
      noteError(`fatal: ${problem.kind}${'detail' in problem ? ` ${problem.detail}` : ''}`);
      quality.error(problem.kind, true);
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
      void warmStream(src, startRef.current);
      try {
        HlsCtor = (await import(/* webpackChunkName: "hls" */ 'hls.js')).default;
      } catch {
        HlsCtor = null;
      }
      if (disposed) return;
      const startAt = startRef.current;
      if (HlsCtor && HlsCtor.isSupported()) {
        const H = HlsCtor;
        hls = new H({
          capLevelToPlayerSize: true,
          // Start on the lightest rendition: its first segment arrives soonest; ABR climbs after.
          startLevel: 0,
          startPosition: startAt > 0 ? startAt : -1,
          // Short first buffer so the first frame comes quickly; the ABR fills in after.
          maxBufferLength: 30,
          backBufferLength: 30,
          enableWorker: true,
          // The first segment's request leaves with the playlists' answers, not after the
          // MediaSource has opened (most often it is in the HTTP cache already: warmStream).
          startFragPrefetch: true,
        });
        // Subtitles are drawn by the player (the viewer's style and timing), from hidden tracks.
        hls.subtitleDisplay = false;
        hlsRef.current = hls;
        patch({ engine: 'hls.js' });
        const h = hls;
        h.on(H.Events.MANIFEST_LOADED, (_e, data) => {
          stats.codecs = data.levels.map((l) => l.attrs.CODECS ?? '').filter(Boolean);
        });
        h.on(H.Events.FRAG_LOADED, (_e, data) => {
          if (data.frag.type === 'main') stats.segment = data.frag.url;
        });
        h.on(H.Events.AUDIO_TRACKS_UPDATED, (_e, data) => {
          const tracks: AudioTrackInfo[] = data.audioTracks.map((t) => ({
            id: t.id,
            name: t.name,
            lang: t.lang ?? '',
            description: (t.characteristics ?? '').includes(DESCRIBES_VIDEO),
            isDefault: t.default,
          }));
          patch({ audioTracks: tracks, audioTrack: h.audioTrack });
          // The default (original) audio starts; a remembered choice replaces it before any audio
          // segment is needed, so the first frame does not wait for it.
          const original = tracks.find((t) => t.isDefault) ?? tracks[0];
          const wanted = original ? audioRef.current?.(original.lang) : null;
          const match =
            wanted &&
            tracks.find((t) => t.lang === wanted.language && t.description === wanted.description);
          if (match && match.id !== h.audioTrack) h.audioTrack = match.id;
        });
        h.on(H.Events.AUDIO_TRACK_SWITCHED, (_e, data) => patch({ audioTrack: data.id }));
        h.on(H.Events.MANIFEST_PARSED, (_e, data) => {
          const levels = data.levels.map((l, index) => ({
            index,
            height: l.height,
            name: l.name || `${l.height}p`,
            bitrate: l.bitrate,
          }));
          patch({ levels, status: 'ready' });
        });
        h.on(H.Events.LEVEL_SWITCHED, (_e, data) =>
          patch({ currentLevel: data.level, autoLevel: h.autoLevelEnabled }),
        );
        h.on(H.Events.SUBTITLE_TRACKS_UPDATED, (_e, data) => {
          const tracks = data.subtitleTracks.map((t) => ({
            id: t.id,
            name: t.name,
            lang: t.lang ?? '',
          }));
          patch({ subtitleTracks: tracks });
          const wanted = subtitleRef.current;
          const match = wanted ? tracks.find((t) => t.lang === wanted) : undefined;
          if (match) h.subtitleTrack = match.id;
        });
        h.on(H.Events.SUBTITLE_TRACK_SWITCH, (_e, data) => patch({ subtitleTrack: data.id }));
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
        // The playlist request first: attaching the MediaSource waits on the video element.
        h.loadSource(src);
        h.attachMedia(video);
      } else if (video.canPlayType('application/vnd.apple.mpegurl')) {
        patch({ engine: 'native', status: 'ready' });
        const onMeta = () => {
          if (startAt > 0) video.currentTime = startAt;
          const tracks = Array.from(video.textTracks)
            .map((t, id) => ({ id, name: t.label, lang: t.language, kind: t.kind }))
            .filter((t) => t.kind === 'subtitles' || t.kind === 'captions');
          patch({ subtitleTracks: tracks.map(({ id, name, lang }) => ({ id, name, lang })) });
        };
        video.addEventListener('loadedmetadata', onMeta, { once: true });
        video.addEventListener(
          'error',
          () =>
            fail(
              video.error?.code === 4 // MEDIA_ERR_SRC_NOT_SUPPORTED
                ? { kind: 'decode', codecs: [] }
                : {
                    kind: 'other',
                    detail: video.error?.message || 'The video could not be played.',
                  },
            ),
          { once: true },
        );
        video.src = src;
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

  const setLevel = useCallback((index: number) => {
    const hls = hlsRef.current;
    if (!hls) return;
    // nextLevel switches at the next fragment without flushing the buffer (no stall).
    if (index < 0) {
      hls.currentLevel = -1;
      hls.nextLevel = -1;
    } else {
      hls.nextLevel = index;
    }
    setState((s) => ({ ...s, autoLevel: index < 0 }));
  }, []);

  const setSubtitleTrack = useCallback(
    (id: number) => {
      const hls = hlsRef.current;
      if (hls) {
        hls.subtitleTrack = id;
      } else if (video) {
        // 'hidden' keeps the cues coming without the browser drawing them: the player does.
        Array.from(video.textTracks).forEach((t, i) => {
          t.mode = i === id ? 'hidden' : 'disabled';
        });
      }
      setState((s) => ({ ...s, subtitleTrack: id }));
    },
    [video],
  );

  /** Another audio track; hls.js swaps the audio buffer at the current position (no restart). */
  const setAudioTrack = useCallback((id: number) => {
    const hls = hlsRef.current;
    if (!hls) return;
    hls.audioTrack = id;
    setState((s) => ({ ...s, audioTrack: id }));
  }, []);

  /** Start again from where the viewer is (after a fatal error). */
  const retry = useCallback(() => {
    if (video && Number.isFinite(video.currentTime) && video.currentTime > 0)
      startRef.current = video.currentTime;
    setAttempt((a) => a + 1);
  }, [video]);

  const diagnostics = useCallback(() => {
    const hls = hlsRef.current;
    const level = hls && hls.currentLevel >= 0 ? hls.levels[hls.currentLevel] : undefined;
    let bufferAhead = 0;
    if (video) {
      for (let i = 0; i < video.buffered.length; i += 1) {
        if (
          video.buffered.start(i) <= video.currentTime &&
          video.currentTime <= video.buffered.end(i)
        ) {
          bufferAhead = video.buffered.end(i) - video.currentTime;
        }
      }
    }
    const quality = video?.getVideoPlaybackQuality?.();
    const stats = statsRef.current;
    const audio = hls && hls.audioTrack >= 0 ? hls.audioTracks[hls.audioTrack] : undefined;
    let cdnHost: string | null = null;
    try {
      cdnHost = stats.segment ? new URL(stats.segment).host : null;
    } catch {
      cdnHost = null;
    }
    return {
      engine: hls ? 'hls.js' : video?.src ? 'native' : 'none',
      rendition: level ? `${level.height}p (${Math.round(level.bitrate / 1000)} kbps)` : null,
      renditions: hls
        ? hls.levels.map((l) => `${l.height}p (${Math.round(l.bitrate / 1000)} kbps)`)
        : [],
      audioTrack: audio ? `${audio.name} (${audio.lang ?? '?'})` : null,
      autoLevel: hls?.autoLevelEnabled ?? null,
      bandwidthEstimateKbps: hls ? Math.round(hls.bandwidthEstimate / 1000) : null,
      bufferAheadSeconds: Math.round(bufferAhead * 10) / 10,
      position: video ? Math.round(video.currentTime * 10) / 10 : null,
      duration: video && Number.isFinite(video.duration) ? video.duration : null,
      readyState: video?.readyState ?? null,
      paused: video?.paused ?? null,
      droppedFrames: quality?.droppedVideoFrames ?? null,
      totalFrames: quality?.totalVideoFrames ?? null,
      startupMs: qualityRef.current?.stats.startupMs ?? null,
      stalls: qualityRef.current?.stats.stalls ?? 0,
      segment: stats.segment,
      cdnHost,
      mediaError: video?.error ? `${video.error.code} ${video.error.message}` : null,
      recentErrors: recentErrors.current,
    };
  }, [video]);

  return { state, setLevel, setSubtitleTrack, setAudioTrack, retry, diagnostics };
}
