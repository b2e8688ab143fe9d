import { atom, createStore } from 'jotai';
import { STORAGE_KEYS, type StoredToken, type StoredUser } from './storage-keys';
import { readJson, readRaw, writeJson, writeRaw } from './storage';
import { isStoredToken } from './stored-token';
const isStoredUser = (v: unknown): v is StoredUser =>
  typeof v === 'object' && v !== null && ['string', 'number'].includes(typeof (v as StoredUser).id);
const isString = (v: unknown): v is string => typeof v === 'string';

/**
 * An atom mirrored to one localStorage key. Reads happen at module load and on
 * `storage` events (another tab logged in or out), writes go straight through.
 */
function storageAtom<T>(key: string, read: () => T, write: (value: T) => void) {
  const base = atom<T>(read());
  base.debugLabel = key;
  const mirrored = atom(
    (get) => get(base),
    (_get, set, value: T) => {
      write(value);
      set(base, value);
    },
  );
  return { atom: mirrored, base, reload: () => sessionStore.set(base, read()) };
}

const flag = (key: string) =>
  storageAtom<boolean>(
    key,
    () => {
      const raw = readRaw(key);
      return raw !== null && raw !== 'false' && raw !== '0';
    },
    (v) => writeRaw(key, v ? 'true' : null),
  );

const text = (key: string) =>
  storageAtom<string | null>(
    key,
    // Older builds stored JSON-encoded strings; accept both.
    () => readJson(key, isString) ?? readRaw(key),
    (v) => writeRaw(key, v),
  );

/** The one store that React and non-React code (the API client, push) share. */
export const sessionStore = createStore();

const token = storageAtom<StoredToken | null>(
  STORAGE_KEYS.token,
  () => readJson(STORAGE_KEYS.token, isStoredToken),
  (v) => writeJson(STORAGE_KEYS.token, v),
);
const refreshToken = text(STORAGE_KEYS.refreshToken);
const user = storageAtom<StoredUser | null>(
  STORAGE_KEYS.user,
  () => readJson(STORAGE_KEYS.user, isStoredUser),
  (v) => writeJson(STORAGE_KEYS.user, v),
);
const country = text(STORAGE_KEYS.country);
const bannerShow = text(STORAGE_KEYS.bannerShow);
const skipped = flag(STORAGE_KEYS.skipped);
const isSkiped = flag(STORAGE_KEYS.isSkiped);
const fcmToken = text(STORAGE_KEYS.fcmToken);

export const tokenAtom = token.atom;
export const refreshTokenAtom = refreshToken.atom;
export const userAtom = user.atom;
export const countryAtom = country.atom;
/** When the install banner was closed (ISO time); null while never closed. */
export const bannerShowAtom = bannerShow.atom;
export const skippedAtom = skipped.atom;
/** The guest chose "skip login" (spec: isSkiped). */
export const isSkipedAtom = isSkiped.atom;
export const fcmTokenAtom = fcmToken.atom;

/** Logged in means a login token exists in storage (spec §2, §4). */
export const isLoggedInAtom = atom((get) => get(tokenAtom) !== null);
/** Spec client state: userId from the stored user id, otherwise empty. */
export const userIdAtom = atom((get) => {
  const u = get(userAtom);
  return u ? String(u.id) : '';
});
/** Default country for calls comes from the stored country (spec §9). */
export const DEFAULT_COUNTRY = 'US';
export const effectiveCountryAtom = atom((get) => get(countryAtom) || DEFAULT_COUNTRY);

const all = [token, refreshToken, user, country, bannerShow, skipped, isSkiped, fcmToken];

/** Re-read every key from storage (another tab changed it, or a test reset it). */
export function reloadSessionFromStorage(): void {
  all.forEach((a) => a.reload());
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || Object.values(STORAGE_KEYS).includes(event.key as never)) {
      reloadSessionFromStorage();
    }
  });
}
