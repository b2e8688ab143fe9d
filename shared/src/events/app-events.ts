/**
 * Typed, namespaced DOM events: how remotes built by different teams tell each
 * other things without importing each other's code.
 */
export interface AppEvents {
  'session:changed': { loggedIn: boolean; reason?: 'logout' | 'expired' };
  'player:playback-ended': { titleId: string; episodeId?: string };
  'catalog:my-list-changed': { titleId: string; inList: boolean };
  'account:genres-changed': { genreIds: string[] };
  /** Households: the device now watches as another profile (null: none chosen, e.g. signed out). */
  'profile:changed': { profileId: string | null; kids: boolean };
  /**
   * A sign-out was refused because the device watches as a kids profile: the shell asks for the
   * account password (its kids sign-out dialog). Raised by screens that have a sign-out button.
   */
  'session:kids-password-needed': { scope: 'this-device' | 'all-devices' };
}

export type AppEventName = keyof AppEvents;

export function emit<K extends AppEventName>(name: K, detail: AppEvents[K]): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent(name, { detail }));
}

export function on<K extends AppEventName>(
  name: K,
  handler: (detail: AppEvents[K]) => void,
): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const listener = (e: Event) => handler((e as CustomEvent<AppEvents[K]>).detail);
  window.addEventListener(name, listener);
  return () => window.removeEventListener(name, listener);
}
