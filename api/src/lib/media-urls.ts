import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed media addresses. Every playlist, segment, subtitle and seek-bar sprite is served under
 *
 *   /media/s/<exp>.<lease>.<sig>/<titleId>/<mediaKey>/<file>
 *
 * - exp: Unix seconds after which the address is refused;
 * - lease: the stream lease (one device's screen) the address belongs to, or `-` for what needs no
 *   screen (a guest's free title, any title's trailer);
 * - sig: base64url HMAC-SHA256, under MEDIA_URL_SECRET, of `<exp>.<lease>./<titleId>/<mediaKey>/`
 *   (the title id URL-encoded as it appears in the address).
 *
 * The token sits in the path, not the query, so the relative URIs inside the playlists (variant
 * playlists, segments, subtitle and sprite files) inherit it, and an edge cache holding the same
 * key can check the signature and expiry without calling the API. What the signature cannot say
 * (the lease still live, the plan, the profile's ceiling) the API checks on each request.
 */
export const SIGNED_PREFIX = '/media/s/';

/** No screen: a guest's free title or a trailer. */
export const NO_LEASE = '-';

export interface MediaGrant {
  titleId: string;
  /** The stream lease id, or null for media that takes no screen. */
  lease: string | null;
}

const TOKEN = /^(\d{1,12})\.(-|[A-Za-z0-9_]{1,64})\.([A-Za-z0-9_-]{43})$/;

const prefixOf = (titleId: string, mediaKey: string) =>
  `/${encodeURIComponent(titleId)}/${encodeURIComponent(mediaKey)}/`;

function signature(secret: string, exp: number, lease: string, prefix: string): string {
  return createHmac('sha256', secret).update(`${exp}.${lease}.${prefix}`).digest('base64url');
}

export class MediaUrlSigner {
  constructor(
    private readonly secret: string,
    private readonly ttlSeconds: number,
  ) {}

  /** The signed folder of one media key, ending in a slash; the file's path is appended to it. */
  folder(grant: MediaGrant, mediaKey: string, nowMs = Date.now()): string {
    const exp = Math.floor(nowMs / 1000) + this.ttlSeconds;
    const lease = grant.lease ?? NO_LEASE;
    const prefix = prefixOf(grant.titleId, mediaKey);
    return `${SIGNED_PREFIX}${exp}.${lease}.${signature(this.secret, exp, lease, prefix)}${prefix}`;
  }

  /**
   * Checks a token against the title and media key that follow it. 'invalid' covers a malformed or
   * tampered token (or one moved to another title or media key); 'expired' a genuine one past exp.
   */
  verify(
    token: string,
    titleId: string,
    mediaKey: string,
    nowMs = Date.now(),
  ): { lease: string | null } | 'invalid' | 'expired' {
    const match = TOKEN.exec(token);
    if (!match) return 'invalid';
    const [, expText, lease, sig] = match as unknown as [string, string, string, string];
    const exp = Number(expText);
    const expected = signature(this.secret, exp, lease, prefixOf(titleId, mediaKey));
    if (!timingSafeEqual(Buffer.from(sig), Buffer.from(expected))) return 'invalid';
    if (exp * 1000 <= nowMs) return 'expired';
    return { lease: lease === NO_LEASE ? null : lease };
  }
}
