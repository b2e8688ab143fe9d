import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { HttpError, unauthorized } from './http-errors';
import { newId, nowIso, randomToken, sha256 } from './ids';

const ISSUER = 'streamflix-api';
const AUDIENCE = 'streamflix-web';

export interface TokenPair {
  access: string;
  refresh: string;
}

export interface AuthContext {
  userId: string;
  sessionId: string;
  /** The profile this device chose (the account's first profile until it chooses). */
  profileId: string;
  /** The profile's maturity ceiling (lib/maturity.ts): 4 lets every rating through. */
  maturity: number;
  kids: boolean;
  /** The profile's language as stored (lib/i18n/negotiate.ts decides what the request speaks). */
  language: string | null;
}

/**
 * Sessions are refresh-token families. An access token names its session (sid),
 * and every authenticated request checks that the session is still live, so
 * logout and logout-all take effect immediately instead of after the token's exp.
 */
export class AuthTokens {
  private readonly key: Uint8Array;
  private readonly revokeListeners = new Set<(sessionIds: string[]) => void | Promise<void>>();

  constructor(
    private readonly db: Kysely<Database>,
    secret: string,
    private readonly accessTtlSeconds: number,
    private readonly refreshTtlDays: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  private signAccess(userId: string, sessionId: string): Promise<string> {
    return new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setJti(randomToken(12))
      .setIssuedAt()
      .setExpirationTime(`${this.accessTtlSeconds}s`)
      .sign(this.key);
  }

  private async newRefreshToken(
    sessionId: string,
    db: Kysely<Database> = this.db,
  ): Promise<string> {
    const token = `${sessionId}.${randomToken(32)}`;
    await db
      .insertInto('refresh_tokens')
      .values({
        token_hash: sha256(token),
        session_id: sessionId,
        created_at: nowIso(),
        expires_at: new Date(Date.now() + this.refreshTtlDays * 86_400_000).toISOString(),
        used_at: null,
      })
      .execute();
    return token;
  }

  async startSession(
    userId: string,
    meta: { userAgent?: string; ip?: string },
  ): Promise<TokenPair> {
    const sessionId = newId('ses');
    const now = nowIso();
    await this.db
      .insertInto('sessions')
      .values({
        id: sessionId,
        user_id: userId,
        created_at: now,
        last_used_at: now,
        revoked_at: null,
        revoked_reason: null,
        user_agent: meta.userAgent?.slice(0, 300) ?? null,
        ip: meta.ip ?? null,
        profile_id: null,
      })
      .execute();
    return {
      access: await this.signAccess(userId, sessionId),
      refresh: await this.newRefreshToken(sessionId),
    };
  }

  /** Verifies signature, algorithm, issuer, audience and expiry, then that the session is live. */
  async authenticate(token: string): Promise<AuthContext> {
    let sub: string | undefined;
    let sid: unknown;
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
      });
      sub = payload.sub;
      sid = payload.sid;
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired)
        throw unauthorized('Your session has expired. Please sign in again.');
      throw unauthorized('Your session is not valid. Please sign in again.');
    }
    if (!sub || typeof sid !== 'string')
      throw unauthorized('Your session is not valid. Please sign in again.');
    // The chosen profile, or the first one (its id is the account's) when the device has not chosen
    // or its profile was deleted meanwhile.
    const row = await this.db
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .leftJoin('profiles as p', (j) =>
        j
          .on((eb) => eb('p.id', '=', eb.fn.coalesce('s.profile_id', 's.user_id')))
          .onRef('p.user_id', '=', 's.user_id'),
      )
      .leftJoin('profiles as first', 'first.id', 's.user_id')
      .select([
        's.revoked_at',
        's.user_id',
        'u.disabled_at',
        'u.language as account_language',
        'p.id as profile_id',
        'p.maturity_level',
        'p.kids',
        'p.language',
        'first.id as first_id',
        'first.language as first_language',
        'first.maturity_level as first_level',
        'first.kids as first_kids',
      ])
      .where('s.id', '=', sid)
      .executeTakeFirst();
    if (!row || row.user_id !== sub || row.revoked_at)
      throw unauthorized('You have been signed out. Please sign in again.');
    if (row.disabled_at)
      throw new HttpError(403, 'This account has been disabled. Contact support for help.');
    const chosen = row.profile_id !== null;
    return {
      userId: sub,
      sessionId: sid,
      profileId: (chosen ? row.profile_id : row.first_id) ?? sub,
      maturity: Number((chosen ? row.maturity_level : row.first_level) ?? 4),
      kids: (chosen ? row.kids : row.first_kids) === 1,
      // An account whose first profile is not written yet (it is made on first use) speaks the account's.
      language: (chosen ? row.language : row.first_language) ?? row.account_language,
    };
  }

  /**
   * Rotation: each refresh token works once. Presenting one that was already
   * used means it was copied, so the whole family (session) is revoked.
   */
  async rotate(refreshToken: string): Promise<TokenPair & { userId: string }> {
    const hash = sha256(refreshToken);
    const row = await this.db
      .selectFrom('refresh_tokens as r')
      .innerJoin('sessions as s', 's.id', 'r.session_id')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select([
        'r.session_id',
        'r.used_at',
        'r.expires_at',
        's.user_id',
        's.revoked_at',
        'u.disabled_at',
      ])
      .where('r.token_hash', '=', hash)
      .executeTakeFirst();
    if (!row) throw unauthorized('Your session is not valid. Please sign in again.');
    if (row.revoked_at) throw unauthorized('You have been signed out. Please sign in again.');
    if (row.used_at) {
      await this.revokeSession(row.session_id, 'refresh-token-reuse');
      throw unauthorized(
        'This sign-in was used from somewhere else, so we signed you out to keep your account safe. Please sign in again.',
      );
    }
    if (row.expires_at <= nowIso())
      throw unauthorized('Your session has expired. Please sign in again.');
    if (row.disabled_at)
      throw new HttpError(403, 'This account has been disabled. Contact support for help.');
    // The conditional update makes two concurrent refreshes with the same token race safely: one wins.
    const claimed = await this.db
      .updateTable('refresh_tokens')
      .set({ used_at: nowIso() })
      .where('token_hash', '=', hash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) {
      await this.revokeSession(row.session_id, 'refresh-token-reuse');
      throw unauthorized(
        'This sign-in was used from somewhere else, so we signed you out. Please sign in again.',
      );
    }
    await this.db
      .updateTable('sessions')
      .set({ last_used_at: nowIso() })
      .where('id', '=', row.session_id)
      .execute();
    return {
      userId: row.user_id,
      access: await this.signAccess(row.user_id, row.session_id),
      refresh: await this.newRefreshToken(row.session_id),
    };
  }

  /** The session a refresh token belongs to, if any (used by logout without a valid access token). */
  async sessionOfRefreshToken(
    refreshToken: string,
  ): Promise<{ sessionId: string; userId: string } | null> {
    const row = await this.db
      .selectFrom('refresh_tokens as r')
      .innerJoin('sessions as s', 's.id', 'r.session_id')
      .select(['s.id', 's.user_id'])
      .where('r.token_hash', '=', sha256(refreshToken))
      .executeTakeFirst();
    return row ? { sessionId: row.id, userId: row.user_id } : null;
  }

  /**
   * Told about every revoked session, whatever revoked it (logout, logout-all,
   * password change or reset, refresh-token reuse), so that what hangs off a
   * session (open notification streams) ends with it.
   */
  onRevoke(listener: (sessionIds: string[]) => void | Promise<void>): () => void {
    this.revokeListeners.add(listener);
    return () => this.revokeListeners.delete(listener);
  }

  private async revoked(sessionIds: string[]): Promise<void> {
    if (sessionIds.length === 0) return;
    await Promise.all([...this.revokeListeners].map((listener) => listener(sessionIds)));
  }

  async isSessionLive(sessionId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['s.revoked_at', 'u.disabled_at'])
      .where('s.id', '=', sessionId)
      .executeTakeFirst();
    return !!row && !row.revoked_at && !row.disabled_at;
  }

  async revokeSession(sessionId: string, reason: string): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: nowIso(), revoked_reason: reason })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .execute();
    await this.revoked([sessionId]);
  }

  async revokeAllSessions(
    userId: string,
    reason: string,
    exceptSessionId?: string,
  ): Promise<number> {
    let q = this.db
      .updateTable('sessions')
      .set({ revoked_at: nowIso(), revoked_reason: reason })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    if (exceptSessionId) q = q.where('id', '!=', exceptSessionId);
    const rows = await q.returning('id').execute();
    await this.revoked(rows.map((r) => r.id));
    return rows.length;
  }
}
