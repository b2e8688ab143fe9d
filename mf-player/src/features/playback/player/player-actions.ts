import { i18n } from '@streamflix/shared';
import { chapterJump, chapterLabel, type Chapter } from '../chapters/chapters';
import type { PlayerAction } from '../keyboard-shortcuts';
import { SEEK_STEP, type PlayerCommands } from './use-player-commands';

export interface PlayerActionsInput {
  video: HTMLVideoElement | null;
  commands: Pick<
    PlayerCommands,
    | 'togglePlay'
    | 'seekTo'
    | 'seekBy'
    | 'setVolume'
    | 'toggleFullscreen'
    | 'toggleMute'
    | 'toggleCaptions'
    | 'announce'
  >;
  /** The remembered volume: the volume keys step from it (from 0 while muted). */
  sound: { volume: number; muted: boolean };
  chapters: readonly Chapter[];
  /** Present while the intro plays: "skip intro" does nothing elsewhere. */
  skipIntro: (() => void) | undefined;
  stepCaptions: (direction: 1 | -1) => void;
  toggleStats: () => void;
  showHelp: () => void;
  /** A key moved the playhead: the seek bar shows where it landed. */
  onKeyboardSeek: (time: number) => void;
}

/**
 * What each shortcut does, as a table: an action without a handler is a type error. Pure over
 * its input, so the keys' effects are tested without a browser.
 */
export function playerActions(input: PlayerActionsInput): Record<PlayerAction, () => void> {
  const { video, commands, sound, chapters, skipIntro, onKeyboardSeek } = input;
  const seekBy = (delta: number) => {
    commands.seekBy(delta);
    if (video) onKeyboardSeek(video.currentTime);
    // Said by meaning, not by key: in right to left ArrowLeft goes forward and says so.
    commands.announce(
      delta > 0
        ? i18n._({
            id: 'mf-player.announce.forward',
            message: '{seconds, plural, one {Forward # second} other {Forward # seconds}}',
            values: { seconds: delta },
          })
        : i18n._({
            id: 'mf-player.announce.back',
            message: '{seconds, plural, one {Back # second} other {Back # seconds}}',
            values: { seconds: -delta },
          }),
    );
  };
  const jumpChapter = (direction: 1 | -1) => {
    if (!video) return;
    const target = chapterJump(chapters, video.currentTime, direction);
    if (!target)
      return commands.announce(
        direction === 1
          ? i18n._({ id: 'mf-player.chapters.noNext', message: 'No next chapter' })
          : i18n._({ id: 'mf-player.chapters.none', message: 'No chapters' }),
      );
    commands.seekTo(target.start);
    onKeyboardSeek(target.start);
    commands.announce(chapterLabel(chapters, target));
  };
  const volume = sound.muted ? 0 : sound.volume;
  return {
    'toggle-play': commands.togglePlay,
    'seek-back': () => seekBy(-SEEK_STEP),
    'seek-forward': () => seekBy(SEEK_STEP),
    'volume-up': () => commands.setVolume(volume + 0.1),
    'volume-down': () => commands.setVolume(volume - 0.1),
    'toggle-fullscreen': commands.toggleFullscreen,
    'toggle-mute': commands.toggleMute,
    'toggle-captions': commands.toggleCaptions,
    'skip-intro': () => skipIntro?.(),
    'previous-chapter': () => jumpChapter(-1),
    'next-chapter': () => jumpChapter(1),
    'captions-earlier': () => input.stepCaptions(-1),
    'captions-later': () => input.stepCaptions(1),
    'toggle-stats': input.toggleStats,
    'show-help': input.showHelp,
  };
}
