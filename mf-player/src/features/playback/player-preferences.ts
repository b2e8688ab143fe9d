import {
  DEVICE_PROFILE,
  getActiveProfile,
  readPlayerPreferences,
  writePlayerPreferences,
  writeProfilePlayerPreferences,
  type StoredAudioChoice,
} from '@streamflix/shared';
import {
  captionStyleFrom,
  DEFAULT_CAPTION_STYLE,
  type CaptionStyle,
} from './captions/caption-style';
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
  /** Per profile: the audio chosen, by the title's original language. */
  audio: Record<string, StoredAudioChoice>;
  /** Per profile: how captions look. */
  captionStyle: CaptionStyle;
}

/** The fields kept per profile: under the device's chosen profile, or DEVICE_PROFILE before one is chosen. */
const PROFILE_FIELDS = ['audio', 'captionStyle'] as const;

export const DEFAULT_PREFERENCES: PlayerPreferences = {
  volume: 1,
  muted: false,
  shortcuts: true,
  subtitleLanguage: null,
  playbackRate: 1,
  autoplayNext: null,
  keyMap: keyMapFrom(null),
  announceCaptions: false,
  audio: {},
  captionStyle: DEFAULT_CAPTION_STYLE,
};

const profileKey = (): string => getActiveProfile()?.id ?? DEVICE_PROFILE;

export function readPreferences(profileId: string = profileKey()): PlayerPreferences {
  const p = readPlayerPreferences();
  const mine = p.profiles?.[profileId] ?? {};
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
    audio: mine.audio ?? {},
    captionStyle: captionStyleFrom(mine.captionStyle),
  };
}

export function savePreferences(
  patch: Partial<PlayerPreferences>,
  profileId: string = profileKey(),
): PlayerPreferences {
  const next = { ...readPreferences(profileId), ...patch };
  // Storage that refuses the write leaves the preference for this page only.
  const { playbackRate: _sessionOnly, audio, captionStyle, ...stored } = next;
  if (PROFILE_FIELDS.some((f) => f in patch))
    writeProfilePlayerPreferences({ audio, captionStyle: { ...captionStyle } }, profileId);
  writePlayerPreferences({
    ...stored,
    subtitleLanguage: stored.subtitleLanguage ?? undefined,
    autoplayNext: stored.autoplayNext ?? undefined,
  });
  return next;
}

/**
 * The audio a title of this original language starts with: the profile's own choice for that
 * language, else the profile's language (the dub) when it is not the title's and the title has it.
 */
export function audioChoiceFor(
  prefs: PlayerPreferences,
  original: string,
): StoredAudioChoice | null {
  const chosen = prefs.audio[original];
  if (chosen) return chosen;
  const language = getActiveProfile()?.language;
  return language && language !== original ? { language, description: false } : null;
}
