import type { PlaybackContext } from '../playback-context';
import type { AuthContext } from '../../../lib/auth-tokens';
import { HttpError } from '../../../lib/http-errors';
import { newId, nowIso } from '../../../lib/ids';

type Ctx = Pick<PlaybackContext, 'db' | 'billing' | 'exclusive'>;

/**
 * How long a stream holds its screen without news from its player. Players report progress every ~10 s
 * while playing, so a closed tab or a long pause frees the screen within this time (an exit frees it at once).
 */
export const LEASE_SECONDS = 60;

/** Screens at a time by plan tier, as the plans page promises ("1 screen at a time" on Basic). */
export const SCREENS: Record<'basic' | 'premium', number> = { basic: 1, premium: 4 };

const expiry = () => new Date(Date.now() + LEASE_SECONDS * 1000).toISOString();

/** Who holds a lease: the device's session, its account and profile. */
export type LeaseHolder = Pick<AuthContext, 'userId' | 'sessionId' | 'profileId'>;

/**
 * Claims a screen for this device before it plays, and returns the lease's id (named in the stream's
 * signed media addresses). Another profile (or device) already streaming beyond the plan's limit is a
 * 409 that names who is watching. Held under a lock across every instance, so two devices starting at
 * the same moment on two instances cannot both take the last screen.
 */
export async function claimScreen(ctx: Ctx, auth: LeaseHolder, titleId: string): Promise<string> {
  const plan = await ctx.billing.entitledPlan(auth.userId);
  const screens = SCREENS[plan?.tier ?? 'basic'];
  return ctx.exclusive(`streams:${auth.userId}`, async () => {
    const now = nowIso();
    const others = await ctx.db
      .selectFrom('stream_leases as l')
      .innerJoin('sessions as s', 's.id', 'l.session_id')
      .leftJoin('profiles as p', 'p.id', 'l.profile_id')
      .select(['p.name'])
      .where('l.user_id', '=', auth.userId)
      .where('l.session_id', '!=', auth.sessionId)
      .where('l.expires_at', '>', now)
      .where('s.revoked_at', 'is', null)
      .orderBy('l.started_at', 'desc')
      .execute();
    if (others.length >= screens) {
      const who = [...new Set(others.map((o) => o.name ?? 'Someone'))];
      const watching = `${who.join(' and ')} ${who.length === 1 ? 'is' : 'are'} watching on another device`;
      const limit = `${screens} ${screens === 1 ? 'screen' : 'screens'} at a time`;
      throw new HttpError(
        409,
        plan?.tier === 'premium'
          ? `${watching}. Your plan streams on ${limit}: stop playback on one of them to watch here.`
          : `${watching}. ${plan ? `Your ${plan.name} plan` : 'Without a subscription, your account'} streams on ${limit}: stop playback there, or upgrade to Premium to watch on up to ${SCREENS.premium} screens.`,
        { entitlement: 'too_many_streams', profile: who[0]! },
      );
    }
    // A device's lease keeps its id while it exists (the addresses of the stream playing stay good,
    // after a pause too); one that ended (the player closed, the device signed out) starts anew.
    await ctx.db
      .insertInto('stream_leases')
      .values({
        id: newId('lse'),
        session_id: auth.sessionId,
        user_id: auth.userId,
        profile_id: auth.profileId,
        title_id: titleId,
        started_at: now,
        expires_at: expiry(),
      })
      .onConflict((oc) =>
        oc.column('session_id').doUpdateSet({
          profile_id: auth.profileId,
          title_id: titleId,
          started_at: now,
          expires_at: expiry(),
        }),
      )
      .execute();
    const { id } = await ctx.db
      .selectFrom('stream_leases')
      .select('id')
      .where('session_id', '=', auth.sessionId)
      .executeTakeFirstOrThrow();
    return id;
  });
}

/**
 * A progress report (the player's heartbeat) keeps this device's screen. A device whose screen lapsed
 * (a long pause) takes one again if one is free; if another device took it meanwhile, the report is
 * refused with claimScreen's 409, and the stream's media addresses stop working with its lease.
 */
export async function renewScreen(ctx: Ctx, auth: AuthContext, titleId: string): Promise<void> {
  const renewed = await ctx.db
    .updateTable('stream_leases')
    .set({ expires_at: expiry() })
    .where('session_id', '=', auth.sessionId)
    .where('expires_at', '>', nowIso())
    .executeTakeFirst();
  if (Number(renewed.numUpdatedRows) > 0) return;
  await claimScreen(ctx, auth, titleId);
}

/** Sessions that ended (logout, logout-all, account deletion): their streams end with them. */
export async function endLeases(
  ctx: Pick<PlaybackContext, 'db'>,
  sessionIds: string[],
): Promise<void> {
  if (sessionIds.length === 0) return;
  await ctx.db.deleteFrom('stream_leases').where('session_id', 'in', sessionIds).execute();
}

/**
 * The player closed: the screen is free at once. The lease itself stays (lapsed), so a release that
 * arrives after the same device already started its next episode (the old player's keepalive) costs
 * that stream nothing: its next media request or report takes the screen back while it is free.
 */
export async function releaseScreen(
  ctx: Pick<PlaybackContext, 'db'>,
  auth: AuthContext,
): Promise<void> {
  await ctx.db
    .updateTable('stream_leases')
    .set({ expires_at: nowIso() })
    .where('session_id', '=', auth.sessionId)
    .execute();
}
