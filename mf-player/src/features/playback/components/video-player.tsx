import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { Button, Dialog, type PlaybackSession } from '@streamflix/shared';
import { formatTime, spokenTime } from '../format-time';
import { useHlsPlayback } from '../hls/use-hls-playback';
import { actionForKey, type PlayerAction } from '../keyboard-shortcuts';
import { bindMediaSession, updatePositionState } from '../media-session';
import { readPreferences, savePreferences, type PlayerPreferences } from '../player-preferences';
import { SeekPreview } from '../trickplay/seek-preview';
import { useTrickplay } from '../trickplay/use-trickplay';
import { PlayerMenu } from './player-menu';
import { ShortcutSettings } from './shortcut-settings';
import styles from './video-player.module.css';

export type PlayerDiagnostics = Record<string, unknown>;

export interface VideoPlayerProps {
  session: PlaybackSession;
  /** Seconds to start at (already decided by the resume rules). */
  startPosition: number;
  /** What the media session / lock screen shows. */
  displayTitle: string;
  displaySubtitle?: string;
  /** The video element, for features that follow playback (watch logs, next episode). */
  onVideoElement?: (video: HTMLVideoElement | null) => void;
  /** Lets diagnostics ask the player for its state. */
  onDiagnostics?: (collect: () => PlayerDiagnostics) => void;
  /** Extra controls in the bar (episode navigation, report a problem). */
  extraControls?: ReactNode;
  /** Layers above the video (next-episode overlay). */
  overlay?: ReactNode;
  /** "Skip credits": the screen decides (next episode); without it the player jumps to the end. */
  onSkipCredits?: () => void;
  /** Hide "Skip credits" while something else (the next-episode overlay) offers the same. */
  hideSkipCredits?: boolean;
  /** The viewer's default subtitle language (profile), used until they pick one on the player. */
  defaultSubtitleLanguage?: string | null;
  onEnded?: () => void;
  onPrevious?: () => void;
  onNext?: () => void;
}

const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 2];
const HIDE_AFTER_MS = 3000;
const SEEK_STEP = 10;

