import { atom } from 'jotai';
import { readPlayerPreferences, writePlayerPreferences } from '@streamflix/shared';

/**
 * Playback preferences of this browser (per device, like a TV's own settings),
 * set on the settings screen. They are written into the player's own
 * preferences record (the shared `sf-player:preferences` contract, owned by
 * mf-player) so the player honours them without importing this remote:
 * `subtitleLanguage` is a language code or 'off'; `autoplayNext` is false to
 * stop the next episode starting on its own (on by default). Other fields of
 * the record are kept.
 */
const initial = readPlayerPreferences();
const autoplayBase = atom(initial.autoplayNext !== false);
export const autoplayNextAtom = atom(
  (get) => get(autoplayBase),
  (_get, set, value: boolean) => {
    writePlayerPreferences({ autoplayNext: value });
    set(autoplayBase, value);
  },
);

const subtitleBase = atom<string | null>(
  initial.subtitleLanguage && initial.subtitleLanguage !== 'off' ? initial.subtitleLanguage : null,
);
/** null: subtitles off. */
export const subtitleLanguageAtom = atom(
  (get) => get(subtitleBase),
  (_get, set, value: string | null) => {
    writePlayerPreferences({ subtitleLanguage: value || 'off' });
    set(subtitleBase, value || null);
  },
);
