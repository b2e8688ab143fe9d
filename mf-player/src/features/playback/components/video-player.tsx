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
import { useI18n, type PlaybackSession } from '@streamflix/shared';
import { CaptionOverlay } from '../captions/caption-overlay';
import { useCaptionOffset } from '../captions/use-caption-offset';
import { useCaptionText } from '../captions/use-caption-text';
import { useChapters } from '../chapters/use-chapters';
import { useHlsPlayback } from '../hls/use-hls-playback';
import { actionForKey, keyInputOf, keyLabel } from '../keyboard-shortcuts';
import { useMediaSession } from '../media-session';
import { playerActions } from '../player/player-actions';
import { useAutoHideControls } from '../player/use-auto-hide-controls';
import { useMediaState } from '../player/use-media-state';
import { usePlayerCommands } from '../player/use-player-commands';
import { usePlayerPanels } from '../player/use-player-panels';
import { useSkipMarkers } from '../player/use-skip-markers';
import { useVideoElement } from '../player/use-video-element';
import {
  audioChoiceFor,
  readPreferences,
  savePreferences,
  type PlayerPreferences,
} from '../player-preferences';
import { usePlaybackReports } from '../quality/use-playback-reports';
import { useTrickplay } from '../trickplay/use-trickplay';
import { ControlBar } from './control-bar';
import { StatusOverlay } from './status-overlay';
import styles from './video-player.module.css';
import type { PlayerDiagnostics } from '../player-diagnostics';

export type { PlayerDiagnostics };

// Loaded when first opened, each with its own catalogs (docs/i18n.md, "Parts"): most viewers
// never open them, and the remote's entry and catalog stay small.
const StatsOverlay = lazy(() => import('../stats/stats-overlay'));
const CaptionSettingsDialog = lazy(() => import('../caption-settings/caption-settings-dialog'));
const ShortcutsDialog = lazy(() => import('../shortcuts/shortcuts-dialog'));

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
  /** The server refused the stream's media (signed out, screen taken, address expired). */
  onStreamRefused?: (status: number) => void;
  /** Retry after a refusal: a new playback session (new signed addresses), not the same ones again. */
  onRestart?: () => void;
  onPrevious?: () => void;
  onNext?: () => void;
}

