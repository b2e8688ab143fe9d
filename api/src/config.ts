import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
// The seed's type only, from its own file: the catalogue's index would import the config back.
import type { CatalogueSeed } from './domains/catalogue/data/catalogue-types';
import { levelOfId, MATURITY_LEVELS, type MaturityId } from './lib/maturity';
import { DEFAULT_CONNECT_TIMEOUT_MS, DEFAULT_STATEMENT_TIMEOUT_MS } from './db/database';
import { ConfigError } from './config-error';
import { parseTrustProxy, refuseUnsafeDeployment } from './production-checks';

export { ConfigError } from './config-error';

export interface RateLimitOptions {
  /** Failed logins allowed per account and client address together (and per trusted device) per window. */
  accountFailures: number;
  /** Failed logins per account from untrusted clients, after which only devices holding the account's device cookie get through. */
  accountFailuresAllClients: number;
  /** Login attempts allowed per client address per window. */
  ipAttempts: number;
  /** Unauthenticated writes (register, forgot-password, /log-report, /cms/marketing) per route and client per window. */
  publicWrites: number;
  /** Help-widget messages from guests (no account) per client address per window. */
  guestHelp: number;
  windowMs: number;
}

/**
 * Load shedding (@fastify/under-pressure): past a threshold the instance answers 503 with
 * Retry-After instead of queueing work it cannot finish in time. 0 turns a signal off.
 */
export interface PressureOptions {
  /** Mean event-loop delay over a sample, in ms. */
  maxEventLoopDelayMs: number;
  /** Share of a sample the event loop was busy (0..1). */
  maxEventLoopUtilization: number;
  maxHeapUsedBytes: number;
  maxRssBytes: number;
  /** Retry-After of a shed request, in seconds. */
  retryAfterSeconds: number;
  /** How often the signals are sampled, in ms. */
  sampleIntervalMs: number;
}

export interface AppOptions {
  /** Folder for the database, uploads, media and the generated JWT secret. */
  dataDir: string;
  /** SQLite file; ':memory:' in tests. Defaults to <dataDir>/streamflix.sqlite. */
  dbFile?: string;
  /** postgres://... switches to PostgreSQL. */
  databaseUrl?: string;
  /** PostgreSQL connections per instance; N instances open N times this many. */
  poolSize?: number;
  /**
   * PostgreSQL: how long opening a connection (or waiting for a free one) may take before the request
   * is answered 503 with Retry-After (PG_CONNECT_TIMEOUT_MS, 5 s).
   */
  pgConnectTimeoutMs?: number;
  /** PostgreSQL: the longest a statement may run (PG_STATEMENT_TIMEOUT_MS, 30 s). */
  pgStatementTimeoutMs?: number;
  /** Where generated HLS clips live. Defaults to <dataDir>/media. */
  mediaRoot?: string;
  /** The catalogue to seed into an empty database. */
  catalogue?: () => CatalogueSeed;
  jwtSecret?: string;
  /**
   * NODE_ENV=development. Only then may any localhost origin call the API and may absolute URLs
   * fall back to the request's Host. Everything else is treated as a deployment.
   */
  development?: boolean;
  /**
   * DEV_ROUTES=1: serve /v1/dev/* (the email outbox) to loopback clients. Off unless asked for,
   * because the outbox holds every password-reset code.
   */
  devRoutes?: boolean;
  logger?: boolean;
  /** Allowed browser origins (CORS_ORIGINS). In development any http(s)://localhost or 127.0.0.1 origin is allowed too. */
  corsOrigins?: string[];
  /** scrypt cost as a power of two (OWASP: 17). Tests lower it to stay fast. */
  scryptLog2N?: number;
  rateLimit?: Partial<RateLimitOptions>;
  stripeSecretKey?: string;
  stripeWebhookSecret?: string;
  smtpUrl?: string;
  mailFrom?: string;
  firebaseProjectId?: string;
  fcmServiceAccountFile?: string;
  /** The web app, for links in emails. */
  appUrl?: string;
  /**
   * This API's public origin, for absolute artwork/media URLs. Required outside development: the
   * request's Host header is the attacker's to choose.
   */
  publicUrl?: string;
  defaultCountry?: string;
  accessTokenTtlSeconds?: number;
  refreshTokenTtlDays?: number;
  /** How often an open notification stream sends a keep-alive and re-checks its session. */
  streamKeepAliveMs?: number;
  /**
   * TRUST_PROXY: the reverse proxies in front of this API, as a number of hops or a list of
   * addresses/CIDRs (Fastify's trustProxy). Only their X-Forwarded-For entries are believed.
   */
  trustProxy?: number | string[];
  /**
   * MEDIA_URL_SECRET: the HMAC key of signed media addresses (lib/media-urls.ts), shared with an
   * edge that verifies them. Derived from the JWT secret when not given.
   */
  mediaUrlSecret?: string;
  /** MEDIA_URL_TTL_SECONDS: how long a signed media address works (6 h, longer than any title). */
  mediaUrlTtlSeconds?: number;
  /**
   * DEV_ROUTES_TOKEN: /v1/dev/* also answers `Authorization: Bearer <token>`; without it, only a
   * loopback socket with no proxy configured.
   */
  devRoutesToken?: string;
  /**
   * METRICS_TOKEN: GET /metrics also answers a caller that is not on this machine when it sends
   * `Authorization: Bearer <token>`. Without it only loopback clients get the metrics.
   */
  metricsToken?: string;
  /** Load shedding thresholds over the defaults; false turns shedding off (most tests). */
  pressure?: Partial<PressureOptions> | false;
  /**
   * Distinct titles the player's metrics label per instance; reports of further titles count
   * under title="other", so a large catalogue cannot multiply the series without bound.
   */
  playerMetricsMaxTitles?: number;
  /**
   * GUEST_MATURITY: the maturity ceiling of guests and signed-out devices (a maturity id of
   * lib/maturity.ts: little-kids, older-kids, teens, all). Default all.
   */
  guestMaturity?: MaturityId;
}

