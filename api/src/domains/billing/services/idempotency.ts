import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { HttpError } from '../../../lib/http-errors';
import { nowIso } from '../../../lib/ids';
import { DAY_MS } from './billing-rules';

export interface Replay {
  status: true;
  message: string;
  data: unknown;
}

/** Same schema-builder code on SQLite and PostgreSQL, so recognise both drivers' duplicate-key errors. */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/**
 * Runs a payment request once per (user, scope, key): a replay gets the first attempt's
 * answer (success or 4xx alike), and a concurrent duplicate waits for it. The claim is a
 * row under a primary key, so this also holds across API instances sharing the database.
 */
export async function replayable<T extends Replay>(
  db: Kysely<Database>,
  waitMs: number,
  attempt: { userId: string; scope: string; key: string | undefined; fingerprint: string },
  run: () => Promise<T>,
): Promise<T> {
  const { userId, scope, key, fingerprint } = attempt;
  if (!key) return run();
  // Like Stripe's, a key protects an attempt for a day; older ones are forgotten.
  await db
    .deleteFrom('idempotency_keys')
    .where('user_id', '=', userId)
    .where('created_at', '<', new Date(Date.now() - DAY_MS).toISOString())
    .execute();
  const claim = async () => {
    try {
      await db
        .insertInto('idempotency_keys')
        .values({
          user_id: userId,
          scope,
          key,
          fingerprint,
          status_code: null,
          response_json: null,
          created_at: nowIso(),
        })
        .execute();
      return true;
    } catch (err) {
      if (isUniqueViolation(err)) return false;
      throw err;
    }
  };
  const row = () =>
    db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('user_id', '=', userId)
      .where('scope', '=', scope)
      .where('key', '=', key)
      .executeTakeFirst();
  const deadline = Date.now() + waitMs;
  while (!(await claim())) {
    const first = await row();
    if (!first) continue; // released after a server error: try to claim it again
    if (first.fingerprint !== fingerprint)
      throw new HttpError(
        409,
        'This payment attempt was already used for a different choice. Start again from the plan.',
      );
    if (first.status_code !== null && first.response_json) {
      const body = JSON.parse(first.response_json) as T & { errors?: Record<string, string> };
      if (first.status_code >= 400)
        throw new HttpError(first.status_code, body.message, body.errors);
      return body;
    }
    if (Date.now() > deadline)
      throw new HttpError(
        409,
        'This payment is still being processed. Check your subscription in a moment.',
      );
    await new Promise((r) => setTimeout(r, 50));
  }
  const settle = (statusCode: number, body: unknown) =>
    db
      .updateTable('idempotency_keys')
      .set({ status_code: statusCode, response_json: JSON.stringify(body) })
      .where('user_id', '=', userId)
      .where('scope', '=', scope)
      .where('key', '=', key)
      .execute();
  try {
    const reply = await run();
    await settle(200, reply);
    return reply;
  } catch (err) {
    if (err instanceof HttpError && err.statusCode < 500) {
      await settle(err.statusCode, { status: false, message: err.message, errors: err.errors });
    } else {
      // Not an answer (a crash or the provider unreachable): the viewer may retry the same
      // attempt, and the provider's own idempotency key still prevents a second charge.
      await db
        .deleteFrom('idempotency_keys')
        .where('user_id', '=', userId)
        .where('scope', '=', scope)
        .where('key', '=', key)
        .execute();
    }
    throw err;
  }
}
