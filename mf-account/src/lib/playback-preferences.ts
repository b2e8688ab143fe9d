import { atom } from 'jotai';

/**
 * Playback preferences of this browser (per device, like a TV's own settings),
 * set on the settings screen. They are written into the player's own
 * preferences record (`sf-player:preferences`, JSON, owned by mf-player) so the
 * player honours them without importing this remote: `subtitleLanguage` is a
 * language code or 'off'; `autoplayNext` is false to stop the next episode
 * starting on its own (on by default). Other fields of the record are kept.
 */
export const PLAYER_PREFERENCES_KEY = 'sf-player:preferences';

type Stored = { subtitleLanguage?: unknown; autoplayNext?: unknown; [key: string]: unknown };

function read(): Stored {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(PLAYER_PREFERENCES_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Stored) : {};
  } catch {
    return {};
  }
}

function write(patch: Stored): void {
  try {
    localStorage.setItem(PLAYER_PREFERENCES_KEY, JSON.stringify({ ...read(), ...patch }));
  } catch {
    // Storage disabled: the preference holds for this visit only.
  }
}

const initial = read();
const autoplayBase = atom(initial.autoplayNext !== false);
export const autoplayNextAtom = atom(
  (get) => get(autoplayBase),
  (_get, set, value: boolean) => {
    write({ autoplayNext: value });
    set(autoplayBase, value);
  },
);

const subtitleBase = atom<string | null>(
  typeof initial.subtitleLanguage === 'string' && initial.subtitleLanguage !== 'off'
    ? initial.subtitleLanguage
    : null,
);
/** null: subtitles off. */
export const subtitleLanguageAtom = atom(
  (get) => get(subtitleBase),
  (_get, set, value: string | null) => {
    write({ subtitleLanguage: value || 'off' });
    set(subtitleBase, value || null);
  },
);