export function VideoPlayer(props: VideoPlayerProps) {
  const { session, startPosition, displayTitle, displaySubtitle, onVideoElement, onDiagnostics } =
    props;
  const rootRef = useRef<HTMLDivElement>(null);
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [prefs, setPrefs] = useState<PlayerPreferences>(() => readPreferences());
  const [paused, setPaused] = useState(true);
  const [time, setTime] = useState(startPosition);
  const [duration, setDuration] = useState(session.durationSeconds ?? 0);
  const [buffered, setBuffered] = useState(0);
  const [waiting, setWaiting] = useState(false);
  const [needsGesture, setNeedsGesture] = useState(false);
  const [speed, setSpeed] = useState(1);
  const [fullscreen, setFullscreen] = useState(false);
  const [pip, setPip] = useState(false);
  const [controlsVisible, setControlsVisible] = useState(true);
  const [menuOpen, setMenuOpen] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [captionText, setCaptionText] = useState('');
  const [started, setStarted] = useState(false);
  const [keyboardSeek, setKeyboardSeek] = useState<{ time: number } | null>(null);
  const seekTrackRef = useRef<HTMLDivElement>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastSubtitle = useRef<number>(-1);
  const onEndedRef = useRef(props.onEnded);
  onEndedRef.current = props.onEnded;

  const { state, setLevel, setSubtitleTrack, retry, diagnostics } = useHlsPlayback(video, {
    src: session.stream.url,
    startPosition,
    preferredSubtitle:
      prefs.subtitleLanguage === 'off'
        ? null
        : (prefs.subtitleLanguage ?? props.defaultSubtitleLanguage ?? null),
  });

  const trickplay = useTrickplay(session.thumbnails, started);
  useEffect(() => {
    if (!paused) setStarted(true);
  }, [paused]);

  const videoRef = useCallback(
    (el: HTMLVideoElement | null) => {
      setVideo(el);
      onVideoElement?.(el);
    },
    [onVideoElement],
  );

  useEffect(() => {
    onDiagnostics?.(diagnostics);
  }, [onDiagnostics, diagnostics]);

  const updatePrefs = useCallback(
    (patch: Partial<PlayerPreferences>) => setPrefs(savePreferences(patch)),
    [],
  );

  // Remembered volume and mute.
  useEffect(() => {
    if (!video) return;
    video.volume = prefs.volume;
    video.muted = prefs.muted;
  }, [video, prefs.volume, prefs.muted]);

  const play = useCallback(() => {
    if (!video) return;
    const p = video.play();
    if (p && typeof p.catch === 'function') {
      p.then(() => setNeedsGesture(false)).catch((e: unknown) => {
        // Autoplay with sound was refused: wait for the viewer to press Play.
        if (e instanceof DOMException && e.name === 'NotAllowedError') setNeedsGesture(true);
      });
    }
  }, [video]);
  const pause = useCallback(() => video?.pause(), [video]);
  const togglePlay = useCallback(() => {
    if (!video) return;
    if (video.paused || video.ended) play();
    else pause();
  }, [video, play, pause]);
  const seekTo = useCallback(
    (t: number) => {
      if (!video) return;
      const d = Number.isFinite(video.duration) ? video.duration : duration;
      video.currentTime = Math.max(0, d > 0 ? Math.min(t, d - 0.1) : t);
      setTime(video.currentTime);
    },
    [video, duration],
  );
  const seekBy = useCallback(
    (delta: number) => video && seekTo(video.currentTime + delta),
    [video, seekTo],
  );
  const setVolume = useCallback(
    (v: number) => {
      const volume = Math.round(Math.max(0, Math.min(1, v)) * 100) / 100;
      updatePrefs({ volume, muted: volume === 0 ? true : false });
      setAnnouncement(`Volume ${Math.round(volume * 100)}%`);
    },
    [updatePrefs],
  );
  const toggleMute = useCallback(() => {
    const muted = !prefs.muted;
    updatePrefs({ muted, volume: !muted && prefs.volume === 0 ? 0.5 : prefs.volume });
    setAnnouncement(muted ? 'Muted' : 'Sound on');
  }, [prefs.muted, prefs.volume, updatePrefs]);

  const toggleFullscreen = useCallback(() => {
    const el = rootRef.current;
    if (!el) return;
    try {
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
      else void el.requestFullscreen?.().catch(() => undefined);
    } catch {
      /* not allowed here */
    }
  }, []);
  const togglePip = useCallback(() => {
    if (!video) return;
    try {
      if (document.pictureInPictureElement)
        void document.exitPictureInPicture().catch(() => undefined);
      else void video.requestPictureInPicture?.().catch(() => undefined);
    } catch {
      /* not supported */
    }
  }, [video]);

  const chooseSubtitle = useCallback(
    (id: number) => {
      setSubtitleTrack(id);
      const track = state.subtitleTracks.find((t) => t.id === id);
      updatePrefs({ subtitleLanguage: track?.lang ?? 'off' });
      if (id >= 0) lastSubtitle.current = id;
      setAnnouncement(track ? `Subtitles: ${track.name}` : 'Subtitles off');
    },
    [setSubtitleTrack, state.subtitleTracks, updatePrefs],
  );
  const toggleCaptions = useCallback(() => {
    if (state.subtitleTracks.length === 0) return;
    if (state.subtitleTrack >= 0) return chooseSubtitle(-1);
    const preferred =
      state.subtitleTracks.find((t) => t.id === lastSubtitle.current) ??
      state.subtitleTracks.find((t) => t.lang === prefs.subtitleLanguage) ??
      state.subtitleTracks.find((t) => t.lang === (navigator.language || 'en').slice(0, 2)) ??
      state.subtitleTracks[0]!;
    chooseSubtitle(preferred.id);
  }, [state.subtitleTracks, state.subtitleTrack, prefs.subtitleLanguage, chooseSubtitle]);

  const { introStart, introEnd, creditsStart } = session.markers;
  const inIntro = introEnd != null && time >= (introStart ?? 0) && time < introEnd - 0.5;
  const inCredits =
    creditsStart != null && time >= creditsStart && duration > 0 && time < duration - 1;
  const skipIntro = useCallback(() => {
    if (introEnd != null) seekTo(introEnd);
  }, [introEnd, seekTo]);
  const skipCredits = useCallback(() => {
    if (props.onSkipCredits) props.onSkipCredits();
    else seekTo(duration);
  }, [props, seekTo, duration]);

  // Video element events → React state.
  useEffect(() => {
    if (!video) return;
    const sync = () => {
      setPaused(video.paused);
      setTime(video.currentTime);
      if (Number.isFinite(video.duration) && video.duration > 0) setDuration(video.duration);
      const b = video.buffered;
      setBuffered(b.length ? b.end(b.length - 1) : 0);
    };
    const onTime = () => {
      sync();
      updatePositionState(video);
    };
    const onWaiting = () => setWaiting(true);
    const onPlaying = () => {
      setWaiting(false);
      setNeedsGesture(false);
      sync();
    };
    const onRate = () => setSpeed(video.playbackRate);
    const onEndedEvt = () => {
      sync();
      onEndedRef.current?.();
    };
    const onEnterPip = () => setPip(true);
    const onLeavePip = () => setPip(false);
    const events: Array<[string, EventListener]> = [
      ['play', sync],
      ['pause', sync],
      ['timeupdate', onTime],
      ['durationchange', sync],
      ['progress', sync],
      ['seeked', sync],
      ['waiting', onWaiting],
      ['playing', onPlaying],
      ['canplay', () => setWaiting(false)],
      ['ratechange', onRate],
      ['ended', onEndedEvt],
      ['enterpictureinpicture', onEnterPip],
      ['leavepictureinpicture', onLeavePip],
    ];
    events.forEach(([n, h]) => video.addEventListener(n, h));
    return () => events.forEach(([n, h]) => video.removeEventListener(n, h));
  }, [video]);

  // Arriving on the watch screen (from Play or a typed URL), the shortcuts work at once.
  useEffect(() => {
    rootRef.current?.focus({ preventScroll: true });
  }, []);

  // Subtitles for screen readers: the showing track's active cues go into a live region.
  useEffect(() => {
    if (!video || !prefs.announceCaptions) {
      setCaptionText('');
      return;
    }
    const tracks = video.textTracks;
    const onCue = () => {
      const showing = [...Array.from(tracks)].find((t) => t.mode === 'showing');
      const cues = showing?.activeCues ? Array.from(showing.activeCues) : [];
      setCaptionText(
        cues
          .map((c) => ('text' in c ? String((c as VTTCue).text) : ''))
          .join('\n')
          .replace(/<[^>]+>/g, '')
          .trim(),
      );
    };
    const attach = () => Array.from(tracks).forEach((t) => t.addEventListener('cuechange', onCue));
    attach();
    tracks.addEventListener('addtrack', attach);
    tracks.addEventListener('change', onCue);
    return () => {
      Array.from(tracks).forEach((t) => t.removeEventListener('cuechange', onCue));
      tracks.removeEventListener('addtrack', attach);
      tracks.removeEventListener('change', onCue);
    };
  }, [video, prefs.announceCaptions]);

  // Start playing as soon as the stream is attached (the viewer pressed Play to get here).
  const autoplayed = useRef(false);
  useEffect(() => {
    if (!video || state.status !== 'ready' || autoplayed.current) return;
    autoplayed.current = true;
    play();
  }, [video, state.status, play]);

  useEffect(() => {
    const onFs = () => setFullscreen(document.fullscreenElement === rootRef.current);
    document.addEventListener('fullscreenchange', onFs);
    return () => document.removeEventListener('fullscreenchange', onFs);
  }, []);

  // Media Session: hardware keys, headset buttons, lock screen.
  const { onPrevious, onNext } = props;
  useEffect(
    () =>
      bindMediaSession(
        { title: displayTitle, artist: displaySubtitle, artworkUrl: session.posterUrl },
        { play, pause, seekBy, seekTo, previous: onPrevious, next: onNext },
      ),
    [
      displayTitle,
      displaySubtitle,
      session.posterUrl,
      play,
      pause,
      seekBy,
      seekTo,
      onPrevious,
      onNext,
    ],
  );

  // Controls hide while playing and come back on mouse move, touch or a key.
  const showControls = useCallback(() => {
    setControlsVisible(true);
    clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => setControlsVisible(false), HIDE_AFTER_MS);
  }, []);
  useEffect(() => () => clearTimeout(hideTimer.current), []);
  const controlsShown =
    controlsVisible || paused || menuOpen || helpOpen || state.status !== 'ready' || needsGesture;

  const runAction = useCallback(
    (action: PlayerAction) => {
      switch (action) {
        case 'toggle-play':
          return togglePlay();
        case 'seek-back':
        case 'seek-forward':
          seekBy(action === 'seek-back' ? -SEEK_STEP : SEEK_STEP);
          if (video) setKeyboardSeek({ time: video.currentTime });
          return;
        case 'volume-up':
          return setVolume((prefs.muted ? 0 : prefs.volume) + 0.1);
        case 'volume-down':
          return setVolume((prefs.muted ? 0 : prefs.volume) - 0.1);
        case 'toggle-fullscreen':
          return toggleFullscreen();
        case 'toggle-mute':
          return toggleMute();
        case 'toggle-captions':
          return toggleCaptions();
        case 'skip-intro':
          return inIntro ? skipIntro() : undefined;
        case 'show-help':
          return setHelpOpen(true);
      }
    },
    [
      togglePlay,
      seekBy,
      video,
      setVolume,
      prefs.muted,
      prefs.volume,
      toggleFullscreen,
      toggleMute,
      toggleCaptions,
      inIntro,
      skipIntro,
    ],
  );

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    showControls();
    if (!prefs.shortcuts || helpOpen) return;
    const target = e.target as HTMLElement;
    const action = actionForKey(
      {
        key: e.key,
        ctrlKey: e.ctrlKey,
        metaKey: e.metaKey,
        altKey: e.altKey,
        targetTag: target.tagName,
        targetRole: target.getAttribute('role'),
        targetType: target.getAttribute('type'),
      },
      prefs.keyMap,
    );
    if (!action) return;
    e.preventDefault();
    try {
      runAction(action);
    } catch {
      // A browser refusing fullscreen or PiP must not break the player.
    }
  };

  const currentLevel = state.levels.find((l) => l.index === state.currentLevel);
  const qualityValue = state.autoLevel
    ? `Auto${currentLevel ? ` (${currentLevel.height}p)` : ''}`
    : (currentLevel?.name ?? 'Auto');
  const qualityItems = useMemo(
    () => [
      {
        key: 'auto',
        label: `Auto${currentLevel && state.autoLevel ? ` (${currentLevel.height}p)` : ''}`,
        checked: state.autoLevel,
        onSelect: () => setLevel(-1),
      },
      ...[...state.levels]
        .sort((a, b) => b.height - a.height)
        .map((l) => ({
          key: String(l.index),
          label: `${l.height}p`,
          checked: !state.autoLevel && state.currentLevel === l.index,
          onSelect: () => setLevel(l.index),
        })),
    ],
    [state.levels, state.autoLevel, state.currentLevel, currentLevel, setLevel],
  );
  const subtitleTrack = state.subtitleTracks.find((t) => t.id === state.subtitleTrack);
  const pipSupported =
    typeof document !== 'undefined' &&
    'pictureInPictureEnabled' in document &&
    document.pictureInPictureEnabled;
  const remaining = Math.max(0, duration - time);

  return (
    <div
      ref={rootRef}
      className={`${styles.player} ${controlsShown ? '' : styles.idle}`}
      role="region"
      aria-label={`Video player: ${displayTitle}`}
      tabIndex={0}
      data-testid="video-player"
      onKeyDown={onKeyDown}
      onPointerMove={showControls}
      onPointerDown={showControls}
      onFocus={() => setControlsVisible(true)}
    >
      <video
        ref={videoRef}
        className={styles.video}
        playsInline
        preload="auto"
        poster={startPosition > 0 ? undefined : session.backdropUrl}
        onClick={togglePlay}
        onDoubleClick={toggleFullscreen}
        aria-label={displayTitle}
        crossOrigin="anonymous"
      />

      {waiting && state.status === 'ready' && !paused ? (
        <div className={styles.spinner} role="status" aria-label="Buffering" />
      ) : null}
      {state.status === 'loading' ? (
        <div className={styles.spinner} role="status" aria-label="Loading video" />
      ) : null}
      {state.status === 'reconnecting' ? (
        <div className={styles.banner} role="status">
          Connection lost — reconnecting…
        </div>
      ) : null}

      {needsGesture && state.status === 'ready' ? (
        <button
          type="button"
          className={styles.bigPlay}
          onClick={play}
          aria-label={`Play ${displayTitle}`}
        >
          <span aria-hidden="true">▶</span>
        </button>
      ) : null}

      {state.status === 'error' ? (
        <div className={styles.errorBox} role="alert">
          <p className={styles.errorTitle}>This video can&apos;t be played right now.</p>
          <p>{state.error}</p>
          <Button onClick={retry}>Retry</Button>
        </div>
      ) : null}

      {inIntro ? (
        <button type="button" className={styles.skip} onClick={skipIntro}>
          Skip intro
        </button>
      ) : inCredits && !props.hideSkipCredits ? (
        <button type="button" className={styles.skip} onClick={skipCredits}>
          Skip credits
        </button>
      ) : null}

      {props.overlay}

      <div className={styles.controls} data-testid="player-controls">
        <div className={styles.seekRow}>
          <div className={styles.seekTrack} ref={seekTrackRef}>
            <SeekPreview
              trackRef={seekTrackRef}
              duration={duration}
              thumbnailAt={trickplay.thumbnailAt}
              keyboardSeek={keyboardSeek}
            />
            <div
              className={styles.seekBuffered}
              style={{ width: duration ? `${(buffered / duration) * 100}%` : 0 }}
            />
            <input
              type="range"
              className={styles.seek}
              min={0}
              max={duration || 0}
              step={1}
              value={Math.min(time, duration || 0)}
              aria-label="Seek"
              aria-valuetext={`${spokenTime(time)} of ${spokenTime(duration)}`}
              onChange={(e) => seekTo(Number(e.target.value))}
              style={{
                ['--sf-progress' as string]: duration ? `${(time / duration) * 100}%` : '0%',
              }}
            />
          </div>
          <span className={styles.time} aria-hidden="true">
            -{formatTime(remaining)}
          </span>
        </div>
        <div className={styles.bar}>
          <div className={styles.group}>
            <button
              type="button"
              className={styles.control}
              onClick={togglePlay}
              aria-label={paused ? 'Play' : 'Pause'}
            >
              <span aria-hidden="true">{paused ? '▶' : '❚❚'}</span>
            </button>
            <button
              type="button"
              className={styles.control}
              onClick={() => seekBy(-SEEK_STEP)}
              aria-label="Back 10 seconds"
            >
              <span aria-hidden="true">↺10</span>
            </button>
            <button
              type="button"
              className={styles.control}
              onClick={() => seekBy(SEEK_STEP)}
              aria-label="Forward 10 seconds"
            >
              <span aria-hidden="true">10↻</span>
            </button>
            <button
              type="button"
              className={styles.control}
              onClick={toggleMute}
              aria-label={prefs.muted ? 'Unmute' : 'Mute'}
              aria-pressed={prefs.muted}
            >
              <svg
                aria-hidden="true"
                width="20"
                height="20"
                viewBox="0 0 24 24"
                fill="currentColor"
              >
                <path d="M3 9v6h4l5 5V4L7 9H3z" />
                {prefs.muted || prefs.volume === 0 ? (
                  <path d="M16 9l6 6m0-6l-6 6" stroke="currentColor" strokeWidth="2" fill="none" />
                ) : (
                  <path d="M16.5 12a4.5 4.5 0 0 0-2.5-4v8a4.5 4.5 0 0 0 2.5-4zM14 3.2v2.1a7 7 0 0 1 0 13.4v2.1a9 9 0 0 0 0-17.6z" />
                )}
              </svg>
            </button>
            <input
              type="range"
              className={styles.volume}
              min={0}
              max={1}
              step={0.05}
              value={prefs.muted ? 0 : prefs.volume}
              aria-label="Volume"
              aria-valuetext={`${Math.round((prefs.muted ? 0 : prefs.volume) * 100)}%`}
              onChange={(e) => setVolume(Number(e.target.value))}
            />
            <span className={styles.clock}>
              <span className={styles.srOnly}>Position </span>
              {formatTime(time)} / {formatTime(duration)}
            </span>
          </div>
          <div className={styles.group}>
            {props.extraControls}
            {state.subtitleTracks.length > 0 ? (
              <PlayerMenu
                label="Subtitles"
                icon="CC"
                value={subtitleTrack ? subtitleTrack.name : 'Off'}
                onOpenChange={setMenuOpen}
                items={[
                  {
                    key: 'off',
                    label: 'Off',
                    checked: state.subtitleTrack < 0,
                    onSelect: () => chooseSubtitle(-1),
                  },
                  ...state.subtitleTracks.map((t) => ({
                    key: String(t.id),
                    label: t.name,
                    checked: state.subtitleTrack === t.id,
                    onSelect: () => chooseSubtitle(t.id),
                  })),
                ]}
              />
            ) : null}
            {state.engine === 'hls.js' && state.levels.length > 0 ? (
              <PlayerMenu
                label="Quality"
                value={qualityValue}
                items={qualityItems}
                onOpenChange={setMenuOpen}
              />
            ) : null}
            <PlayerMenu
              label="Speed"
              value={speed === 1 ? 'Normal' : `${speed}×`}
              onOpenChange={setMenuOpen}
              items={SPEEDS.map((s) => ({
                key: String(s),
                label: s === 1 ? 'Normal' : `${s}×`,
                checked: speed === s,
                onSelect: () => {
                  if (video) video.playbackRate = s;
                },
              }))}
            />
            {/* Keyboard-only controls make no sense on a phone's touch screen. */}
            <span className={styles.keyboardOnly}>
              <PlayerMenu
                label="Keyboard shortcuts"
                icon="⌨"
                value={prefs.shortcuts ? 'On' : 'Off'}
                onOpenChange={setMenuOpen}
                items={[
                  {
                    key: 'on',
                    label: 'On',
                    checked: prefs.shortcuts,
                    onSelect: () => updatePrefs({ shortcuts: true }),
                  },
                  {
                    key: 'off',
                    label: 'Off',
                    checked: !prefs.shortcuts,
                    onSelect: () => updatePrefs({ shortcuts: false }),
                  },
                ]}
              />
              <button
                type="button"
                className={styles.control}
                onClick={() => setHelpOpen(true)}
                aria-label="Keyboard shortcuts help"
              >
                <span aria-hidden="true">?</span>
              </button>
            </span>
            {pipSupported ? (
              <button
                type="button"
                className={styles.control}
                onClick={togglePip}
                aria-label={pip ? 'Exit picture-in-picture' : 'Picture-in-picture'}
                aria-pressed={pip}
              >
                <svg
                  aria-hidden="true"
                  width="20"
                  height="20"
                  viewBox="0 0 24 24"
                  fill="currentColor"
                >
                  <path d="M19 7h-8v6h8V7zm2-4H3a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h18a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2zm0 16H3V5h18v14z" />
                </svg>
              </button>
            ) : null}
            <button
              type="button"
              className={styles.control}
              onClick={toggleFullscreen}
              aria-label={fullscreen ? 'Exit fullscreen' : 'Fullscreen'}
              aria-pressed={fullscreen}
            >
              <span aria-hidden="true">{fullscreen ? '⤡' : '⤢'}</span>
            </button>
          </div>
        </div>
      </div>

      <div className={styles.srOnly} aria-live="polite">
        {announcement}
      </div>
      {prefs.announceCaptions ? (
        <div className={styles.srOnly} aria-live="polite" data-testid="caption-announcer">
          {captionText}
        </div>
      ) : null}

      <Dialog
        open={helpOpen}
        title="Keyboard shortcuts"
        onClose={() => setHelpOpen(false)}
        actions={<Button onClick={() => setHelpOpen(false)}>Close</Button>}
      >
        <ShortcutSettings prefs={prefs} onChange={updatePrefs} />
      </Dialog>
    </div>
  );
}
