import { atom, useAtomValue } from 'jotai';
import { queryClient } from '../query/query-client';
import { activeProfileAtom, getActiveProfile } from './active-profile';
import { sessionStore } from './session-atoms';
import { STORAGE_KEYS } from './storage-keys';
import { readJson, writeJson } from './storage';

/**
 * The device kids lock. When this device watches as a kids profile, the API gives it a signed lock (the
 * answer header `X-Kids-Lock`); the client keeps it here and sends it on every request. It outlives
 * the session: after a sign-out on every device, an expired session or a token deleted from storage,
 * the device is a guest still held to the kids profile's ceiling, until the account password releases
 * it (`releaseKidsLock`) or a grown-up of the account signs in (the API then answers
 * `X-Kids-Lock: released`). Clearing the site's data removes it: no client state outlives that.
 */
export interface DeviceKidsLock {
  /** The API's signed lock, sent back as `X-Kids-Lock`; opaque to the client. */
  token: string;
  /** The kids profile's name, for the notice ("locked to Sam's ratings"); empty when not known. */
  profileName: string;
}

export const KIDS_LOCK_HEADER = 'X-Kids-Lock';
const RELEASED = 'released';

const isLock = (v: unknown): v is DeviceKidsLock =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as DeviceKidsLock).token === 'string' &&
  typeof (v as DeviceKidsLock).profileName === 'string';

const read = () => readJson(STORAGE_KEYS.kidsLock, isLock);
const base = atom<DeviceKidsLock | null>(read());
base.debugLabel = STORAGE_KEYS.kidsLock;

/** The device's kids lock; null when it has none. */
export const kidsLockAtom = atom((get) => get(base));

function store(lock: DeviceKidsLock | null): void {
  writeJson(STORAGE_KEYS.kidsLock, lock);
  sessionStore.set(base, lock);
}

export const getKidsLockToken = (): string | null => sessionStore.get(base)?.token ?? null;

export const useKidsLock = (): DeviceKidsLock | null => useAtomValue(kidsLockAtom);

/**
 * What an API answer says about the lock (its `X-Kids-Lock` header): a new lock is kept, "released"
 * forgets it and reloads every query (the ceiling rose), no header changes nothing.
 */
export function applyKidsLockAnswer(header: unknown): void {
  if (typeof header !== 'string' || !header) return;
  const current = sessionStore.get(base);
  if (header === RELEASED) {
    if (!current) return;
    store(null);
    void queryClient.resetQueries();
    return;
  }
  if (current?.token === header) return;
  const profile = getActiveProfile();
  store({
    token: header,
    profileName: profile?.kids ? profile.name : (current?.profileName ?? ''),
  });
}

// The lock arrives with the answer that chose the kids profile, before the device names it as active.
sessionStore.sub(activeProfileAtom, () => {
  const profile = getActiveProfile();
  const lock = sessionStore.get(base);
  if (profile?.kids && lock && lock.profileName !== profile.name)
    store({ ...lock, profileName: profile.name });
});

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEYS.kidsLock || event.key === null) sessionStore.set(base, read());
  });
}
