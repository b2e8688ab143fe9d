import { useCallback, useEffect, useRef, useState } from 'react';
import type Hls from 'hls.js';
import type { ErrorData } from 'hls.js';
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

export type StreamStatus = 'loading' | 'ready' | 'reconnecting' | 'error';

export interface HlsPlaybackState {
  engine: 'hls.js' | 'native' | null;
  status: StreamStatus;
  error: string | null;
  levels: LevelInfo[];
  /** Level being played now (-1 unknown). */
  currentLevel: number;
  /** True while the player picks the level by bandwidth ("Auto"). */
  autoLevel: boolean;
  subtitleTracks: SubtitleTrackInfo[];
  /** -1: off. */
  subtitleTrack: number;
}

const INITIAL: HlsPlaybackState = {
  engine: null,
  status: 'loading',
  error: null,
  levels: [],
  currentLevel: -1,
  autoLevel: true,
  subtitleTracks: [],
  subtitleTrack: -1,
};

const MAX_START_ATTEMPTS = 4;
const MAX_BACKOFF_MS = 10_000;

export interface UseHlsPlaybackOptions {
  src: string | null;
  startPosition: number;
  preferredSubtitle: string | null;
}

/**
 * Attaches the HLS stream to the video element. hls.js is loaded on demand so the
 * screen's first chunk stays small; native HLS is used only where hls.js cannot run
 * (iOS Safari). Recovers from network drops with backoff and from media errors with
 * recoverMediaError; a stream that cannot be played ends in status 'error'.
 */
export function useHlsPlayback(
  video: HTMLVideoElement | null,
  { src, startPosition, preferredSubtitle }: UseHlsPlaybackOptions,
) {
  const [state, setState] = useState<HlsPlaybackState>(INITIAL);
  const [attempt, setAttempt] = useState(0);
  const hlsRef = useRef<Hls | null>(null);
  const recentErrors = useRef<string[]>([]);
  const startRef = useRef(startPosition);
  const subtitleRef = useRef(preferredSubtitle);
  subtitleRef.current = preferredSubtitle;

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
    const patch = (p: Partial<HlsPlaybackState>) => {
      if (!disposed) setState((s) => ({ ...s, ...p }));
    };
    const fail = (message: string) => {
      noteError(`fatal: ${message}`);
      patch({ status: 'error', error: message });
      hls?.stopLoad();
    };
    const onOnline = () => {
      if (hls && !disposed) {
        networkAttempts = 0;
        hls.startLoad(Math.max(0, video.currentTime));
      }
    };
    window.addEventListener('online', onOnline);
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
        hls.subtitleDisplay = false;
        hlsRef.current = hls;
        patch({ engine: 'hls.js' });
        const h = hls;
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
          if (match) {
            h.subtitleDisplay = true;
            h.subtitleTrack = match.id;
          }
        });
        h.on(H.Events.SUBTITLE_TRACK_SWITCH, (_e, data) =>
          patch({ subtitleTrack: h.subtitleDisplay ? data.id : -1 }),
        );
        h.on(H.Events.FRAG_BUFFERED, () => {
          everLoaded = true;
          if (networkAttempts > 0) {
            networkAttempts = 0;
            patch({ status: 'ready', error: null });
          }
        });
        h.on(H.Events.ERROR, (_e, data: ErrorData) => {
          noteError(
            `${data.fatal ? 'fatal ' : ''}${data.type}/${data.details}${data.response?.code ? ` HTTP ${data.response.code}` : ''}`,
          );
          if (!data.fatal) return;
          if (data.type === H.ErrorTypes.NETWORK_ERROR) {
            const code = data.response?.code ?? 0;
            // A playlist that is not there will not appear by retrying.
            if (!everLoaded && code >= 400 && code < 500)
              return fail('This video could not be found on the server.');
            networkAttempts += 1;
            if (!everLoaded && networkAttempts > MAX_START_ATTEMPTS) {
              return fail('The video could not be loaded. Check your connection and try again.');
            }
            patch({ status: 'reconnecting' });
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
            if (mediaRecoveries === 1) return h.recoverMediaError();
            if (mediaRecoveries === 2) {
              h.swapAudioCodec();
              return h.recoverMediaError();
            }
            return fail('This video cannot be decoded by your browser.');
          }
          fail('Playback stopped because of an error.');
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
        video.addEventListener('error', () => fail('This video could not be played.'), {
          once: true,
        });
        video.src = src;
      } else {
        fail('This browser cannot play HLS video.');
      }
    };
    start().catch((e: unknown) =>
      fail(e instanceof Error ? e.message : 'Playback could not start.'),
    );

    return () => {
      disposed = true;
      clearTimeout(retryTimer);
      window.removeEventListener('online', onOnline);
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
        hls.subtitleDisplay = id >= 0;
        hls.subtitleTrack = id;
      } else if (video) {
        Array.from(video.textTracks).forEach((t, i) => {
          t.mode = i === id ? 'showing' : 'disabled';
        });
      }
      setState((s) => ({ ...s, subtitleTrack: id }));
    },
    [video],
  );

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
    return {
      engine: hls ? 'hls.js' : video?.src ? 'native' : 'none',
      rendition: level ? `${level.height}p (${Math.round(level.bitrate / 1000)} kbps)` : null,
      autoLevel: hls?.autoLevelEnabled ?? null,
      bandwidthEstimateKbps: hls ? Math.round(hls.bandwidthEstimate / 1000) : null,
      bufferAheadSeconds: Math.round(bufferAhead * 10) / 10,
      position: video ? Math.round(video.currentTime * 10) / 10 : null,
      duration: video && Number.isFinite(video.duration) ? video.duration : null,
      readyState: video?.readyState ?? null,
      paused: video?.paused ?? null,
      droppedFrames: quality?.droppedVideoFrames ?? null,
      mediaError: video?.error ? `${video.error.code} ${video.error.message}` : null,
      recentErrors: recentErrors.current,
    };
  }, [video]);

  return { state, setLevel, setSubtitleTrack, retry, diagnostics };
}
