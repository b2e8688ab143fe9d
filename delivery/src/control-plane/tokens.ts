import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ControlPlaneTables, TokenTable } from './database';
import type { RemoteRegistry } from './registry';

/** Who a token speaks for: one team's remotes, or every remote of one environment. */
export type TokenScope = { team: string } | { environmentOwner: string };

export interface Actor {
  tokenId: string;
  team: string | null;
  environmentOwner: string | null;
  expiresAt: string;
}

export interface TokenInfo extends Actor {
  createdAt: string;
  revokedAt: string | null;
  status: 'active' | 'expired' | 'revoked';
}

export class TokenError extends Error {
  override name = 'TokenError';
}

/** Tokens carry 256 random bits, so one round of sha256 is enough to store them (no password stretching). */
const PREFIX = 'sfcp_';
export const DEFAULT_TTL_DAYS = 90;
const MAX_TTL_DAYS = 366;
const ENVIRONMENT = /^[a-z][a-z0-9-]{0,62}$/;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export class TokenStore {
  constructor(
    private readonly db: Kysely<ControlPlaneTables>,
    private readonly registry: RemoteRegistry,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** A new token for the scope; the token is returned once and only its hash is kept. */
  async create(
    scope: TokenScope,
    ttlDays = DEFAULT_TTL_DAYS,
  ): Promise<{ token: string; info: TokenInfo }> {
    if (!Number.isInteger(ttlDays) || ttlDays < 1 || ttlDays > MAX_TTL_DAYS)
      throw new TokenError(`--ttl-days must be a whole number of days from 1 to ${MAX_TTL_DAYS}.`);
    let team: string | null = null;
    let environment: string | null = null;
    if ('team' in scope) {
      if (!this.registry.teams.includes(scope.team))
        throw new TokenError(
          `There is no team "${scope.team}" in remotes.json (teams: ${this.registry.teams.join(', ')}).`,
        );
      team = scope.team;
    } else {
      if (!ENVIRONMENT.test(scope.environmentOwner))
        throw new TokenError(
          `"${scope.environmentOwner}" is not an environment name (lower-case letters, digits and dashes).`,
        );
      environment = scope.environmentOwner;
    }
    const token = `${PREFIX}${randomBytes(32).toString('base64url')}`;
    const now = this.now();
    const row: TokenTable = {
      id: `tok_${randomBytes(6).toString('hex')}`,
      token_hash: hashToken(token),
      team,
      environment,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + ttlDays * 86_400_000).toISOString(),
      revoked_at: null,
    };
    await this.db.insertInto('tokens').values(row).execute();
    return { token, info: this.info(row) };
  }

  async list(): Promise<TokenInfo[]> {
    const rows = await this.db.selectFrom('tokens').selectAll().orderBy('created_at').execute();
    return rows.map((r) => this.info(r));
  }

  /** Revokes at once, for every instance (each request looks the token up). */
  async revoke(id: string): Promise<TokenInfo> {
    const row = await this.db
      .selectFrom('tokens')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new TokenError(`There is no token ${id} (\`token list\` shows them).`);
    if (!row.revoked_at) {
      row.revoked_at = this.now().toISOString();
      await this.db
        .updateTable('tokens')
        .set({ revoked_at: row.revoked_at })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .execute();
    }
    return this.info(row);
  }

  /** The actor behind a presented token, or why it cannot act. */
  async authenticate(
    token: string,
  ): Promise<{ actor: Actor } | { problem: 'unknown' | 'expired' | 'revoked' }> {
    if (!token.startsWith(PREFIX)) return { problem: 'unknown' };
    const row = await this.db
      .selectFrom('tokens')
      .selectAll()
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirst();
    if (!row) return { problem: 'unknown' };
    const info = this.info(row);
    if (info.status !== 'active') return { problem: info.status };
    return {
      actor: {
        tokenId: info.tokenId,
        team: info.team,
        environmentOwner: info.environmentOwner,
        expiresAt: info.expiresAt,
      },
    };
  }

  private info(row: TokenTable): TokenInfo {
    return {
      tokenId: row.id,
      team: row.team,
      environmentOwner: row.environment,
      createdAt: row.created_at,
      expiresAt: row.expires_at,
      revokedAt: row.revoked_at,
      status: row.revoked_at
        ? 'revoked'
        : Date.parse(row.expires_at) <= this.now().getTime()
          ? 'expired'
          : 'active',
    };
  }
}

/**
 * Whether an actor may move `remote` in `environment`: a team token its team's remotes, in any
 * environment; an environment owner any remote, in its environment. The refusal names the owner.
 */
export function scopeRefusal(
  actor: Actor,
  environment: string,
  remote: string,
  owner: string,
): string | null {
  if (actor.team !== null)
    return actor.team === owner
      ? null
      : `${remote} is owned by team ${owner}; this token is team ${actor.team}'s and may move only its own remotes.`;
  return actor.environmentOwner === environment
    ? null
    : `This token owns environment ${actor.environmentOwner}, not ${environment}; ${remote} there is moved by team ${owner} or ${environment}'s owner.`;
}

/** Deploying is the owning team's act; an environment owner composes builds, it does not make them. */
export function deployRefusal(
  actor: Pick<Actor, 'team' | 'environmentOwner'>,
  remote: string,
  owner: string,
): string | null {
  if (actor.team === owner) return null;
  return actor.team !== null
    ? `${remote} is owned by team ${owner}; this token is team ${actor.team}'s and may deploy only its own remotes.`
    : `${remote} is deployed by team ${owner}; an environment-owner token (${actor.environmentOwner}) composes builds but does not deploy them.`;
}