export interface ResolvedConfig extends Required<
  Omit<
    AppOptions,
    | 'databaseUrl'
    | 'catalogue'
    | 'stripeSecretKey'
    | 'stripeWebhookSecret'
    | 'smtpUrl'
    | 'firebaseProjectId'
    | 'fcmServiceAccountFile'
    | 'publicUrl'
    | 'rateLimit'
    | 'jwtSecret'
    | 'metricsToken'
    | 'pressure'
    | 'trustProxy'
    | 'mediaUrlSecret'
    | 'devRoutesToken'
  >
> {
  metricsToken?: string;
  trustProxy?: number | string[];
  mediaUrlSecret: string;
  devRoutesToken?: string;
  pressure: PressureOptions | false;
  databaseUrl?: string;
  catalogue?: () => CatalogueSeed;
  stripeSecretKey?: string;
  stripeWebhookSecret: string;
  smtpUrl?: string;
  firebaseProjectId?: string;
  fcmServiceAccountFile?: string;
  publicUrl?: string;
  rateLimit: RateLimitOptions;
  jwtSecret: string;
}

/** A secret generated on first start and kept in the data folder, so tokens survive restarts. */
function persistedSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function checkedPublicUrl(value: string | undefined, development: boolean): string | undefined {
  if (value === undefined) {
    if (development) return undefined;
    throw new ConfigError(
      "PUBLIC_URL is required outside development (this API's public origin, e.g. https://api.example.com): " +
        'without it absolute URLs would be built from the Host header a client sends. Set NODE_ENV=development for local work.',
    );
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`PUBLIC_URL is not a URL: ${value}`);
  }
  if (!/^https?:$/.test(url.protocol))
    throw new ConfigError(`PUBLIC_URL must be http(s): ${value}`);
  // A path prefix is kept (an API behind /api on a shared host); only the trailing slash goes.
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

