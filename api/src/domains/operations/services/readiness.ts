import { sql } from 'kysely';
import type { OperationsContext } from '../operations-context';
import { pendingMigrations } from '../../../db/migrations';
import type { Readiness, ReadyCheck } from '../schemas/operations-schemas';

/** A load balancer probes every few seconds with a timeout of its own; the answer must come first. */
export const DATABASE_CHECK_TIMEOUT_MS = 1000;

const TIMED_OUT = Symbol('timed out');

function within<T>(work: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), ms);
  });
  // A query that loses the race still settles later; its failure must not go unhandled.
  work.catch(() => undefined);
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

type Ctx = Pick<OperationsContext, 'db' | 'dialect' | 'media' | 'writeHealth'>;
type Log = (msg: string, err?: unknown) => void;

async function databaseChecks(
  ctx: Ctx,
  timeoutMs: number,
  log: Log,
): Promise<[ReadyCheck, ReadyCheck]> {
  const started = Date.now();
  try {
    const answer = await within(sql`select 1`.execute(ctx.db), timeoutMs);
    if (answer === TIMED_OUT)
      return [
        { ok: false, detail: `no answer within ${timeoutMs} ms` },
        { ok: false, detail: 'unknown: the database did not answer' },
      ];
  } catch (err) {
    // The reason stays in this instance's log: it may name hosts and users.
    log('readiness: the database did not answer', err);
    return [
      { ok: false, detail: 'unreachable' },
      { ok: false, detail: 'unknown: the database did not answer' },
    ];
  }
  // A full or read-only SQLite file still answers the query above; its last writes tell.
  const cannotWrite = ctx.writeHealth?.problem();
  const database = cannotWrite
    ? { ok: false, detail: cannotWrite }
    : { ok: true, detail: `answered in ${Date.now() - started} ms` };
  try {
    const rest = Math.max(1, timeoutMs - (Date.now() - started));
    const pending = await within(pendingMigrations(ctx.db, ctx.dialect), rest);
    if (pending === TIMED_OUT) return [database, { ok: false, detail: 'no answer in time' }];
    return [
      database,
      pending.length === 0
        ? { ok: true, detail: 'all applied' }
        : { ok: false, detail: `pending: ${pending.join(', ')}` },
    ];
  } catch (err) {
    log('readiness: could not read the applied migrations', err);
    return [database, { ok: false, detail: 'not migrated yet' }];
  }
}

function mediaCheck(media: Ctx['media']): ReadyCheck {
  switch (media.status) {
    case 'ready':
      return { ok: true, detail: 'ready' };
    case 'failed':
      return { ok: false, detail: 'generation failed (see the log)' };
    case 'generating':
      return { ok: false, detail: 'being generated' };
    default:
      return { ok: false, detail: 'not started' };
  }
}

/** Whether this instance can serve: the database answers, its schema is this code's, media is there. */
export async function checkReadiness(
  ctx: Ctx,
  log: Log = () => undefined,
  timeoutMs = DATABASE_CHECK_TIMEOUT_MS,
): Promise<Readiness> {
  const [database, migrations] = await databaseChecks(ctx, timeoutMs, log);
  const checks = { database, migrations, media: mediaCheck(ctx.media) };
  const notReady = Object.entries(checks)
    .filter(([, check]) => !check.ok)
    .map(([name]) => name);
  return { status: notReady.length === 0 ? 'ready' : 'not_ready', checks, notReady };
}

/**
 * Probes that arrive while a check is running share it: a fleet of balancers probing at once
 * costs one query, not one each.
 */
export function sharedReadiness(ctx: Ctx, log: Log): () => Promise<Readiness> {
  let running: Promise<Readiness> | null = null;
  return () => {
    running ??= checkReadiness(ctx, log).finally(() => {
      running = null;
    });
    return running;
  };
}
