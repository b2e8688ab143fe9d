import { readPlayerPreferences, writePlayerPreferences } from '@streamflix/shared';
import { keyMapFrom, type KeyMap } from './keyboard-shortcuts';

/**
 * What the viewer set on the player, remembered on this device in the shared
 * `sf-player:preferences` record (the account area's settings write two of its fields).
 */

export interface PlayerPreferences {
  volume: number;
  muted: boolean;
  /** Keyboard shortcuts can be turned off (they may clash with assistive technology). */
  shortcuts: boolean;
  /** Subtitle language the viewer picked, 'off', or null when they never chose. */
  subtitleLanguage: string | null;
  playbackRate: number;
  /** Set in the account area's settings (per device); null when never chosen. */
  autoplayNext: boolean | null;
  /** The viewer's shortcut keys (defaults where not remapped). */
  keyMap: KeyMap;
  /** Subtitles are also put in a live region, so a screen reader reads them out. */
  announceCaptions: boolean;
}

export const DEFAULT_PREFERENCES: PlayerPreferences = {
  volume: 1,
  muted: false,
  shortcuts: true,
  subtitleLanguage: null,
  playbackRate: 1,
  autoplayNext: null,
  keyMap: keyMapFrom(null),
  announceCaptions: false,
};

export function readPreferences(): PlayerPreferences {
  const p = readPlayerPreferences();
  return {
    volume: p.volume ?? 1,
    muted: p.muted === true,
    shortcuts: p.shortcuts !== false,
    subtitleLanguage: p.subtitleLanguage ?? null,
    // Speed is per session on purpose: starting the next title at 2x surprises people.
    playbackRate: 1,
    autoplayNext: p.autoplayNext ?? null,
    keyMap: keyMapFrom(p.keyMap),
    announceCaptions: p.announceCaptions === true,
  };
}

export function savePreferences(patch: Partial<PlayerPreferences>): PlayerPreferences {
  const next = { ...readPreferences(), ...patch };
  // Storage that refuses the write leaves the preference for this page only.
  const { playbackRate: _sessionOnly, ...stored } = next;
  writePlayerPreferences({
    ...stored,
    subtitleLanguage: stored.subtitleLanguage ?? undefined,
    autoplayNext: stored.autoplayNext ?? undefined,
  });
  return next;
}
