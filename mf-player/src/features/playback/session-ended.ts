import { useSyncExternalStore } from 'react';
import { on } from '@streamflix/shared';

/**
 * The viewer's session ended while they were here (signed out on another device, a password
 * change, a refresh token that expired): the shared client emits `session:changed` with reason
 * 'expired'. Kept outside React because the shell swaps its route set at that moment and the
 * watch screen mounts again; the notice must survive that.
 */
let endedAt: number | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

let watching = false;
export function watchSessionEnd(): void {
  if (watching) return;
  watching = true;
  on('session:changed', ({ loggedIn, reason }) => {
    if (!loggedIn && reason === 'expired') {
      endedAt = Date.now();
      notify();
    } else if (loggedIn && endedAt !== null) {
      endedAt = null;
      notify();
    }
  });
}

export function dismissSessionEnded(): void {
  endedAt = null;
  notify();
}

export function useSessionEnded(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => endedAt !== null,
    () => false,
  );
}
