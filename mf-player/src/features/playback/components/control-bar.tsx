import { useMemo, useRef } from 'react';
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
  useFormat,
  useI18n,
} from '@streamflix/shared';
import { ControlButton } from '../../../lib/control-button';
import { formatTime, spokenTime, trackLabel } from '../format-time';
import { SEEK_STEP } from '../player/use-player-commands';
import { SeekPreview } from '../trickplay/seek-preview';
import { PlayerMenu } from './player-menu';
import styles from './control-bar.module.css';
import { SPEEDS, type ControlBarProps } from './control-bar-props';

export type { ControlBarProps } from './control-bar-props';

/** The seek bar and the row of buttons and menus under it. */
export function ControlBar(props: ControlBarProps) {
  const { media, commands, stream: state, setLevel, prefs, updatePrefs } = props;
  const { time, duration, buffered, paused, speed, pip } = media;
  const seekTrackRef = useRef<HTMLDivElement>(null);
  const i18n = useI18n();
  const f = useFormat();
  const auto = (height: number | undefined) =>
    height
      ? i18n._({
          id: 'mf-player.quality.autoHeight',
          message: 'Auto ({height}p)',
          values: { height },
        })
      : i18n._({ id: 'mf-player.quality.auto', message: 'Auto' });
  const off = i18n._({ id: 'mf-player.menu.off', message: 'Off' });
  const on = i18n._({ id: 'mf-player.menu.on', message: 'On' });
  const speedName = (s: number) =>
    s === 1
      ? i18n._({ id: 'mf-player.speed.normal', message: 'Normal' })
      : i18n._({
          id: 'mf-player.speed.rate',
          message: '{rate}×',
          values: { rate: f.formatNumber(s) },
        });

  const currentLevel = state.levels.find((l) => l.index === state.currentLevel);
  const qualityValue = state.autoLevel
    ? auto(currentLevel?.height)
    : (currentLevel?.name ?? auto(undefined));
  const qualityItems = useMemo(
    () => [
      {
        key: 'auto',
        label: auto(state.autoLevel ? currentLevel?.height : undefined),
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
    [state.levels, state.autoLevel, state.currentLevel, currentLevel, setLevel, i18n.locale],
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
        <div className={styles.seekTrack} ref={seekTrackRef} data-testid="seek-track">
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
            data-testid="seek-buffered"
            style={{ width: duration ? `${(buffered / duration) * 100}%` : 0 }}
          />
          <input
            type="range"
            className={styles.seek}
            min={0}
            max={duration || 0}
            step={1}
            value={Math.min(time, duration || 0)}
            aria-label={i18n._({ id: 'mf-player.seek.label', message: 'Seek' })}
            aria-valuetext={
              chapter
                ? i18n._({
                    id: 'mf-player.seek.valueChapter',
                    message: '{time} of {duration}, chapter: {chapter}',
                    values: {
                      time: spokenTime(time),
                      duration: spokenTime(duration),
                      chapter: chapter.title,
                    },
                  })
                : i18n._({
                    id: 'mf-player.seek.value',
                    message: '{time} of {duration}',
                    values: { time: spokenTime(time), duration: spokenTime(duration) },
                  })
            }
            onChange={(e) => commands.seekTo(Number(e.target.value))}
            style={{
              ['--sf-progress' as string]: duration ? `${(time / duration) * 100}%` : '0%',
            }}
          />
        </div>
        <span className={styles.time} aria-hidden="true">
          {i18n._({
            id: 'mf-player.time.remaining',
            message: '-{time}',
            values: { time: formatTime(remaining) },
          })}
        </span>
      </div>
      <div className={styles.bar}>
        <div className={styles.group}>
          <ControlButton
            className={styles.control}
            onClick={commands.togglePlay}
            label={
              paused
                ? i18n._({ id: 'mf-player.control.play', message: 'Play' })
                : i18n._({ id: 'mf-player.control.pause', message: 'Pause' })
            }
          >
            {paused ? <PlayIcon /> : <PauseIcon />}
          </ControlButton>
          <ControlButton
            className={styles.control}
            onClick={() => commands.seekBy(-SEEK_STEP)}
            label={i18n._({ id: 'mf-player.shortcuts.seekBack', message: 'Back 10 seconds' })}
          >
            <ReplayIcon />
            <span aria-hidden="true">{f.formatNumber(SEEK_STEP)}</span>
          </ControlButton>
          <ControlButton
            className={styles.control}
            onClick={() => commands.seekBy(SEEK_STEP)}
            label={i18n._({ id: 'mf-player.shortcuts.seekForward', message: 'Forward 10 seconds' })}
          >
            <span aria-hidden="true">{f.formatNumber(SEEK_STEP)}</span>
            <ForwardIcon />
          </ControlButton>
          <ControlButton
            className={styles.control}
            onClick={commands.toggleMute}
            label={
              prefs.muted
                ? i18n._({ id: 'mf-player.control.unmute', message: 'Unmute' })
                : i18n._({ id: 'mf-player.control.mute', message: 'Mute' })
            }
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
            aria-label={i18n._({ id: 'mf-player.control.volume', message: 'Volume' })}
            aria-valuetext={f.formatNumber(prefs.muted ? 0 : prefs.volume, {
              style: 'percent',
              maximumFractionDigits: 0,
            })}
            onChange={(e) => commands.setVolume(Number(e.target.value))}
          />
          <span className={styles.clock}>
            <span className="sf-visually-hidden">
              {i18n._({ id: 'mf-player.time.position', message: 'Position' })}{' '}
            </span>
            {i18n._({
              id: 'mf-player.time.clock',
              message: '{time} / {duration}',
              values: { time: formatTime(time), duration: formatTime(duration) },
            })}
          </span>
        </div>
        <div className={styles.group}>
          {props.extraControls}
          {state.subtitleTracks.length > 0 ? (
            <PlayerMenu
              label={i18n._({ id: 'mf-player.menu.subtitles', message: 'Subtitles' })}
              icon={i18n._({ id: 'mf-player.menu.subtitlesIcon', message: 'CC' })}
              value={subtitleTrack ? trackLabel(subtitleTrack) : off}
              onOpenChange={props.onMenuOpenChange}
              items={[
                {
                  key: 'off',
                  label: off,
                  checked: state.subtitleTrack < 0,
                  onSelect: () => commands.chooseSubtitle(-1),
                },
                ...state.subtitleTracks.map((t) => ({
                  key: String(t.id),
                  label: trackLabel(t),
                  checked: state.subtitleTrack === t.id,
                  onSelect: () => commands.chooseSubtitle(t.id),
                })),
              ]}
            />
          ) : null}
          {state.audioTracks.length > 1 ? (
            <PlayerMenu
              label={i18n._({ id: 'mf-player.menu.audio', message: 'Audio' })}
              icon={<AudioIcon />}
              value={
                (audioTrack && trackLabel(audioTrack)) ??
                i18n._({ id: 'mf-player.menu.audioDefault', message: 'Default' })
              }
              onOpenChange={props.onMenuOpenChange}
              items={state.audioTracks.map((t) => ({
                key: String(t.id),
                label: trackLabel(t),
                checked: state.audioTrack === t.id,
                onSelect: () => commands.chooseAudio(t.id),
              }))}
            />
          ) : null}
          {chapters.length > 1 ? (
            <PlayerMenu
              label={i18n._({ id: 'mf-player.menu.chapters', message: 'Chapters' })}
              value={
                chapter
                  ? chapter.title
                  : i18n._({ id: 'mf-player.menu.chapters', message: 'Chapters' })
              }
              onOpenChange={props.onMenuOpenChange}
              items={chapters.map((c, i) => ({
                key: String(c.start),
                label: i18n._({
                  id: 'mf-player.menu.chapterItem',
                  message: '{number}. {title} · {time}',
                  values: {
                    number: f.formatNumber(i + 1),
                    title: c.title,
                    time: formatTime(c.start),
                  },
                }),
                checked: chapter === c,
                onSelect: () => commands.seekTo(c.start),
              }))}
            />
          ) : null}
          {state.engine === 'hls.js' && state.levels.length > 0 ? (
            <PlayerMenu
              label={i18n._({ id: 'mf-player.menu.quality', message: 'Quality' })}
              value={qualityValue}
              items={qualityItems}
              onOpenChange={props.onMenuOpenChange}
            />
          ) : null}
          <PlayerMenu
            label={i18n._({ id: 'mf-player.menu.speed', message: 'Speed' })}
            value={speedName(speed)}
            onOpenChange={props.onMenuOpenChange}
            items={SPEEDS.map((s) => ({
              key: String(s),
              label: speedName(s),
              checked: speed === s,
              onSelect: () => commands.setSpeed(s),
            }))}
          />
          <PlayerMenu
            label={i18n._({ id: 'mf-player.menu.settings', message: 'Settings' })}
            icon={<SettingsIcon />}
            value={i18n._({ id: 'mf-player.menu.more', message: 'More' })}
            onOpenChange={props.onMenuOpenChange}
            items={[
              {
                key: 'captions',
                label: i18n._({
                  id: 'mf-player.menu.captionSettings',
                  message: 'Subtitle appearance and timing…',
                }),
                kind: 'action',
                checked: false,
                onSelect: props.onOpenCaptionSettings,
              },
              {
                key: 'stats',
                label: i18n._({ id: 'mf-player.stats.title', message: 'Playback stats' }),
                kind: 'check',
                checked: props.statsOpen,
                onSelect: props.onToggleStats,
              },
            ]}
          />
          {/* Keyboard-only controls make no sense on a phone's touch screen. */}
          <span className={styles.keyboardOnly}>
            <PlayerMenu
              label={i18n._({ id: 'mf-player.shortcuts.title', message: 'Keyboard shortcuts' })}
              icon={<KeyboardIcon />}
              value={prefs.shortcuts ? on : off}
              onOpenChange={props.onMenuOpenChange}
              items={[
                {
                  key: 'on',
                  label: on,
                  checked: prefs.shortcuts,
                  onSelect: () => updatePrefs({ shortcuts: true }),
                },
                {
                  key: 'off',
                  label: off,
                  checked: !prefs.shortcuts,
                  onSelect: () => updatePrefs({ shortcuts: false }),
                },
              ]}
            />
            <ControlButton
              className={styles.control}
              onClick={props.onShowHelp}
              label={i18n._({
                id: 'mf-player.shortcuts.helpButton',
                message: 'Keyboard shortcuts help',
              })}
            >
              <span aria-hidden="true">?</span>
            </ControlButton>
          </span>
          {pipSupported ? (
            <ControlButton
              className={styles.control}
              onClick={commands.togglePip}
              label={
                pip
                  ? i18n._({ id: 'mf-player.control.exitPip', message: 'Exit picture-in-picture' })
                  : i18n._({ id: 'mf-player.control.pip', message: 'Picture-in-picture' })
              }
              pressed={pip}
            >
              <Icon d="M19 7h-8v6h8V7zm2-4H3a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h18a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2zm0 16H3V5h18v14z" />
            </ControlButton>
          ) : null}
          <ControlButton
            className={styles.control}
            onClick={commands.toggleFullscreen}
            label={
              commands.fullscreen
                ? i18n._({ id: 'mf-player.control.exitFullscreen', message: 'Exit fullscreen' })
                : i18n._({ id: 'mf-player.shortcuts.fullscreen', message: 'Fullscreen' })
            }
            pressed={commands.fullscreen}
          >
            {commands.fullscreen ? <ExitFullscreenIcon /> : <FullscreenIcon />}
          </ControlButton>
        </div>
      </div>
    </div>
  );
}
