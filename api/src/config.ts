import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CatalogueSeed } from './catalogue/catalogue-types';

export interface RateLimitOptions {
  /** Failed logins allowed per account per window. */
  accountFailures: number;
  /** Login attempts allowed per client address per window. */
  ipAttempts: number;
  windowMs: number;
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
  /** Where generated HLS clips live. Defaults to <dataDir>/media. */
  mediaRoot?: string;
  /** The catalogue to seed into an empty database. */
  catalogue?: () => CatalogueSeed;
  jwtSecret?: string;
  production?: boolean;
  logger?: boolean;
  /** Extra allowed browser origins; any http(s)://localhost or 127.0.0.1 origin is always allowed. */
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
  /** This API's public origin, for absolute artwork/media URLs. Defaults to the request's host. */
  publicUrl?: string;
  defaultCountry?: string;
  accessTokenTtlSeconds?: number;
  refreshTokenTtlDays?: number;
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
  >
> {
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

export function resolveConfig(options: AppOptions): ResolvedConfig {
  mkdirSync(options.dataDir, { recursive: true });
  return {
    dataDir: options.dataDir,
    dbFile: options.dbFile ?? path.join(options.dataDir, 'streamflix.sqlite'),
    databaseUrl: options.databaseUrl,
    poolSize: options.poolSize ?? 10,
    mediaRoot: options.mediaRoot ?? path.join(options.dataDir, 'media'),
    catalogue: options.catalogue,
    jwtSecret: options.jwtSecret ?? persistedSecret(options.dataDir, 'jwt-secret'),
    production: options.production ?? false,
    logger: options.logger ?? false,
    corsOrigins: options.corsOrigins ?? [],
    scryptLog2N: options.scryptLog2N ?? 17,
    rateLimit: { accountFailures: 5, ipAttempts: 50, windowMs: 15 * 60_000, ...options.rateLimit },
    stripeSecretKey: options.stripeSecretKey,
    // The local gateway signs its webhooks too, so the handler always verifies a signature.
    stripeWebhookSecret:
      options.stripeWebhookSecret ?? persistedSecret(options.dataDir, 'webhook-secret'),
    smtpUrl: options.smtpUrl,
    mailFrom: options.mailFrom ?? 'StreamFlix <no-reply@streamflix.local>',
    firebaseProjectId: options.firebaseProjectId,
    fcmServiceAccountFile: options.fcmServiceAccountFile,
    appUrl: options.appUrl ?? 'http://localhost:3000',
    publicUrl: options.publicUrl,
    defaultCountry: (options.defaultCountry ?? 'US').toUpperCase(),
    accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 15 * 60,
    refreshTokenTtlDays: options.refreshTokenTtlDays ?? 30,
  };
}

/** Options from the environment, for src/server.ts. */
export function optionsFromEnv(env: NodeJS.ProcessEnv, defaultDataDir: string): AppOptions {
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
    poolSize: env.PG_POOL_SIZE ? Number(env.PG_POOL_SIZE) : undefined,
    mediaRoot: env.MEDIA_DIR ? path.resolve(env.MEDIA_DIR) : undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    production: env.NODE_ENV === 'production',
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
    // Tests that run the server as a process lower the hashing cost; production always uses the default.
    scryptLog2N:
      env.NODE_ENV !== 'production' && env.SCRYPT_LOG2N ? Number(env.SCRYPT_LOG2N) : undefined,
  };
}
