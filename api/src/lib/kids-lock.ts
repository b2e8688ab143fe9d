import { createHmac, timingSafeEqual } from 'node:crypto';
import { MATURITY_LEVELS } from './maturity';

/**
 * The device kids lock. A device that watches as a kids profile is given a signed lock (the response
 * header `X-Kids-Lock` of every answer to its kids session), which the web app keeps in the browser's
 * storage and sends back on every request (the request header `X-Kids-Lock`). The lock outlives the
 * session: once the session ends (logout-all, account deletion, expiry, a token deleted from storage)
 * the device browses as a guest under min(guest ceiling, lock ceiling), and a session of another
 * account under min(its profile's, lock). Only the lock's account password (`POST
 * /auth/kids-lock/release`) or a grown-up session of the lock's account (a sign-in, or leaving the kids
 * profile with the password) tells the device to drop it (`X-Kids-Lock: released`).
 *
 *   <accountId>.<level>.<issuedAt>.<sig>
 *
 * - level: the kids profile's ceiling (lib/maturity.ts), 1..4;
 * - issuedAt: Unix seconds;
 * - sig: base64url HMAC-SHA256 of `kids-lock.<accountId>.<level>.<issuedAt>` under a key derived from
 *   the server secret (JWT_SECRET), so only the API makes one.
 *
 * A lock can only lower a ceiling. One the API cannot verify (tampered, or made under a secret since
 * rotated) is not ignored: it holds the device to the lowest level until a grown-up signs in.
 */
export const KIDS_LOCK_HEADER = 'x-kids-lock';
export const KIDS_LOCK_RELEASED = 'released';
/** What an unverifiable lock holds a device to: the lowest level, never more than a real lock. */
export const UNREADABLE_LOCK_LEVEL = MATURITY_LEVELS[0].level;

export interface KidsLock {
  /** The account whose kids profile locked the device; null when the lock could not be verified. */
  userId: string | null;
  level: number;
}

const FORMAT = /^([A-Za-z0-9_-]{1,80})\.([1-4])\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

export class KidsLocks {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('streamflix kids lock v1').digest();
  }

  private sign(userId: string, level: number, issuedAt: number): string {
    return createHmac('sha256', this.key)
      .update(`kids-lock.${userId}.${level}.${issuedAt}`)
      .digest('base64url');
  }

  issue(userId: string, level: number, nowMs = Date.now()): string {
    const issuedAt = Math.floor(nowMs / 1000);
    return `${userId}.${level}.${issuedAt}.${this.sign(userId, level, issuedAt)}`;
  }

  /** The lock a request carries: verified, or the unreadable lock (lowest level) when it is not. */
  read(header: string): KidsLock {
    const match = FORMAT.exec(header.trim());
    if (match) {
      const [, userId, levelText, issuedText, sig] = match as unknown as string[];
      const expected = this.sign(userId!, Number(levelText), Number(issuedText));
      if (timingSafeEqual(Buffer.from(sig!), Buffer.from(expected)))
        return { userId: userId!, level: Number(levelText) };
    }
    return { userId: null, level: UNREADABLE_LOCK_LEVEL };
  }
}
