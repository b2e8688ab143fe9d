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
  return out;
}

/** Merge a patch into the stored record; fields the writer does not know are kept. */
export function writePlayerPreferences(patch: StoredPlayerPreferences): void {
  const current = readJson(DEVICE_KEYS.playerPreferences, isRecord) ?? {};
  writeJson(DEVICE_KEYS.playerPreferences, { ...current, ...patch });
}
