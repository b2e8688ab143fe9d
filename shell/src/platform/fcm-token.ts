/**
 * The FCM registration token's life: asked for on every start (Firebase hands
 * back the current one, renewing it when it has to), registered with the API
 * for this session, the previous one removed when it changed, and dropped on
 * logout. Pure over its dependencies so the rules are tested without Firebase.
 */
export interface FcmTokenDeps {
  getToken: () => Promise<string | null>;
  stored: () => string | null;
  store: (token: string | null) => void;
  /** PUT /notifications/push-token; false when the API refused or could not be reached. */
  register: (token: string) => Promise<boolean>;
  unregister: (token: string) => Promise<void>;
  log?: (message: string, err?: unknown) => void;
}

export async function syncFcmToken(deps: FcmTokenDeps): Promise<string | null> {
  const log = deps.log ?? ((message, err) => console.warn(`[push] ${message}`, err));
  let token: string | null;
  try {
    token = await deps.getToken();
  } catch (err) {
    // Spec §8: a failed token request is only logged.
    log('the push token request failed', err);
    return null;
  }
  if (!token) return null;
  const previous = deps.stored();
  // Registering again is idempotent, and it ties the token to this session after a new login.
  if (!(await deps.register(token))) {
    log('the push token could not be registered with the API; it is retried on the next start');
    return null;
  }
  if (previous && previous !== token) await deps.unregister(previous).catch(() => undefined);
  deps.store(token);
  return token;
}

/** Logout: the API already forgot the token with the session; the browser unsubscribes too. */
export async function dropFcmToken(deps: {
  stored: () => string | null;
  store: (token: string | null) => void;
  deleteToken: () => Promise<unknown>;
}): Promise<void> {
  if (!deps.stored()) return;
  deps.store(null);
  await deps.deleteToken().catch(() => undefined);
}
