import { keyMapFrom, type KeyMap } from './keyboard-shortcuts';

/** What the viewer set on the player, remembered on this device. */
const KEY = 'sf-player:preferences';

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
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return { ...DEFAULT_PREFERENCES };
    const p = JSON.parse(raw) as Partial<PlayerPreferences>;
    return {
      volume: typeof p.volume === 'number' && p.volume >= 0 && p.volume <= 1 ? p.volume : 1,
      muted: p.muted === true,
      shortcuts: p.shortcuts !== false,
      subtitleLanguage: typeof p.subtitleLanguage === 'string' ? p.subtitleLanguage : null,
      // Speed is per session on purpose: starting the next title at 2x surprises people.
      playbackRate: 1,
      autoplayNext: typeof p.autoplayNext === 'boolean' ? p.autoplayNext : null,
      keyMap: keyMapFrom(p.keyMap),
      announceCaptions: p.announceCaptions === true,
    };
  } catch {
    return { ...DEFAULT_PREFERENCES };
  }
}

export function savePreferences(patch: Partial<PlayerPreferences>): PlayerPreferences {
  const next = { ...readPreferences(), ...patch };
  try {
    localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Private mode or a full quota: the preference lasts for this page only.
  }
  return next;
}
