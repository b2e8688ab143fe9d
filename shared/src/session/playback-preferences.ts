import { atom } from 'jotai';
import { readRaw, writeRaw } from './storage';

/**
 * Playback preferences of this browser, set on the account's settings screen
 * (mf-account) and read by the player (mf-player). They live in shared because
 * two remotes use them; they are per device, like a TV's own settings.
 * Storage keys: `autoplayNext` ("false" turns it off; on by default) and
 * `subtitleLanguage` (a language code, or absent for subtitles off).
 */
export const PLAYBACK_PREFERENCE_KEYS = { autoplayNext: 'autoplayNext', subtitleLanguage: 'subtitleLanguage' } as const;

const autoplayBase = atom(readRaw(PLAYBACK_PREFERENCE_KEYS.autoplayNext) !== 'false');
export const autoplayNextAtom = atom(
  (get) => get(autoplayBase),
  (_get, set, value: boolean) => {
    writeRaw(PLAYBACK_PREFERENCE_KEYS.autoplayNext, value ? null : 'false');
    set(autoplayBase, value);
  },
);

const subtitleBase = atom(readRaw(PLAYBACK_PREFERENCE_KEYS.subtitleLanguage));
/** null: subtitles off by default. */
export const subtitleLanguageAtom = atom(
  (get) => get(subtitleBase),
  (_get, set, value: string | null) => {
    writeRaw(PLAYBACK_PREFERENCE_KEYS.subtitleLanguage, value || null);
    set(subtitleBase, value || null);
  },
);
