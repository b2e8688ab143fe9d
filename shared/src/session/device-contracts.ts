import { readJson, writeJson } from './storage';

/**
 * Values one remote writes on this device and another reads: their keys and
 * shapes are a contract between remotes (and with older builds, spec §3), so
 * they live here and nowhere else. Reads validate: a corrupt or foreign value
 * reads as empty instead of breaking the screen.
 */
export const DEVICE_KEYS = {
  /** A guest's My List: title ids. mf-catalog writes it, mf-account uploads and clears it on sign-up. */
  guestMyList: 'guestMyList',
  /** The genres a guest picked on /interest: genre ids. mf-account writes and clears it, mf-catalog reads it. */
  guestGenres: 'guestGenres',
  /** The player's preferences record. mf-player owns it; mf-account's settings write two of its fields. */
  playerPreferences: 'sf-player:preferences',
} as const;

const isArray = (value: unknown): value is unknown[] => Array.isArray(value);

function readIds(key: string): string[] {
  const parsed = readJson(key, isArray) ?? [];
  // Older builds stored numeric ids; they are the same ids as strings.
  return parsed
    .filter(
      (v): v is string | number => (typeof v === 'string' && v !== '') || typeof v === 'number',
    )
    .map(String);
}

export const readGuestMyList = (): string[] => readIds(DEVICE_KEYS.guestMyList);
export const writeGuestMyList = (ids: string[]): void =>
  writeJson(DEVICE_KEYS.guestMyList, [...new Set(ids)]);
export const clearGuestMyList = (): void => writeJson(DEVICE_KEYS.guestMyList, null);

export const readGuestGenres = (): string[] => readIds(DEVICE_KEYS.guestGenres);
export const writeGuestGenres = (ids: string[]): void => writeJson(DEVICE_KEYS.guestGenres, ids);
export const clearGuestGenres = (): void => writeJson(DEVICE_KEYS.guestGenres, null);

/**
 * The stored player preferences, each field present only when it holds a value
 * of the right type. The player fills the gaps with its defaults.
 */
export interface StoredPlayerPreferences {
  volume?: number;
  muted?: boolean;
  shortcuts?: boolean;
  /** A subtitle language code, or 'off'. */
  subtitleLanguage?: string;
  /** false: the next episode does not start on its own. */
  autoplayNext?: boolean;
  /** The player's remapped shortcut keys; the player validates its own shape. */
  keyMap?: unknown;
  announceCaptions?: boolean;
  /**
   * What each viewer chose, by profile id. Profiles do not exist yet: every choice is kept under
   * DEVICE_PROFILE until they do, then under the profile's id (one record per viewer of a device).
   */
  profiles?: Record<string, StoredProfilePlayerPreferences>;
}

/** The key of this device's choices while there are no profiles. */
export const DEVICE_PROFILE = 'device';

/** A viewer's choices on the player, kept per profile. */
export interface StoredProfilePlayerPreferences {
  /**
   * The audio a viewer chose, by the title's original language (`en` → the Spanish dub), so
   * a choice made on one English film carries to the next but not to a Japanese one.
   */
  audio?: Record<string, StoredAudioChoice>;
  /** The caption appearance (size, colour, background, font); the player validates its own values. */
  captionStyle?: Record<string, unknown>;
}

export interface StoredAudioChoice {
  language: string;
  /** The audio-description track of that language. */
  description: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function readPlayerPreferences(): StoredPlayerPreferences {
  const raw = readJson(DEVICE_KEYS.playerPreferences, isRecord) ?? {};
  const out: StoredPlayerPreferences = {};
  if (typeof raw.volume === 'number' && raw.volume >= 0 && raw.volume <= 1) out.volume = raw.volume;
  if (typeof raw.muted === 'boolean') out.muted = raw.muted;
  if (typeof raw.shortcuts === 'boolean') out.shortcuts = raw.shortcuts;
  if (typeof raw.subtitleLanguage === 'string') out.subtitleLanguage = raw.subtitleLanguage;
  if (typeof raw.autoplayNext === 'boolean') out.autoplayNext = raw.autoplayNext;
  if (raw.keyMap !== undefined) out.keyMap = raw.keyMap;
  if (typeof raw.announceCaptions === 'boolean') out.announceCaptions = raw.announceCaptions;
  if (isRecord(raw.profiles)) {
    const profiles: Record<string, StoredProfilePlayerPreferences> = {};
    for (const [id, value] of Object.entries(raw.profiles))
      if (isRecord(value)) profiles[id] = profilePreferencesFrom(value);
    out.profiles = profiles;
  }
  return out;
}

function profilePreferencesFrom(raw: Record<string, unknown>): StoredProfilePlayerPreferences {
  const out: StoredProfilePlayerPreferences = {};
  if (isRecord(raw.audio)) {
    const audio: Record<string, StoredAudioChoice> = {};
    for (const [original, choice] of Object.entries(raw.audio))
      if (
        isRecord(choice) &&
        typeof choice.language === 'string' &&
        typeof choice.description === 'boolean'
      )
        audio[original] = { language: choice.language, description: choice.description };
    out.audio = audio;
  }
  if (isRecord(raw.captionStyle)) out.captionStyle = raw.captionStyle;
  return out;
}

/** One profile's choices (empty when never set or corrupt). */
export function readProfilePlayerPreferences(
  profileId: string = DEVICE_PROFILE,
): StoredProfilePlayerPreferences {
  return readPlayerPreferences().profiles?.[profileId] ?? {};
}

/** Merge a patch into one profile's choices; other profiles and unknown fields are kept. */
export function writeProfilePlayerPreferences(
  patch: StoredProfilePlayerPreferences,
  profileId: string = DEVICE_PROFILE,
): void {
  const current = readJson(DEVICE_KEYS.playerPreferences, isRecord) ?? {};
  const profiles = isRecord(current.profiles) ? current.profiles : {};
  const mine = isRecord(profiles[profileId]) ? profiles[profileId] : {};
  writeJson(DEVICE_KEYS.playerPreferences, {
    ...current,
    profiles: { ...profiles, [profileId]: { ...mine, ...patch } },
  });
}

/** Merge a patch into the stored record; fields the writer does not know are kept. */
export function writePlayerPreferences(patch: StoredPlayerPreferences): void {
  const current = readJson(DEVICE_KEYS.playerPreferences, isRecord) ?? {};
  writeJson(DEVICE_KEYS.playerPreferences, { ...current, ...patch });
}
