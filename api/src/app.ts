import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppContext } from './app-context';
import { resolveConfig, type AppOptions } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrations';
import { isSeeded, seedDatabase } from './db/seed';
import { TextMatcher } from './db/search-dialect';
import { registerAuth } from './plugins/auth';
import { registerErrorHandling } from './plugins/error-handler';
import { artworkRoutes } from './routes/artwork-routes';
import { authRoutes } from './routes/auth-routes';
import { catalogueRoutes } from './routes/catalogue-routes';
import { cmsRoutes } from './routes/cms-routes';
import { devRoutes } from './routes/dev-routes';
import { mediaRoutes } from './routes/media-routes';
import { notificationRoutes } from './routes/notification-routes';
import { paymentRoutes } from './routes/payment-routes';
import { playbackRoutes } from './routes/playback-routes';
import { userRoutes } from './routes/user-routes';
import { AuthTokens } from './services/auth-tokens';
import { Billing } from './services/billing';
import { CatalogueQueries } from './services/catalogue-queries';
import { CatalogueReference } from './services/catalogue-reference';
import { Mailer, smtpTransport } from './services/mailer';
import { MediaState } from './services/media-state';
import { Notifier } from './services/notifier';
import { LocalTestGateway, StripeGateway } from './services/payment-gateway';
import { FcmSender, PushHub } from './services/push';
import { RateLimiter } from './services/rate-limiter';
import { SearchIndex } from './services/search-index';
import compress from '@fastify/compress';
import { constants as zlib } from 'node:zlib';
import { firebaseVerifier, type SocialLoginVerifier } from './services/social-login';
import { VerificationCodes } from './services/verification-codes';

export interface BuildAppOptions extends AppOptions {
  /** Shared with server.ts, which fills it in as background media generation progresses. */
  media?: MediaState;
  /** Replaces the Firebase verifier (tests inject one; null turns social login off). */
  social?: SocialLoginVerifier | null;
}

export const API_VERSION = '1.0.0';

const LOCALHOST_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const config = resolveConfig(options);
  const app = Fastify({
    logger: config.logger ? { level: process.env.LOG_LEVEL ?? 'info' } : false,
    bodyLimit: 1024 * 1024,
    trustProxy: process.env.TRUST_PROXY === '1',
    ajv: {
      customOptions: {
        removeAdditional: true,
        coerceTypes: 'array',
        useDefaults: true,
        allErrors: false,
      },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const { db, dialect, sqlite, close } = await openDatabase({
    dbFile: config.dbFile,
    databaseUrl: config.databaseUrl,
  });
  app.addHook('onClose', async () => close());
  await migrateToLatest(db, dialect);
  if (!(await isSeeded(db)) && config.catalogue) {
    const started = Date.now();
    await seedDatabase(db, dialect, config.catalogue());
    app.log.info(`Seeded the catalogue in ${Date.now() - started} ms`);
  }
  const ref = new CatalogueReference();
  await ref.load(db);
  const index = new SearchIndex();
  await index.load(db, ref);

  const log = (msg: string, err?: unknown) => app.log.warn({ err }, msg);
  const push = new PushHub(
    config.fcmServiceAccountFile ? new FcmSender(config.fcmServiceAccountFile, log) : null,
  );
  const notifier = new Notifier(db, push);
  const ctx: AppContext = {
    config,
    db,
    dialect,
    tokens: new AuthTokens(
      db,
      config.jwtSecret,
      config.accessTokenTtlSeconds,
      config.refreshTokenTtlDays,
    ),
    mailer: new Mailer(
      db,
      config.mailFrom,
      config.smtpUrl ? await smtpTransport(config.smtpUrl) : null,
      log,
    ),
    push,
    notifier,
    codes: new VerificationCodes(db),
    billing: new Billing(
      db,
      config.stripeSecretKey
        ? new StripeGateway(config.stripeSecretKey)
        : new LocalTestGateway(config.stripeWebhookSecret),
      config.stripeWebhookSecret,
      notifier,
    ),
    social:
      options.social !== undefined
        ? options.social
        : config.firebaseProjectId
          ? firebaseVerifier(config.firebaseProjectId)
          : null,
    catalogue: new CatalogueQueries(ref, index, new TextMatcher(db, dialect, sqlite)),
    ref,
    media: options.media ?? new MediaState(config.mediaRoot),
    limits: {
      loginAccount: new RateLimiter(config.rateLimit.accountFailures, config.rateLimit.windowMs),
      loginIp: new RateLimiter(config.rateLimit.ipAttempts, config.rateLimit.windowMs),
      emails: new RateLimiter(5, 15 * 60_000),
    },
  };
  app.decorate('ctx', ctx);

  // Plugins first, then routes.
  await app.register(cors, {
    origin: (origin, cb) =>
      cb(null, !origin || LOCALHOST_ORIGIN.test(origin) || config.corsOrigins.includes(origin)),
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Range', 'Accept'],
    exposedHeaders: ['Content-Length', 'Content-Range', 'Accept-Ranges', 'Retry-After'],
    maxAge: 600,
  });
  // JSON, playlists, subtitles and SVG artwork shrink 5-10x; video segments are already
  // compressed and event streams must flush as they go, so neither is touched.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    customTypes:
      /^(?:application\/(?:[\w.+-]*\+)?json|image\/svg\+xml|text\/vtt|application\/(?:vnd\.apple\.mpegurl|x-mpegurl))(?:;|$)/,
    // Brotli's default quality (11) costs more CPU per response than it saves on the wire.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(multipart, { limits: { fileSize: 2 * 1024 * 1024, files: 1, fields: 5 } });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'StreamFlix API',
        version: API_VERSION,
        description:
          'The /v1 API of the streaming app. Every response is the envelope { status, message, data?, errors? }: ' +
          'status true on success; on failure HTTP 4xx/5xx with status false, a message for the viewer and, for ' +
          'invalid input, errors per field.',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    // Media, artwork and the document itself aren't JSON API calls.
    hideUntagged: true,
  });
  registerErrorHandling(app);
  registerAuth(app);

  await app.register(
    async (v1) => {
      await v1.register(authRoutes);
      await v1.register(userRoutes);
      await v1.register(catalogueRoutes);
      await v1.register(notificationRoutes);
      await v1.register(paymentRoutes);
      await v1.register(playbackRoutes);
      await v1.register(cmsRoutes);
      await v1.register(artworkRoutes);
      if (!config.production) await v1.register(devRoutes);
      v1.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: '/v1' },
  );
  await app.register(mediaRoutes);

  return app;
}
