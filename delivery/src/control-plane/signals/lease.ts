/**
 * A database-held lease: of several control-plane instances on one PostgreSQL, the holder of a named
 * lease acts (the analysis tick) until it expires; it renews it each time, and another instance
 * takes it over once the holder stops renewing. One upsert, the same on SQLite and PostgreSQL: the
 * row changes only when it is ours or has expired.
 */
import { sql, type Kysely } from 'kysely';
import type { ControlPlaneTables } from '../database';

export async function acquireLease(
  db: Kysely<ControlPlaneTables>,
  name: string,
  holder: string,
  now: Date,
  ttlMs: number,
): Promise<boolean> {
  const expires = new Date(now.getTime() + ttlMs).toISOString();
  const result = await db
    .insertInto('leases')
    .values({ name, holder, expires_at: expires })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({
          holder: sql<string>`excluded.holder`,
          expires_at: sql<string>`excluded.expires_at`,
        })
        .where((eb) =>
          eb.or([
            eb('leases.holder', '=', holder),
            eb('leases.expires_at', '<', now.toISOString()),
          ]),
        ),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