export function resolveConfig(options: AppOptions): ResolvedConfig {
  const development = options.development ?? false;
  const publicUrl = checkedPublicUrl(options.publicUrl, development);
  // Anyone who can reach the API may guess at it; a short one would fall to guessing.
  if (options.metricsToken !== undefined && options.metricsToken.length < 16)
    throw new ConfigError('METRICS_TOKEN must be at least 16 characters long.');
  if (options.devRoutesToken !== undefined && options.devRoutesToken.length < 16)
    throw new ConfigError('DEV_ROUTES_TOKEN must be at least 16 characters long.');
  mkdirSync(options.dataDir, { recursive: true });
  const jwtSecret = options.jwtSecret ?? persistedSecret(options.dataDir, 'jwt-secret');
  return {
    dataDir: options.dataDir,
    dbFile: options.dbFile ?? path.join(options.dataDir, 'streamflix.sqlite'),
    databaseUrl: options.databaseUrl,
    poolSize: options.poolSize ?? 10,
    pgConnectTimeoutMs: options.pgConnectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    pgStatementTimeoutMs: options.pgStatementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS,
    mediaRoot: options.mediaRoot ?? path.join(options.dataDir, 'media'),
    catalogue: options.catalogue,
    jwtSecret,
    // Instances that share a JWT secret verify each other's media addresses without more setup.
    mediaUrlSecret:
      options.mediaUrlSecret ??
      createHmac('sha256', jwtSecret).update('streamflix media urls').digest('base64url'),
    mediaUrlTtlSeconds: options.mediaUrlTtlSeconds ?? 6 * 3600,
    trustProxy: options.trustProxy,
    devRoutesToken: options.devRoutesToken,
    development,
    devRoutes: options.devRoutes ?? false,
    logger: options.logger ?? false,
    corsOrigins: options.corsOrigins ?? [],
    scryptLog2N: options.scryptLog2N ?? 17,
    rateLimit: {
      accountFailures: 5,
      accountFailuresAllClients: 50,
      ipAttempts: 50,
      publicWrites: 20,
      guestHelp: 5,
      windowMs: 15 * 60_000,
      ...options.rateLimit,
    },
    stripeSecretKey: options.stripeSecretKey,
    // The local gateway signs its webhooks too, so the handler always verifies a signature.
    stripeWebhookSecret:
      options.stripeWebhookSecret ?? persistedSecret(options.dataDir, 'webhook-secret'),
    smtpUrl: options.smtpUrl,
    mailFrom: options.mailFrom ?? 'StreamFlix <no-reply@streamflix.local>',
    firebaseProjectId: options.firebaseProjectId,
    fcmServiceAccountFile: options.fcmServiceAccountFile,
    appUrl: options.appUrl ?? 'http://localhost:3000',
    publicUrl,
    defaultCountry: (options.defaultCountry ?? 'US').toUpperCase(),
    accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 15 * 60,
    refreshTokenTtlDays: options.refreshTokenTtlDays ?? 30,
    streamKeepAliveMs: options.streamKeepAliveMs ?? 25_000,
    metricsToken: options.metricsToken,
    pressure:
      options.pressure === false
        ? false
        : {
            // A mean delay of a second means every request already waits a second: shed before
            // the queue grows further. The other signals depend on the machine and stay off.
            maxEventLoopDelayMs: 1000,
            maxEventLoopUtilization: 0,
            maxHeapUsedBytes: 0,
            maxRssBytes: 0,
            retryAfterSeconds: 5,
            sampleIntervalMs: 1000,
            ...options.pressure,
          },
    playerMetricsMaxTitles: options.playerMetricsMaxTitles ?? 200,
    guestMaturity: options.guestMaturity ?? 'all',
  };
}

function maturityId(value: string): MaturityId {
  if (levelOfId(value) === undefined)
    throw new ConfigError(
      `GUEST_MATURITY must be one of ${MATURITY_LEVELS.map((m) => m.id).join(', ')}, got ${value}`,
    );
  return value as MaturityId;
}

function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 1)
    throw new ConfigError(`Expected a positive whole number, got ${value}`);
  return n;
}

function nonNegative(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0)
    throw new ConfigError(`Expected a number of at least 0, got ${value}`);
  return n;
}

