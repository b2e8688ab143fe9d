import { atom, useAtomValue } from 'jotai';
import { emit } from '../events/app-events';
import { queryClient } from '../query/query-client';
import { readJson, writeJson } from './storage';
import { sessionStore } from './session-atoms';

/**
 * Households: the profile this device watches as ("Who's watching?"), remembered per device. The API
 * knows it too (the session's profile): this copy lets every remote name it and the shell decide when to
 * ask. Switching resets every query, so each screen refetches as the new profile without a reload.
 */
export interface ActiveProfile {
  id: string;
  name: string;
  avatar: string;
  avatarUrl?: string | null;
  kids: boolean;
  /** The maturity ceiling's id: little-kids, older-kids, teens or all. */
  maturity: string;
  /** The profile's language (ISO 639-1): the audio the player picks when a title has it and no choice was made. */
  language?: string;
}

export const PROFILE_KEY = 'profile';

const isActiveProfile = (v: unknown): v is ActiveProfile =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as ActiveProfile).id === 'string' &&
  typeof (v as ActiveProfile).name === 'string' &&
  typeof (v as ActiveProfile).kids === 'boolean';

const base = atom<ActiveProfile | null>(readJson(PROFILE_KEY, isActiveProfile));
base.debugLabel = PROFILE_KEY;

/** The device's chosen profile; null until one is chosen (and while signed out). */
export const activeProfileAtom = atom((get) => get(base));

export interface SetActiveProfileOptions {
  /**
   * False when the API's session already watches as this profile (the device takes the session's
   * profile after sign-in): everything loaded so far is already that profile's, and a reset would only
   * throw away what the screens show, and what the viewer was typing into them. Default true.
   */
  reset?: boolean;
}

/** What the device keeps of a profile: callers may pass the API's whole household profile. */
const keptOf = ({ id, name, avatar, avatarUrl, kids, maturity, language }: ActiveProfile) => ({
  id,
  name,
  avatar,
  avatarUrl,
  kids,
  maturity,
  language,
});

/** The profile now watching; every query is reset so each screen reloads as it. */
export function setActiveProfile(
  profile: ActiveProfile | null,
  { reset = true }: SetActiveProfileOptions = {},
): void {
  const kept = profile && keptOf(profile);
  const previous = sessionStore.get(base);
  writeJson(PROFILE_KEY, kept);
  sessionStore.set(base, kept);
  if (previous?.id === profile?.id) return;
  emit('profile:changed', { profileId: profile?.id ?? null, kids: profile?.kids ?? false });
  if (profile && reset) void queryClient.resetQueries();
}

export const getActiveProfile = (): ActiveProfile | null => sessionStore.get(base);

export const useActiveProfile = (): ActiveProfile | null => useAtomValue(activeProfileAtom);

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === PROFILE_KEY || event.key === null)
      sessionStore.set(base, readJson(PROFILE_KEY, isActiveProfile));
  });
}
