import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { newId, nowIso } from '../../../lib/ids';
import type { LogReportBody, MarketingBody } from '../schemas/cms-schemas';
import { normaliseEmail } from '../../../lib/emails';

/** Idempotent per (email, type). */
export async function signUpForMarketing(db: Kysely<Database>, body: MarketingBody): Promise<void> {
  await db
    .insertInto('marketing_signups')
    .values({ email: normaliseEmail(body.email), type: body.type, created_at: nowIso() })
    .onConflict((oc) => oc.columns(['email', 'type']).doNothing())
    .execute();
}

/** Stores a viewer's problem report or a client error; details are capped at 8 KB. Answers its id. */
export async function recordLogReport(
  db: Kysely<Database>,
  userId: string | null,
  userAgent: string | undefined,
  body: LogReportBody,
): Promise<string> {
  const id = newId('rep');
  await db
    .insertInto('log_reports')
    .values({
      id,
      user_id: userId,
      kind: body.kind,
      message: body.message,
      title_id: body.titleId ?? null,
      episode_id: body.episodeId ?? null,
      details_json: body.details ? JSON.stringify(body.details).slice(0, 8192) : null,
      user_agent: userAgent?.slice(0, 300) ?? null,
      created_at: nowIso(),
    })
    .execute();
  return id;
}
