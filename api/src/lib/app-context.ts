import type { Kysely } from 'kysely';
import type { ResolvedConfig } from '../config';
import type { DatabaseHandle, DialectName } from '../db/database';
import type { Metrics } from './metrics';
import type { BackgroundWork } from './background-work';
import type { Database } from '../db/schema';
import type { AuthTokens, AuthContext } from './auth-tokens';
import type { Billing } from '../domains/billing/services/billing';
import type { ClusterBus } from './cluster-bus';
import type { CatalogueQueries } from '../domains/catalogue/services/catalogue-queries';
import type { CatalogueReference } from '../domains/catalogue/services/catalogue-reference';
import type { Mailer } from '../domains/accounts/services/mailer';
import type { MediaState } from '../domains/playback/services/media-state';
import type { Notifier } from '../domains/notifications/services/notifier';
import type { PushHub } from '../domains/notifications/services/push';
import type { RateLimiter } from './rate-limiter';
import type { SocialLoginVerifier } from '../domains/accounts/services/social-login';
import type { VerificationCodes } from '../domains/accounts/services/verification-codes';

export interface AppContext {
  config: ResolvedConfig;
  db: Kysely<Database>;
  dialect: DialectName;
  /** A lock held across every instance on this database (see DatabaseHandle.exclusive). */
  exclusive: DatabaseHandle['exclusive'];
  /** PostgreSQL's pool counters (absent on SQLite). */
  poolStats?: DatabaseHandle['poolStats'];
  /** SQLite: whether writes are being stored (see DatabaseHandle.writeHealth). */
  writeHealth?: DatabaseHandle['writeHealth'];
  /** This instance's Prometheus metrics (GET /metrics). */
  metrics: Metrics;
  tokens: AuthTokens;
  mailer: Mailer;
  push: PushHub;
  /** Events every instance sees (notifications for streams held elsewhere, catalogue changes). */
  cluster: ClusterBus;
  notifier: Notifier;
  codes: VerificationCodes;
  billing: Billing;
  social: SocialLoginVerifier | null;
  catalogue: CatalogueQueries;
  ref: CatalogueReference;
  media: MediaState;
  limits: {
    /** Failed sign-ins per account and client address together, for clients without a device cookie. */
    loginClient: RateLimiter;
    /** Failed sign-ins per account from every untrusted client; past it only trusted devices get through. */
    loginAccount: RateLimiter;
    /** Failed sign-ins per trusted device (a device cookie of the account, keyed by its nonce). */
    loginDevice: RateLimiter;
    /** Sign-in attempts per client address. */
    loginIp: RateLimiter;
    /** Emails sent per address or account. */
    emails: RateLimiter;
    /** Unauthenticated writes (register, forgot-password, log reports, marketing sign-ups) per route and client. */
    publicWrites: RateLimiter;
    /** Avatar uploads per user. */
    uploads: RateLimiter;
    /** Help-widget messages per user. */
    help: RateLimiter;
    /** Help-widget messages from guests per client address. */
    helpGuests: RateLimiter;
    /** Copies of the account's data per user. */
    exports: RateLimiter;
    /** Wrong passwords (or emails) given to delete the account, per user. */
    accountDeletion: RateLimiter;
  };
  background: BackgroundWork;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}