export function VideoPlayer(props: VideoPlayerProps) {
  const { session, startPosition, displayTitle, displaySubtitle, onVideoElement, onDiagnostics } =
    props;
  const i18n = useI18n();
  const rootRef = useRef<HTMLDivElement>(null);
  const [prefs, setPrefs] = useState<PlayerPreferences>(() => readPreferences());
  // The video's click and double click, bound once the commands exist (below).
  const clicks = useRef({ click: () => {}, doubleClick: () => {} });
  const { video, adopted, slotRef } = useVideoElement(
    {
      src: session.stream.url,
      className: styles.video ?? '',
      label: displayTitle,
      poster: startPosition > 0 ? undefined : session.backdropUrl,
      onClick: () => clicks.current.click(),
      onDoubleClick: () => clicks.current.doubleClick(),
      onVideoElement,
    },
    prefs,
  );
  const [started, setStarted] = useState(false);
  const [keyboardSeek, setKeyboardSeek] = useState<{ time: number } | null>(null);
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
      onRefused: props.onStreamRefused,
      adopted,
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
  const { play, pause, togglePlay, seekTo, seekBy, toggleFullscreen, announce } = commands;
  clicks.current = { click: togglePlay, doubleClick: toggleFullscreen };
  const captionOffset = useCaptionOffset(announce);
  const captionText = useCaptionText(video, state.subtitleTrack >= 0, captionOffset.offset);
  // Thumbnails' sprites once 10 s are buffered (or all that is left): media before extras.
  const spritesWelcome = media.buffered - time >= Math.min(10, duration - time - 1);
  const trickplay = useTrickplay(session.thumbnails, started, spritesWelcome);
  const { chapters, chapterAt } = useChapters(session.chapters, started);
  const panels = usePlayerPanels(announce);
  const { menuOpen, statsOpen, toggleStats, dialogOpen } = panels;
  const { inIntro, inCredits, skipIntro, skipCredits } = useSkipMarkers(
    session.markers,
    media,
    seekTo,
    props.onSkipCredits,
  );
  useEffect(() => {
    if (!paused) setStarted(true);
  }, [paused]);

  useEffect(() => {
    onDiagnostics?.(diagnostics);
  }, [onDiagnostics, diagnostics]);

  // Arriving on the watch screen (from Play or a typed URL), the shortcuts work at once.
  // In the next frame: focusing lays the page out, which the frame does anyway (issue 36).
  useEffect(() => {
    const frame = requestAnimationFrame(() => rootRef.current?.focus({ preventScroll: true }));
    return () => cancelAnimationFrame(frame);
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
  const controlsShown =
    controlsVisible || paused || menuOpen || dialogOpen || state.status !== 'ready' || needsGesture;

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    showControls();
    if (!prefs.shortcuts || dialogOpen) return;
    const action = actionForKey(keyInputOf(e), prefs.keyMap);
    if (!action) return;
    e.preventDefault();
    const actions = playerActions({
      video,
      commands,
      sound: prefs,
      chapters,
      skipIntro: inIntro ? skipIntro : undefined,
      stepCaptions: captionOffset.step,
      toggleStats,
      showHelp: () => panels.setHelpOpen(true),
      onKeyboardSeek: (time) => setKeyboardSeek({ time }),
    });
    try {
      actions[action]();
    } catch {
      // A browser refusing fullscreen or PiP must not break the player.
    }
  };

  return (
    <div
      ref={rootRef}
      className={`${styles.player} ${controlsShown ? '' : styles.idle}`}
      role="region"
      aria-label={i18n._({
        id: 'mf-player.player.region',
        message: 'Video player: {title}',
        values: { title: displayTitle },
      })}
      tabIndex={0}
      data-testid="video-player"
      onKeyDown={onKeyDown}
      onPointerMove={showControls}
      onPointerDown={showControls}
      onFocus={() => setControlsVisible(true)}
    >
      {/* The <video> is made (or taken over from a watch link's early playback) by useVideoElement. */}
      <div ref={slotRef} className={styles.slot} />

      <StatusOverlay
        stream={state}
        waiting={media.waiting}
        paused={paused}
        needsGesture={needsGesture}
        displayTitle={displayTitle}
        onPlay={play}
        onRetry={state.problem?.kind === 'refused' && props.onRestart ? props.onRestart : retry}
        idle={!controlsShown}
        onSkipIntro={inIntro ? skipIntro : undefined}
        onSkipCredits={!inIntro && inCredits && !props.hideSkipCredits ? skipCredits : undefined}
      />

      <CaptionOverlay
        text={captionText}
        style={prefs.captionStyle}
        raised={controlsShown}
        lang={state.subtitleTracks.find((t) => t.id === state.subtitleTrack)?.lang}
      />

      {props.overlay}

      {statsOpen ? (
        <Suspense fallback={null}>
          <StatsOverlay
            collect={diagnostics}
            onClose={() => {
              panels.setStatsOpen(false);
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
        onMenuOpenChange={panels.setMenuOpen}
        onShowHelp={() => panels.setHelpOpen(true)}
        thumbnailAt={trickplay.thumbnailAt}
        keyboardSeek={keyboardSeek}
        chapters={chapters}
        chapterAt={chapterAt}
        statsOpen={statsOpen}
        onToggleStats={toggleStats}
        onOpenCaptionSettings={() => panels.setCaptionSettingsOpen(true)}
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

      {panels.captionSettingsOpen ? (
        <Suspense fallback={null}>
          <CaptionSettingsDialog
            open
            onClose={() => panels.setCaptionSettingsOpen(false)}
            style={prefs.captionStyle}
            onStyleChange={(captionStyle) => updatePrefs({ captionStyle })}
            offset={captionOffset.offset}
            onOffsetStep={captionOffset.step}
            onOffsetReset={captionOffset.reset}
            earlierKey={keyLabel(prefs.keyMap['captions-earlier'][0] ?? 'g')}
            laterKey={keyLabel(prefs.keyMap['captions-later'][0] ?? 'h')}
          />
        </Suspense>
      ) : null}

      {panels.helpOpen ? (
        <Suspense fallback={null}>
          <ShortcutsDialog
            open
            onClose={() => panels.setHelpOpen(false)}
            prefs={prefs}
            onChange={updatePrefs}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
