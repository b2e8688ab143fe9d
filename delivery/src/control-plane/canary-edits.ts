/**
 * The three canary edits as pure functions of a remote's current entry: each returns the entry to write
 * or throws a 422 saying why not. The routes (routes/canary-routes.ts) run them inside the environment
 * store's compare-and-swap, so they always judge the entry the write lands on.
 */
import { HttpProblem } from './http-problem';
import { stableOf } from './remote-status';
import type { Canary, RemoteEntry } from './schemas';
import type { AnalysisSpec } from './signals/analysis-spec';

const nothingHere = (remote: string) =>
  new HttpProblem(
    422,
    'no-stable-entry',
    `The environment does not list ${remote} yet: a canary needs a stable entry to compare with (compose set it first).`,
  );

const noCanary = (remote: string) =>
  new HttpProblem(422, 'no-canary', `${remote} has no canary running here.`);

/** Puts `entry` on trial for `percent` of viewers; the stable entry stays as it is. */
export function startCanary(
  remote: string,
  current: RemoteEntry | undefined,
  entry: Canary['entry'],
  percent: number,
  now: Date,
  analysis?: AnalysisSpec,
): RemoteEntry {
  if (!current) throw nothingHere(remote);
  if (entry.manifest === current.manifest)
    throw new HttpProblem(
      422,
      'canary-is-stable',
      `${remote} ${entry.version} (${entry.manifest}) is already the stable entry.`,
    );
  return {
    ...stableOf(current),
    canary: { entry, percent, startedAt: now.toISOString(), ...(analysis ? { analysis } : {}) },
  };
}

/**
 * Raises the canary's share (never lowers it: a viewer once in the canary stays in it). At 100 the
 * canary's entry becomes the stable one, with the old stable entry as its run-time fallback.
 */
export function promoteCanary(
  remote: string,
  current: RemoteEntry | undefined,
  percent: number,
): RemoteEntry {
  const canary = current?.canary;
  if (!current || !canary) throw noCanary(remote);
  if (percent <= canary.percent)
    throw new HttpProblem(
      422,
      'promote-lowers',
      `${remote}'s canary is at ${canary.percent}%: promote only raises it (abort returns everyone to stable).`,
    );
  if (percent < 100) return { ...current, canary: { ...canary, percent } };
  const { fallback: _fallback, ...previous } = stableOf(current);
  return { ...canary.entry, fallback: previous };
}

/** Returns every viewer to the stable entry. */
export function abortCanary(remote: string, current: RemoteEntry | undefined): RemoteEntry {
  if (!current?.canary) throw noCanary(remote);
  return stableOf(current);
}
