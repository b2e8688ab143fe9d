/**
 * Answers to first-screen calls that the page's HTML requested before any app code ran
 * (`self.__sfEarlyData`, written by shell/scripts/early-hints.cjs): a guest's title page title and
 * explore list, a signed-in device's home and My List, and a watch link's playback session for any
 * viewer (shell/scripts/watch-hints.cjs).
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
  /** The method, when not GET (a signed-in home's POST /users/dashboard). */
  method?: string;
  /** The JSON body it sent, as a string; absent for none. */
  body?: string;
  /** The Accept-Language it sent, when the HTML chose one (a signed-in device's calls). */
  lang?: string;
  answer: Promise<EarlyAnswer | null>;
}

/** What else an early answer must have been asked with to be this call's answer. */
export interface EarlyRequest {
  method?: string;
  /** The call's JSON body, as a string. */
  body?: string;
  /** The Accept-Language the call would send. */
  lang?: string;
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
  request: EarlyRequest = {},
): Promise<EarlyAnswer | null> | undefined {
  const store = (globalThis as { __sfEarlyData?: Record<string, EarlyEntry | undefined> })
    .__sfEarlyData;
  if (!store || typeof store !== 'object') return undefined;
  const entry = store[url];
  if (!entry) return undefined;
  // An answer made with another session's token (or none) is never this call's answer.
  if ((entry.token ?? null) !== token) return undefined;
  // Nor one asked another question: another method or body, or in another language.
  if ((entry.method ?? 'GET').toUpperCase() !== (request.method ?? 'GET').toUpperCase())
    return undefined;
  if ((entry.body ?? undefined) !== request.body) return undefined;
  if (entry.lang !== undefined && entry.lang !== request.lang) return undefined;
  delete store[url];
  if (typeof entry.at !== 'number' || !(entry.answer instanceof Promise)) return undefined;
  if (Date.now() - entry.at > EARLY_MAX_AGE_MS) return undefined;
  return entry.answer.catch(() => null);
}
