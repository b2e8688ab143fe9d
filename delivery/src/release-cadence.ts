/**
 * Releases keep up with main: a team's pipeline fails when a pending changeset has waited longer
 * than CHANGESET_MAX_AGE_DAYS (default 7) since the commit that added it. The fix is a release
 * (`npm run release`), which turns every pending changeset into versions and changelogs.
 *
 *   tsx delivery/src/release-cadence.ts [root]   exit 1 and name the overdue changesets
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pendingChangesets, ROOT } from './release';

export const DEFAULT_MAX_AGE_DAYS = 7;
const DAY_MS = 86_400_000;

export interface WaitingChangeset {
  file: string;
  /** When the commit that added it was made; now for a changeset not committed yet. */
  since: Date;
  days: number;
}

/** Parse CHANGESET_MAX_AGE_DAYS: a positive number of days, else a clear error. */
export function maxAgeDays(raw = process.env.CHANGESET_MAX_AGE_DAYS): number {
  if (raw === undefined || raw === '') return DEFAULT_MAX_AGE_DAYS;
  const days = Number(raw);
  if (!Number.isFinite(days) || days <= 0)
    throw new Error(`CHANGESET_MAX_AGE_DAYS must be a positive number of days, not "${raw}"`);
  return days;
}

/** Every pending changeset with the date it was added to the history. */
export function waitingChangesets(root = ROOT, now = new Date()): WaitingChangeset[] {
  return pendingChangesets(root).map((file) => {
    const rel = path.posix.join('.changeset', file);
    const res = spawnSync('git', ['log', '--diff-filter=A', '--format=%ct', '-1', '--', rel], {
      cwd: root,
      encoding: 'utf8',
    });
    const seconds = Number(res.stdout.trim());
    const since = res.status === 0 && seconds > 0 ? new Date(seconds * 1000) : now;
    return { file, since, days: (now.getTime() - since.getTime()) / DAY_MS };
  });
}

/** The changesets older than the limit, oldest first. */
export function overdueChangesets(
  waiting: WaitingChangeset[],
  limitDays: number,
): WaitingChangeset[] {
  return waiting.filter((w) => w.days > limitDays).sort((a, b) => b.days - a.days);
}

function main(root = ROOT) {
  const limit = maxAgeDays();
  const waiting = waitingChangesets(root);
  const overdue = overdueChangesets(waiting, limit);
  if (overdue.length === 0) {
    const oldest = waiting.reduce((m, w) => Math.max(m, w.days), 0);
    console.log(
      `release cadence: ${waiting.length} pending changeset(s), the oldest ${oldest.toFixed(1)} days (limit ${limit})`,
    );
    return;
  }
  console.error(
    `release cadence: main holds ${overdue.length} changeset(s) older than ${limit} days; release them with \`npm run release\`:`,
  );
  for (const w of overdue)
    console.error(
      `  .changeset/${w.file}  ${w.days.toFixed(1)} days (since ${w.since.toISOString()})`,
    );
  process.exitCode = 1;
}

if (require.main === module) {
  try {
    main(process.argv[2] ? path.resolve(process.argv[2]) : ROOT);
  } catch (e) {
    console.error(`release cadence: ${(e as Error).message}`);
    process.exitCode = 2;
  }
}
