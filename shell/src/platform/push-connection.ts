import type { PushConnection } from './local-push-channel';

type Listener = () => void;
let current: PushConnection = 'live';
const listeners = new Set<Listener>();

/**
 * Whether this tab's notification stream is up, for the reconnecting notice. A tiny store of its
 * own: push is loaded after the first screen, the notice is in the page from the start.
 */
export const pushConnection = {
  get: (): PushConnection => current,
  set(next: PushConnection) {
    if (next === current) return;
    current = next;
    for (const listener of [...listeners]) listener();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