/** PRESSURE_* variables over the defaults; each is optional, 0 turns its signal off. */
function pressureFromEnv(env: NodeJS.ProcessEnv): Partial<PressureOptions> | undefined {
  const mb = (v: string) => nonNegative(v) * 1024 * 1024;
  const read: Array<[keyof PressureOptions, string | undefined, (v: string) => number]> = [
    ['maxEventLoopDelayMs', env.PRESSURE_MAX_EVENT_LOOP_DELAY_MS, nonNegative],
    ['maxEventLoopUtilization', env.PRESSURE_MAX_EVENT_LOOP_UTILIZATION, nonNegative],
    ['maxHeapUsedBytes', env.PRESSURE_MAX_HEAP_MB, mb],
    ['maxRssBytes', env.PRESSURE_MAX_RSS_MB, mb],
    ['retryAfterSeconds', env.PRESSURE_RETRY_AFTER_SECONDS, positiveInt],
  ];
  const set = read.filter(([, v]) => v);
  if (set.length === 0) return undefined;
  return Object.fromEntries(set.map(([key, v, parse]) => [key, parse(v!)]));
}

/**
 * Options from the environment, for src/server.ts. A deployment missing what it needs to be safe
 * (production-checks.ts) is refused here, before anything starts.
 */
export function optionsFromEnv(env: NodeJS.ProcessEnv, defaultDataDir: string): AppOptions {
  refuseUnsafeDeployment(env);
  const list = (v?: string) =>
    v
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : undefined;
  return {
    dataDir: env.DATA_DIR ? path.resolve(env.DATA_DIR) : defaultDataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    poolSize: env.PG_POOL_SIZE ? positiveInt(env.PG_POOL_SIZE) : undefined,
    pgConnectTimeoutMs: env.PG_CONNECT_TIMEOUT_MS
      ? positiveInt(env.PG_CONNECT_TIMEOUT_MS)
      : undefined,
    pgStatementTimeoutMs: env.PG_STATEMENT_TIMEOUT_MS
      ? positiveInt(env.PG_STATEMENT_TIMEOUT_MS)
      : undefined,
    mediaRoot: env.MEDIA_DIR ? path.resolve(env.MEDIA_DIR) : undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    development: env.NODE_ENV === 'development',
    devRoutes: env.DEV_ROUTES === '1',
    logger: env.LOG_LEVEL !== 'silent',
    corsOrigins: list(env.CORS_ORIGINS),
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || undefined,
    firebaseProjectId: env.FIREBASE_PROJECT_ID || undefined,
    fcmServiceAccountFile: env.FCM_SERVICE_ACCOUNT_FILE || undefined,
    appUrl: env.APP_URL || undefined,
    publicUrl: env.PUBLIC_URL || undefined,
    defaultCountry: env.DEFAULT_COUNTRY || undefined,
    // Browser-test runs register dozens of accounts from one address.
    rateLimit:
      env.PUBLIC_WRITE_LIMIT || env.GUEST_HELP_LIMIT
        ? {
            ...(env.PUBLIC_WRITE_LIMIT
              ? { publicWrites: positiveInt(env.PUBLIC_WRITE_LIMIT) }
              : {}),
            ...(env.GUEST_HELP_LIMIT ? { guestHelp: positiveInt(env.GUEST_HELP_LIMIT) } : {}),
          }
        : undefined,
    // The browser-test run shares one signed-in browser state across its contexts for longer than
    // 15 minutes; with rotating refresh tokens, the contexts would otherwise revoke each other.
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS
      ? positiveInt(env.ACCESS_TOKEN_TTL_SECONDS)
      : undefined,
    // Tests that run the server as a process lower the hashing cost; a deployment always uses the default.
    scryptLog2N:
      env.NODE_ENV === 'development' && env.SCRYPT_LOG2N
        ? positiveInt(env.SCRYPT_LOG2N)
        : undefined,
    metricsToken: env.METRICS_TOKEN || undefined,
    devRoutesToken: env.DEV_ROUTES_TOKEN || undefined,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    mediaUrlSecret: env.MEDIA_URL_SECRET || undefined,
    mediaUrlTtlSeconds: env.MEDIA_URL_TTL_SECONDS
      ? positiveInt(env.MEDIA_URL_TTL_SECONDS)
      : undefined,
    pressure: pressureFromEnv(env),
    guestMaturity: env.GUEST_MATURITY ? maturityId(env.GUEST_MATURITY) : undefined,
    playerMetricsMaxTitles: env.PLAYER_METRICS_MAX_TITLES
      ? positiveInt(env.PLAYER_METRICS_MAX_TITLES)
      : undefined,
  };
}
