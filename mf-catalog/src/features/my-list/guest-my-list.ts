import { useCallback, useSyncExternalStore } from 'react';

/**
 * A guest's My List lives on the device under `guestMyList` (a JSON array of
 * title ids); mf-account uploads it to the new account after sign-up.
 */
export const GUEST_MY_LIST_KEY = 'guestMyList';
const CHANGE_EVENT = 'catalog:guest-my-list';

export function readGuestMyList(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(GUEST_MY_LIST_KEY) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter((v): v is string => typeof v === 'string' && v.length > 0)
      : [];
  } catch {
    return [];
  }
}

export function writeGuestMyList(ids: string[]): void {
  try {
    localStorage.setItem(GUEST_MY_LIST_KEY, JSON.stringify([...new Set(ids)]));
  } catch {
    /* storage disabled: the list cannot be kept */
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function toggleGuestMyList(titleId: string): boolean {
  const ids = readGuestMyList();
  const inList = ids.includes(titleId);
  writeGuestMyList(inList ? ids.filter((id) => id !== titleId) : [titleId, ...ids]);
  return !inList;
}

const subscribe = (onChange: () => void) => {
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
};

export function useGuestMyListHas(titleId: string): [boolean, () => void] {
  const has = useSyncExternalStore(
    subscribe,
    () => readGuestMyList().includes(titleId),
    () => false,
  );
  const toggle = useCallback(() => void toggleGuestMyList(titleId), [titleId]);
  return [has, toggle];
}
