import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import type { PlaybackSession } from '@streamflix/shared';
import { useHlsPlayback } from '../hls/use-hls-playback';
import { actionForKey, keyLabel, type PlayerAction } from '../keyboard-shortcuts';
import { useMediaSession } from '../media-session';
import { useAutoHideControls } from '../player/use-auto-hide-controls';
import { CaptionOverlay } from '../captions/caption-overlay';
import { offsetLabel, stepOffset } from '../captions/caption-style';
import { useCaptionText } from '../captions/use-caption-text';
import { chapterJump, chapterLabel } from '../chapters/chapters';
import { useChapters } from '../chapters/use-chapters';
import { useMediaState } from '../player/use-media-state';
import { usePlayerCommands } from '../player/use-player-commands';
import {
  audioChoiceFor,
  readPreferences,
  savePreferences,
  type PlayerPreferences,
} from '../player-preferences';
import { usePlaybackReports } from '../quality/use-playback-reports';
import { useTrickplay } from '../trickplay/use-trickplay';
import { ControlBar, SEEK_STEP } from './control-bar';
import { ShortcutsDialog } from './shortcuts-dialog';
import { StatusOverlay } from './status-overlay';
import styles from './video-player.module.css';
import type { PlayerDiagnostics } from '../player-diagnostics';

export type { PlayerDiagnostics };

// Loaded when first opened: most viewers never open either, and the remote's entry stays small.
const StatsOverlay = lazy(() => import('../stats/stats-overlay'));
const CaptionSettingsDialog = lazy(() => import('../captions/caption-settings-dialog'));

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

