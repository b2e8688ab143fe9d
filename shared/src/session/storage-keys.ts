/** Browser storage keys of spec §3. Their names are part of the contract with older builds. */
export const STORAGE_KEYS = {
  token: 'token',
  refreshToken: 'refreshToken',
  user: 'user',
  country: 'country',
  bannerShow: 'bannerShow',
  skipped: 'skipped',
  fcmToken: 'fcmToken',
  isSkiped: 'isSkiped',
  /** The device kids lock: { token, profileName } (session/kids-lock.ts). Outlives the session. */
  kidsLock: 'kidsLock',
} as const;

/** The stored token is an object with a token field, kept as JSON (spec §3). */
export interface StoredToken {
  token: string;
}

/** The stored user holds at least its id (spec §3). */
export interface StoredUser {
  id: string;
  email?: string;
  name?: string;
  [key: string]: unknown;
}
