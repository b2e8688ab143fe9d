/**
 * Answers to a guest's first-screen calls that the page's HTML requested before any app code
 * ran (`self.__sfEarlyData`, written by shell/scripts/early-hints.cjs): a title page's title,
 * the explore list. The call then waits for an answer already on its way instead of starting
 * after the shell, the remote and the HTTP client have loaded (the last link of the chain to
 * the largest paint on a phone).
 */
export interface EarlyAnswer {
  status: number;
  body: unknown;
}

interface EarlyEntry {
  at: number;
  answer: Promise<EarlyAnswer | null>;
}

/** An early answer older than this is not used: the call is made again. */
export const EARLY_MAX_AGE_MS = 30_000;

/** The early answer for this exact URL, at most once; undefined when there is none (or it is stale). */
export function takeEarlyResponse(url: string): Promise<EarlyAnswer | null> | undefined {
  const store = (globalThis as { __sfEarlyData?: Record<string, EarlyEntry | undefined> })
    .__sfEarlyData;
  if (!store || typeof store !== 'object') return undefined;
  const entry = store[url];
  if (!entry) return undefined;
  delete store[url];
  if (typeof entry.at !== 'number' || !(entry.answer instanceof Promise)) return undefined;
  if (Date.now() - entry.at > EARLY_MAX_AGE_MS) return undefined;
  return entry.answer.catch(() => null);
}
