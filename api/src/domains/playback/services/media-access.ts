import { ALL_LEVELS, allowedFor } from '../../../lib/maturity';
import { HttpError } from '../../../lib/http-errors';
import { nowIso } from '../../../lib/ids';
import type { PlaybackContext } from '../playback-context';
import { claimScreen } from './stream-leases';

type Ctx = Pick<PlaybackContext, 'db' | 'billing' | 'exclusive'>;

import type { MediaAccessCheck, MediaRefusal } from './media-refusal';

/**
 * How long one answer is reused. Segments arrive every 2 s per stream, several at once while the
 * buffer fills: a second keeps the database out of most of them, and a stream that was ended
 * (logout-all, account deletion) is refused within one segment's duration.
 */
export const ACCESS_CACHE_MS = 1000;
const MAX_ENTRIES = 10_000;

const refuse = (
  statusCode: MediaRefusal['statusCode'],
  message: string,
  errors?: Record<string, string>,
): MediaRefusal => ({ statusCode, message, ...(errors ? { errors } : {}) });

/**
 * What a signed address cannot say by itself, checked on every media request: the address belongs
 * to its title, the stream lease is live (not ended, and its screen not taken by another device),
 * the plan covers a premium title and the profile's ceiling the title's rating. A trailer is a
 * preview: its signature is enough.
 */
export class MediaAccess implements MediaAccessCheck {
  private readonly answers = new Map<
    string,
    { at: number; answer: Promise<MediaRefusal | null> }
  >();

  constructor(
    private readonly ctx: Ctx,
    /** The ceiling of guests and signed-out devices (GUEST_MATURITY), as the API's other routes apply it. */
    private readonly guestCeiling: number = ALL_LEVELS,
  ) {}

  /**
   * `ceiling`: the request's own (a device kids lock it carries lowers it; lib/kids-lock.ts); it only
   * matters for media without a screen, which can never go above the guests' ceiling.
   */
  check(
    titleId: string,
    mediaKey: string,
    lease: string | null,
    ceiling: number = ALL_LEVELS,
  ): Promise<MediaRefusal | null> {
    const guestCeiling = Math.min(this.guestCeiling, ceiling);
    const key = `${lease ?? `-${guestCeiling}`}|${titleId}|${mediaKey}`;
    const now = Date.now();
    const cached = this.answers.get(key);
    if (cached && now - cached.at < ACCESS_CACHE_MS) return cached.answer;
    if (this.answers.size >= MAX_ENTRIES) {
      for (const [k, v] of this.answers) if (now - v.at >= ACCESS_CACHE_MS) this.answers.delete(k);
      if (this.answers.size >= MAX_ENTRIES) this.answers.clear();
    }
    const answer = this.decide(titleId, mediaKey, lease, guestCeiling);
    this.answers.set(key, { at: now, answer });
    // A failure (the database away) is not kept: the next request asks again.
    answer.catch(() => this.answers.delete(key));
    return answer;
  }

  /** Streams ended on this instance are refused at once, not after the cached second. */
  forget(): void {
    this.answers.clear();
  }

  private async decide(
    titleId: string,
    mediaKey: string,
    lease: string | null,
    guestCeiling: number,
  ): Promise<MediaRefusal | null> {
    const { db } = this.ctx;
    const title = await db
      .selectFrom('titles')
      .select(['id', 'name', 'premium', 'maturity', 'media_key', 'trailer_key'])
      .where('id', '=', titleId)
      .executeTakeFirst();
    if (!title) return refuse(404, 'That media file does not exist.');
    if (mediaKey === title.trailer_key) return null;
    const own =
      mediaKey === title.media_key ||
      !!(await db
        .selectFrom('episodes')
        .select('id')
        .where('title_id', '=', titleId)
        .where('media_key', '=', mediaKey)
        .executeTakeFirst());
    if (!own) return refuse(403, 'This media address is not valid.');

    if (lease === null) {
      // Only a guest's free title plays without a screen, and only under the guests' ceiling.
      if (title.premium) return refuse(401, `Sign in and subscribe to watch ${title.name}.`);
      if (!allowedFor(title.maturity, guestCeiling))
        return refuse(
          403,
          `${title.name} is rated ${title.maturity}, above what guests may watch here.`,
          {
            entitlement: 'maturity_ceiling',
          },
        );
      return null;
    }
    const row = await db
      .selectFrom('stream_leases as l')
      .innerJoin('sessions as s', 's.id', 'l.session_id')
      .innerJoin('users as u', 'u.id', 'l.user_id')
      .select([
        'l.session_id',
        'l.user_id',
        'l.profile_id',
        'l.title_id',
        'l.expires_at',
        's.revoked_at',
        'u.disabled_at',
      ])
      .where('l.id', '=', lease)
      .executeTakeFirst();
    if (!row || row.revoked_at || row.disabled_at)
      return refuse(
        401,
        'This stream has ended: the device was signed out (perhaps from another device), or the account was deleted.',
        { entitlement: 'stream_ended' },
      );
    if (row.title_id !== titleId) return refuse(403, 'This stream is playing another title now.');
    if (row.expires_at <= nowIso()) {
      // A long pause let the screen go: take it back if it is still free.
      try {
        await claimScreen(
          this.ctx,
          { userId: row.user_id, sessionId: row.session_id, profileId: row.profile_id },
          titleId,
        );
      } catch (err) {
        if (err instanceof HttpError && err.statusCode === 409)
          return refuse(409, err.message, err.errors as Record<string, string> | undefined);
        throw err;
      }
    }
    if (title.premium && !(await this.ctx.billing.isEntitled(row.user_id)))
      return refuse(403, `${title.name} is a premium title. Subscribe to watch it.`, {
        entitlement: 'subscription_required',
      });
    const profile = await db
      .selectFrom('profiles')
      .select('maturity_level')
      .where('id', 'in', [row.profile_id, row.user_id])
      .orderBy((eb) => eb.case().when('id', '=', row.profile_id).then(0).else(1).end())
      .executeTakeFirst();
    if (!allowedFor(title.maturity, profile ? Number(profile.maturity_level) : undefined))
      return refuse(
        403,
        `${title.name} is rated ${title.maturity}, above this profile's maturity limit.`,
        {
          entitlement: 'maturity_ceiling',
        },
      );
    return null;
  }
}
