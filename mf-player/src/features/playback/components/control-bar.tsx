import { useMemo, useRef, type ReactNode } from 'react';
import {
  Icon,
  PlayIcon,
  PauseIcon,
  ReplayIcon,
  ForwardIcon,
  AudioIcon,
  SettingsIcon,
  KeyboardIcon,
  ExitFullscreenIcon,
  FullscreenIcon,
} from '@streamflix/shared';
import { ControlButton } from '../../../lib/control-button';
import type { Chapter } from '../chapters/chapters';
import { formatTime, spokenTime } from '../format-time';
import type { HlsPlaybackState } from '../hls/use-hls-playback';
import { SEEK_STEP, type PlayerCommands } from '../player/use-player-commands';
import type { MediaState } from '../player/use-media-state';
import type { PlayerPreferences } from '../player-preferences';
import { SeekPreview } from '../trickplay/seek-preview';
import type { TrickplayCue } from '../trickplay/use-trickplay';
import { PlayerMenu } from './player-menu';
import styles from './control-bar.module.css';

const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 2];

export interface ControlBarProps {
  media: MediaState;
  commands: PlayerCommands;
  stream: HlsPlaybackState;
  setLevel: (index: number) => void;
  prefs: PlayerPreferences;
  updatePrefs: (patch: Partial<PlayerPreferences>) => void;
  /** Faded out while playing with nobody touching anything. */
  idle: boolean;
  onMenuOpenChange: (open: boolean) => void;
  onShowHelp: () => void;
  thumbnailAt: (time: number) => TrickplayCue | null;
  keyboardSeek: { time: number } | null;
  chapters: Chapter[];
  chapterAt: (time: number) => Chapter | null;
  statsOpen: boolean;
  onToggleStats: () => void;
  onOpenCaptionSettings: () => void;
  extraControls?: ReactNode;
}

