import { useCallback, useSyncExternalStore } from 'react';
import { readGuestMyList, writeGuestMyList } from '@streamflix/shared';

/**
 * A guest's My List lives on the device (shared `guestMyList` contract);
 * mf-account uploads it to the new account after sign-up.
 */
const CHANGE_EVENT = 'catalog:guest-my-list';

function writeAndNotify(ids: string[]): void {
  writeGuestMyList(ids);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function toggleGuestMyList(titleId: string): boolean {
  const ids = readGuestMyList();
  const inList = ids.includes(titleId);
  writeAndNotify(inList ? ids.filter((id) => id !== titleId) : [titleId, ...ids]);
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
