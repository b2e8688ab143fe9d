import { i18n } from '@streamflix/shared';
import {
  ACTIONS,
  DEFAULT_KEY_MAP,
  keyLabel,
  type Direction,
  type KeyMap,
  type PlayerAction,
} from '../keyboard-shortcuts';

/**
 * Each action's name, in the active language when read. Only the `?` dialog and its remapping show
 * them, so they are in this part's catalog (docs/i18n.md, "Parts"), loaded with the dialog.
 */
export function labelOf(action: PlayerAction): string {
  switch (action) {
    case 'toggle-play':
      return i18n._({ id: 'mf-player.shortcuts.togglePlay', message: 'Play or pause' });
    case 'seek-back':
      return i18n._({ id: 'mf-player.shortcuts.seekBack', message: 'Back 10 seconds' });
    case 'seek-forward':
      return i18n._({ id: 'mf-player.shortcuts.seekForward', message: 'Forward 10 seconds' });
    case 'volume-up':
      return i18n._({ id: 'mf-player.shortcuts.volumeUp', message: 'Volume up' });
    case 'volume-down':
      return i18n._({ id: 'mf-player.shortcuts.volumeDown', message: 'Volume down' });
    case 'toggle-fullscreen':
      return i18n._({ id: 'mf-player.shortcuts.fullscreen', message: 'Fullscreen' });
    case 'toggle-mute':
      return i18n._({ id: 'mf-player.shortcuts.mute', message: 'Mute or unmute' });
    case 'toggle-captions':
      return i18n._({ id: 'mf-player.shortcuts.captions', message: 'Subtitles on or off' });
    case 'skip-intro':
      return i18n._({ id: 'mf-player.shortcuts.skipIntro', message: 'Skip intro' });
    case 'previous-chapter':
      return i18n._({ id: 'mf-player.shortcuts.previousChapter', message: 'Previous chapter' });
    case 'next-chapter':
      return i18n._({ id: 'mf-player.shortcuts.nextChapter', message: 'Next chapter' });
    case 'captions-earlier':
      return i18n._({
        id: 'mf-player.shortcuts.captionsEarlier',
        message: 'Subtitles 50 ms earlier',
      });
    case 'captions-later':
      return i18n._({ id: 'mf-player.shortcuts.captionsLater', message: 'Subtitles 50 ms later' });
    case 'toggle-stats':
      return i18n._({ id: 'mf-player.shortcuts.stats', message: 'Playback stats' });
    case 'show-help':
      return i18n._({ id: 'mf-player.shortcuts.help', message: 'Show these shortcuts' });
  }
}

/** The rows of the `?` dialog for a key map. */
export function shortcutsFor(map: KeyMap, dir?: Direction) {
  return ACTIONS.map(({ action }) => ({
    action,
    label: labelOf(action),
    keys: map[action].map((k) => keyLabel(k, dir)),
  }));
}

/** The default rows, for places that do not know the viewer's map. */
export const SHORTCUTS = shortcutsFor(DEFAULT_KEY_MAP);