export function VideoPlayer(props: VideoPlayerProps) {
  const { session, startPosition, displayTitle, displaySubtitle, onVideoElement, onDiagnostics } =
    props;
  const rootRef = useRef<HTMLDivElement>(null);
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [prefs, setPrefs] = useState<PlayerPreferences>(() => readPreferences());
  const [menuOpen, setMenuOpen] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const [started, setStarted] = useState(false);
  const [keyboardSeek, setKeyboardSeek] = useState<{ time: number } | null>(null);
  const [statsOpen, setStatsOpen] = useState(false);
  const [captionSettingsOpen, setCaptionSettingsOpen] = useState(false);
  /** Subtitle timing for this title (seconds, positive = later); a file's offset is its own. */
  const [captionOffset, setCaptionOffset] = useState(0);
  const report = usePlaybackReports(session.titleId);

  const { state, setLevel, setSubtitleTrack, setAudioTrack, retry, diagnostics } = useHlsPlayback(
    video,
    {
      src: session.stream.url,
      startPosition,
      preferredSubtitle:
        prefs.subtitleLanguage === 'off'
          ? null
          : (prefs.subtitleLanguage ?? props.defaultSubtitleLanguage ?? null),
      preferredAudio: (original) => audioChoiceFor(prefs, original),
      onQuality: report,
    },
  );
  const { media, setTime, setNeedsGesture } = useMediaState(
    video,
    { time: startPosition, duration: session.durationSeconds ?? 0 },
    props.onEnded,
  );
  const { paused, time, duration, needsGesture } = media;
  const updatePrefs = useCallback(
    (patch: Partial<PlayerPreferences>) => setPrefs(savePreferences(patch)),
    [],
  );
  const commands = usePlayerCommands({
    video,
    rootRef,
    duration,
    prefs,
    updatePrefs,
    subtitles: state,
    setSubtitleTrack,
    audio: state,
    setAudioTrack,
    setTime,
    setNeedsGesture,
  });
  const { play, pause, togglePlay, seekTo, seekBy, setVolume } = commands;
  const { toggleFullscreen, toggleMute, toggleCaptions } = commands;
  const { announce } = commands;
  const captionText = useCaptionText(video, state.subtitleTrack >= 0, captionOffset);
  // Thumbnails' sprites once 10 s are buffered (or all that is left): media before extras.
  const spritesWelcome = media.buffered - time >= Math.min(10, duration - time - 1);
  const trickplay = useTrickplay(session.thumbnails, started, spritesWelcome);
  const { chapters, chapterAt } = useChapters(session.chapters, started);
  const stepCaptions = useCallback(
    (direction: 1 | -1) => {
      const next = stepOffset(captionOffset, direction);
      setCaptionOffset(next);
      announce(`Subtitles ${offsetLabel(next)}`);
    },
    [captionOffset, announce],
  );
  const jumpChapter = useCallback(
    (direction: 1 | -1) => {
      if (!video) return;
      const target = chapterJump(chapters, video.currentTime, direction);
      if (!target) return announce(direction === 1 ? 'No next chapter' : 'No chapters');
      seekTo(target.start);
      setKeyboardSeek({ time: target.start });
      announce(chapterLabel(chapters, target));
    },
    [video, chapters, seekTo, announce],
  );
  const toggleStats = useCallback(() => {
    setStatsOpen((open) => !open);
    announce(statsOpen ? 'Playback stats closed' : 'Playback stats shown');
  }, [announce, statsOpen]);
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

  // Remembered volume and mute.
  useEffect(() => {
    if (!video) return;
    video.volume = prefs.volume;
    video.muted = prefs.muted;
  }, [video, prefs.volume, prefs.muted]);

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

  // Arriving on the watch screen (from Play or a typed URL), the shortcuts work at once.
  useEffect(() => {
    rootRef.current?.focus({ preventScroll: true });
  }, []);

  // Start playing as soon as the stream is attached (the viewer pressed Play to get here).
  const autoplayed = useRef(false);
  useEffect(() => {
    if (!video || state.status !== 'ready' || autoplayed.current) return;
    autoplayed.current = true;
    play();
  }, [video, state.status, play]);

  // Media Session: hardware keys, headset buttons, lock screen.
  useMediaSession(
    { title: displayTitle, artist: displaySubtitle, artworkUrl: session.posterUrl },
    { play, pause, seekBy, seekTo, previous: props.onPrevious, next: props.onNext },
  );

  const { controlsVisible, setControlsVisible, showControls } = useAutoHideControls();
  const dialogOpen = helpOpen || captionSettingsOpen;
  const controlsShown =
    controlsVisible || paused || menuOpen || dialogOpen || state.status !== 'ready' || needsGesture;

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
        case 'previous-chapter':
          return jumpChapter(-1);
        case 'next-chapter':
          return jumpChapter(1);
        case 'captions-earlier':
          return stepCaptions(-1);
        case 'captions-later':
          return stepCaptions(1);
        case 'toggle-stats':
          return toggleStats();
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
      jumpChapter,
      stepCaptions,
      toggleStats,
    ],
  );

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    showControls();
    if (!prefs.shortcuts || dialogOpen) return;
    const target = e.target as HTMLElement;
    const action = actionForKey(
      {
        key: e.key,
        ctrlKey: e.ctrlKey,
        metaKey: e.metaKey,
        altKey: e.altKey,
        shiftKey: e.shiftKey,
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

      <StatusOverlay
        stream={state}
        waiting={media.waiting}
        paused={paused}
        needsGesture={needsGesture}
        displayTitle={displayTitle}
        onPlay={play}
        onRetry={retry}
        idle={!controlsShown}
        onSkipIntro={inIntro ? skipIntro : undefined}
        onSkipCredits={!inIntro && inCredits && !props.hideSkipCredits ? skipCredits : undefined}
      />

      <CaptionOverlay text={captionText} style={prefs.captionStyle} raised={controlsShown} />

      {props.overlay}

      {statsOpen ? (
        <Suspense fallback={null}>
          <StatsOverlay
            collect={diagnostics}
            onClose={() => {
              setStatsOpen(false);
              rootRef.current?.focus({ preventScroll: true });
            }}
            onAnnounce={announce}
          />
        </Suspense>
      ) : null}

      <ControlBar
        media={media}
        commands={commands}
        stream={state}
        setLevel={setLevel}
        prefs={prefs}
        updatePrefs={updatePrefs}
        idle={!controlsShown}
        onMenuOpenChange={setMenuOpen}
        onShowHelp={() => setHelpOpen(true)}
        thumbnailAt={trickplay.thumbnailAt}
        keyboardSeek={keyboardSeek}
        chapters={chapters}
        chapterAt={chapterAt}
        statsOpen={statsOpen}
        onToggleStats={toggleStats}
        onOpenCaptionSettings={() => setCaptionSettingsOpen(true)}
        extraControls={props.extraControls}
      />

      <div className="sf-visually-hidden" aria-live="polite">
        {commands.announcement}
      </div>
      {prefs.announceCaptions ? (
        <div className="sf-visually-hidden" aria-live="polite" data-testid="caption-announcer">
          {captionText}
        </div>
      ) : null}

      {captionSettingsOpen ? (
        <Suspense fallback={null}>
          <CaptionSettingsDialog
            open
            onClose={() => setCaptionSettingsOpen(false)}
            style={prefs.captionStyle}
            onStyleChange={(captionStyle) => updatePrefs({ captionStyle })}
            offset={captionOffset}
            onOffsetStep={stepCaptions}
            onOffsetReset={() => {
              setCaptionOffset(0);
              announce('Subtitles in sync (0 ms)');
            }}
            earlierKey={keyLabel(prefs.keyMap['captions-earlier'][0] ?? 'g')}
            laterKey={keyLabel(prefs.keyMap['captions-later'][0] ?? 'h')}
          />
        </Suspense>
      ) : null}

      <ShortcutsDialog
        open={helpOpen}
        onClose={() => setHelpOpen(false)}
        prefs={prefs}
        onChange={updatePrefs}
      />
    </div>
  );
}
