/**
 * Answers to first-screen calls that the page's HTML requested before any app code ran
 * (`self.__sfEarlyData`, written by shell/scripts/early-hints.cjs): a guest's title page title and
 * explore list, and a watch link's playback session for any viewer (shell/scripts/watch-hints.cjs).
 * The call then waits for an answer already on its way instead of starting after the shell, the
 * remote and the HTTP client have loaded (the last link of the chain to the largest paint on a
 * phone; the first link of a watch link's chain to its first frame).
 */
export interface EarlyAnswer {
  status: number;
  body: unknown;
}

interface EarlyEntry {
  at: number;
  /** The bearer token the request carried; absent or null for a tokenless one. */
  token?: string | null;
  answer: Promise<EarlyAnswer | null>;
}

/** An early answer older than this is not used: the call is made again. */
export const EARLY_MAX_AGE_MS = 30_000;

/**
 * The early answer for this exact URL made with this token (null: tokenless), at most once;
 * undefined when there is none, it is stale or it was made for another session (left alone).
 */
export function takeEarlyResponse(
  url: string,
  token: string | null = null,
): Promise<EarlyAnswer | null> | undefined {
  const store = (globalThis as { __sfEarlyData?: Record<string, EarlyEntry | undefined> })
    .__sfEarlyData;
  if (!store || typeof store !== 'object') return undefined;
  const entry = store[url];
  if (!entry) return undefined;
  // An answer made with another session's token (or none) is never this call's answer.
  if ((entry.token ?? null) !== token) return undefined;
  delete store[url];
  if (typeof entry.at !== 'number' || !(entry.answer instanceof Promise)) return undefined;
  if (Date.now() - entry.at > EARLY_MAX_AGE_MS) return undefined;
  return entry.answer.catch(() => null);
}