/** The seek bar and the row of buttons and menus under it. */
export function ControlBar(props: ControlBarProps) {
  const { media, commands, stream: state, setLevel, prefs, updatePrefs } = props;
  const { time, duration, buffered, paused, speed, pip } = media;
  const seekTrackRef = useRef<HTMLDivElement>(null);

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
  const audioTrack = state.audioTracks.find((t) => t.id === state.audioTrack);
  const { chapters } = props;
  const chapter = props.chapterAt(time);
  const pipSupported =
    typeof document !== 'undefined' &&
    'pictureInPictureEnabled' in document &&
    document.pictureInPictureEnabled;
  const remaining = Math.max(0, duration - time);

  return (
    <div
      className={`${styles.controls} ${props.idle ? styles.hidden : ''}`}
      data-testid="player-controls"
    >
      <div className={styles.seekRow}>
        <div className={styles.seekTrack} ref={seekTrackRef}>
          <SeekPreview
            trackRef={seekTrackRef}
            duration={duration}
            thumbnailAt={props.thumbnailAt}
            chapterAt={props.chapterAt}
            keyboardSeek={props.keyboardSeek}
          />
          {duration > 0 && chapters.length > 1 ? (
            <div className={styles.chapterMarks} aria-hidden="true" data-testid="chapter-marks">
              {chapters.slice(1).map((c) => (
                <span
                  key={c.start}
                  className={styles.chapterMark}
                  style={{ insetInlineStart: `${(c.start / duration) * 100}%` }}
                />
              ))}
            </div>
          ) : null}
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
            aria-valuetext={`${spokenTime(time)} of ${spokenTime(duration)}${chapter ? `, chapter: ${chapter.title}` : ''}`}
            onChange={(e) => commands.seekTo(Number(e.target.value))}
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
          <ControlButton
            className={styles.control}
            onClick={commands.togglePlay}
            label={paused ? 'Play' : 'Pause'}
          >
            {paused ? <PlayIcon /> : <PauseIcon />}
          </ControlButton>
          <ControlButton
            className={styles.control}
            onClick={() => commands.seekBy(-SEEK_STEP)}
            label="Back 10 seconds"
          >
            <ReplayIcon />
            <span aria-hidden="true">10</span>
          </ControlButton>
          <ControlButton
            className={styles.control}
            onClick={() => commands.seekBy(SEEK_STEP)}
            label="Forward 10 seconds"
          >
            <span aria-hidden="true">10</span>
            <ForwardIcon />
          </ControlButton>
          <ControlButton
            className={styles.control}
            onClick={commands.toggleMute}
            label={prefs.muted ? 'Unmute' : 'Mute'}
            pressed={prefs.muted}
          >
            <Icon>
              <path d="M3 9v6h4l5 5V4L7 9H3z" />
              {prefs.muted || prefs.volume === 0 ? (
                <path d="M16 9l6 6m0-6l-6 6" stroke="currentColor" strokeWidth="2" fill="none" />
              ) : (
                <path d="M16.5 12a4.5 4.5 0 0 0-2.5-4v8a4.5 4.5 0 0 0 2.5-4zM14 3.2v2.1a7 7 0 0 1 0 13.4v2.1a9 9 0 0 0 0-17.6z" />
              )}
            </Icon>
          </ControlButton>
          <input
            type="range"
            className={styles.volume}
            min={0}
            max={1}
            step={0.05}
            value={prefs.muted ? 0 : prefs.volume}
            aria-label="Volume"
            aria-valuetext={`${Math.round((prefs.muted ? 0 : prefs.volume) * 100)}%`}
            onChange={(e) => commands.setVolume(Number(e.target.value))}
          />
          <span className={styles.clock}>
            <span className="sf-visually-hidden">Position </span>
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
              onOpenChange={props.onMenuOpenChange}
              items={[
                {
                  key: 'off',
                  label: 'Off',
                  checked: state.subtitleTrack < 0,
                  onSelect: () => commands.chooseSubtitle(-1),
                },
                ...state.subtitleTracks.map((t) => ({
                  key: String(t.id),
                  label: t.name,
                  checked: state.subtitleTrack === t.id,
                  onSelect: () => commands.chooseSubtitle(t.id),
                })),
              ]}
            />
          ) : null}
          {state.audioTracks.length > 1 ? (
            <PlayerMenu
              label="Audio"
              icon={<AudioIcon />}
              value={audioTrack?.name ?? 'Default'}
              onOpenChange={props.onMenuOpenChange}
              items={state.audioTracks.map((t) => ({
                key: String(t.id),
                label: t.name,
                checked: state.audioTrack === t.id,
                onSelect: () => commands.chooseAudio(t.id),
              }))}
            />
          ) : null}
          {chapters.length > 1 ? (
            <PlayerMenu
              label="Chapters"
              value={chapter ? chapter.title : 'Chapters'}
              onOpenChange={props.onMenuOpenChange}
              items={chapters.map((c, i) => ({
                key: String(c.start),
                label: `${i + 1}. ${c.title} · ${formatTime(c.start)}`,
                checked: chapter === c,
                onSelect: () => commands.seekTo(c.start),
              }))}
            />
          ) : null}
          {state.engine === 'hls.js' && state.levels.length > 0 ? (
            <PlayerMenu
              label="Quality"
              value={qualityValue}
              items={qualityItems}
              onOpenChange={props.onMenuOpenChange}
            />
          ) : null}
          <PlayerMenu
            label="Speed"
            value={speed === 1 ? 'Normal' : `${speed}×`}
            onOpenChange={props.onMenuOpenChange}
            items={SPEEDS.map((s) => ({
              key: String(s),
              label: s === 1 ? 'Normal' : `${s}×`,
              checked: speed === s,
              onSelect: () => commands.setSpeed(s),
            }))}
          />
          <PlayerMenu
            label="Settings"
            icon={<SettingsIcon />}
            value="More"
            onOpenChange={props.onMenuOpenChange}
            items={[
              {
                key: 'captions',
                label: 'Subtitle appearance and timing…',
                kind: 'action',
                checked: false,
                onSelect: props.onOpenCaptionSettings,
              },
              {
                key: 'stats',
                label: 'Playback stats',
                kind: 'check',
                checked: props.statsOpen,
                onSelect: props.onToggleStats,
              },
            ]}
          />
          {/* Keyboard-only controls make no sense on a phone's touch screen. */}
          <span className={styles.keyboardOnly}>
            <PlayerMenu
              label="Keyboard shortcuts"
              icon={<KeyboardIcon />}
              value={prefs.shortcuts ? 'On' : 'Off'}
              onOpenChange={props.onMenuOpenChange}
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
            <ControlButton
              className={styles.control}
              onClick={props.onShowHelp}
              label="Keyboard shortcuts help"
            >
              <span aria-hidden="true">?</span>
            </ControlButton>
          </span>
          {pipSupported ? (
            <ControlButton
              className={styles.control}
              onClick={commands.togglePip}
              label={pip ? 'Exit picture-in-picture' : 'Picture-in-picture'}
              pressed={pip}
            >
              <Icon d="M19 7h-8v6h8V7zm2-4H3a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h18a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2zm0 16H3V5h18v14z" />
            </ControlButton>
          ) : null}
          <ControlButton
            className={styles.control}
            onClick={commands.toggleFullscreen}
            label={commands.fullscreen ? 'Exit fullscreen' : 'Fullscreen'}
            pressed={commands.fullscreen}
          >
            {commands.fullscreen ? <ExitFullscreenIcon /> : <FullscreenIcon />}
          </ControlButton>
        </div>
      </div>
    </div>
  );
}
