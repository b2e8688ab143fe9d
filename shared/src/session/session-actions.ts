import { emit } from '../events/app-events';
import { setActiveProfile } from './active-profile';
import {
  effectiveCountryAtom,
  isSkipedAtom,
  refreshTokenAtom,
  sessionStore,
  tokenAtom,
  userAtom,
  userIdAtom,
} from './session-atoms';
import type { StoredUser } from './storage-keys';

export interface LoginTokens {
  access: string;
  refresh: string;
}

/**
 * Store a fresh session. Everything subscribed to the session store (the
 * shell's route tables first) switches at once, without a reload.
 */
export function startSession(tokens: LoginTokens, user: StoredUser): void {
  sessionStore.set(tokenAtom, { token: tokens.access });
  sessionStore.set(refreshTokenAtom, tokens.refresh);
  sessionStore.set(userAtom, user);
  sessionStore.set(isSkipedAtom, false);
  emit('session:changed', { loggedIn: true });
}

/** Rotate tokens after a refresh, keeping the user. */
export function updateTokens(tokens: LoginTokens): void {
  sessionStore.set(tokenAtom, { token: tokens.access });
  sessionStore.set(refreshTokenAtom, tokens.refresh);
}

export function updateStoredUser(patch: Partial<StoredUser>): void {
  const current = sessionStore.get(userAtom);
  if (current) sessionStore.set(userAtom, { ...current, ...patch });
}

/** Forget the session locally (the server-side revoke is the caller's call). */
export function endSession(reason: 'logout' | 'expired' = 'logout'): void {
  const wasLoggedIn = sessionStore.get(tokenAtom) !== null;
  sessionStore.set(tokenAtom, null);
  sessionStore.set(refreshTokenAtom, null);
  sessionStore.set(userAtom, null);
  setActiveProfile(null);
  if (wasLoggedIn) emit('session:changed', { loggedIn: false, reason });
}

export const getAccessToken = (): string | null => sessionStore.get(tokenAtom)?.token ?? null;
export const getRefreshToken = (): string | null => sessionStore.get(refreshTokenAtom);
export const getUserId = (): string => sessionStore.get(userIdAtom);
export const getCountry = (): string => sessionStore.get(effectiveCountryAtom);
