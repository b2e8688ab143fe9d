import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { AppContext } from './lib/app-context';
import { resolveConfig, type AppOptions } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrations';
import { BackgroundWork } from './lib/background-work';
import { DatabaseRateLimitStore } from './db/rate-limit-store';
import { isSeeded, seedDatabase, upsertPlans } from './db/seed';
import { TextMatcher } from './db/search-dialect';
import { logSerializers } from './lib/log-redaction';
import { registerAuth } from './plugins/auth';
import { registerErrorHandling } from './plugins/error-handler';
import { registerFiniteNumbers } from './plugins/finite-numbers';
import { registerPublicWriteLimit } from './plugins/public-write-limit';
import { registerLoadShedding } from './plugins/load-shedding';
import { registerRequestMetrics } from './plugins/request-metrics';
import { Metrics } from './lib/metrics';
import { API_PACKAGE_VERSION } from './lib/build-info';
import { healthRoutes } from './domains/operations/routes/health-routes';
import { metricsRoutes } from './domains/operations/routes/metrics-routes';
import { playerReportRoutes } from './domains/operations/routes/player-report-routes';
import { artworkRoutes } from './domains/catalogue/routes/artwork-routes';
import { authRoutes } from './domains/accounts/routes/auth-routes';
import { categoryRoutes } from './domains/catalogue/routes/category-routes';
import { cmsRoutes } from './domains/help-cms/routes/cms-routes';
import { dashboardRoutes } from './domains/catalogue/routes/dashboard-routes';
import { favouriteRoutes } from './domains/catalogue/routes/favourite-routes';
import { genreRoutes } from './domains/catalogue/routes/genre-routes';
import { devRoutes } from './lib/dev-routes';
import { helpRoutes } from './domains/help-cms/routes/help-routes';
import { mediaRoutes } from './domains/playback/routes/media-routes';
import { notificationRoutes } from './domains/notifications/routes/notification-routes';
import { notificationSettingsRoutes } from './domains/accounts/routes/notification-settings-routes';
import { passwordRoutes } from './domains/accounts/routes/password-routes';
import { paymentRoutes } from './domains/billing/routes/payment-routes';
import { chapterRoutes, playbackRoutes } from './domains/playback/routes/playback-routes';
import { profileRoutes } from './domains/accounts/routes/profile-routes';
import { householdRoutes } from './domains/accounts/routes/household-routes';
import { dataRightsRoutes } from './domains/accounts/routes/data-rights-routes';
import { ratingRoutes } from './domains/catalogue/routes/rating-routes';
import { continueWatchingRoutes } from './domains/catalogue/routes/continue-watching-routes';
import { subscriptionRoutes } from './domains/billing/routes/subscription-routes';
import { titleRoutes } from './domains/catalogue/routes/title-routes';
import { titleSearchRoutes } from './domains/catalogue/routes/title-search-routes';
import { userGenreRoutes } from './domains/accounts/routes/user-genre-routes';
import { watchLogRoutes } from './domains/playback/routes/watch-log-routes';
import { AuthTokens } from './lib/auth-tokens';
import { Billing } from './domains/billing/services/billing';
import { CatalogueQueries } from './domains/catalogue/services/catalogue-queries';
import { CatalogueReference } from './domains/catalogue/services/catalogue-reference';
import { Mailer, purgeOutboxContent, smtpTransport } from './domains/accounts/services/mailer';
import { MediaState } from './domains/playback/services/media-state';
import { Notifier } from './domains/notifications/services/notifier';
import { LocalTestGateway } from './domains/billing/services/local-test-gateway';
import type { PaymentGateway } from './domains/billing/services/payment-gateway';
import { StripeGateway } from './domains/billing/services/stripe-gateway';
import { FcmSender, PushHub } from './domains/notifications/services/push';
import { RateLimiter } from './lib/rate-limiter';
import { SearchIndex } from './domains/catalogue/services/search-index';
import compress from '@fastify/compress';
import { constants as zlib } from 'node:zlib';
import {
  firebaseVerifier,
  type SocialLoginVerifier,
} from './domains/accounts/services/social-login';
import { openClusterBus } from './lib/cluster-bus';
import { VerificationCodes } from './domains/accounts/services/verification-codes';
import { DEVICE_COOKIE_ROUTES } from './domains/accounts/services/device-cookies';

export interface BuildAppOptions extends AppOptions {
  /** Shared with server.ts, which fills it in as background media generation progresses. */
  media?: MediaState;
  /** Tests: a gateway instead of the one the configuration picks (e.g. Stripe with a stubbed HTTP layer). */
  paymentGateway?: PaymentGateway;
  /** Replaces the Firebase verifier (tests inject one; null turns social login off). */
  social?: SocialLoginVerifier | null;
}

export const API_VERSION = '1.2.0';

const LOCALHOST_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const config = resolveConfig(options);
  const app = Fastify({
    // Credentials in query strings (stream tickets, OAuth codes) never reach the log.
    logger: config.logger
      ? { level: process.env.LOG_LEVEL ?? 'info', serializers: logSerializers }
      : false,
    bodyLimit: 1024 * 1024,
    trustProxy: process.env.TRUST_PROXY === '1',
    // What the router refuses before any route runs (a malformed URL, an over-long path parameter)
    // leaves as the envelope too, not as Fastify's own error body.
    frameworkErrors: (error, _request, reply) =>
      (reply as FastifyReply).status(error.statusCode ?? 400).send({
        status: false,
        message:
          error.code === 'FST_ERR_MAX_PARAM_LENGTH'
            ? 'That address is too long.'
            : 'That address is not valid.',
      }),
    ajv: {
      customOptions: {
        removeAdditional: true,
        coerceTypes: 'array',
        useDefaults: true,
        allErrors: false,
      },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const { db, dialect, sqlite, exclusive, poolStats, writeHealth, close } = await openDatabase({
    dbFile: config.dbFile,
    databaseUrl: config.databaseUrl,
    poolSize: config.poolSize,
    connectTimeoutMs: config.pgConnectTimeoutMs,
    statementTimeoutMs: config.pgStatementTimeoutMs,
  });
  app.addHook('onClose', async () => close());
  // Instances that start together migrate and seed once: the first takes the lock and does the work,
  // the others wait for it and find the database ready.
  await exclusive('schema', async () => {
    const applied = await migrateToLatest(db, dialect);
    if (applied.length > 0)
      app.log.info(`Applied ${applied.length} migration(s): ${applied.join(', ')}`);
    if (!(await isSeeded(db)) && config.catalogue) {
      const started = Date.now();
      await seedDatabase(db, dialect, config.catalogue());
      app.log.info(`Seeded the catalogue in ${Date.now() - started} ms`);
    }
    await upsertPlans(db);
    // Outside the local setup the outbox keeps no message content (mailer.ts): what an earlier
    // version or a local run stored goes now.
    if (!config.devRoutes) {
      const purged = await purgeOutboxContent(db);
      if (purged > 0) app.log.info(`Emptied the content of ${purged} stored email(s)`);
    }
  });
  const ref = new CatalogueReference();
  await ref.load(db);
  const index = new SearchIndex();
  await index.load(db, ref);

  const log = (msg: string, err?: unknown) => app.log.warn({ err }, msg);
  const cluster = await openClusterBus({
    dialect,
    db,
    databaseUrl: config.databaseUrl,
    log,
    connectTimeoutMs: config.pgConnectTimeoutMs,
  });
  // Its LISTEN connection is its own, so closing it does not depend on the pool's turn.
  app.addHook('onClose', async () => cluster.close());
  const push = new PushHub(
    config.fcmServiceAccountFile
      ? new FcmSender(config.fcmServiceAccountFile, log, config.appUrl)
      : null,
    cluster,
    log,
  );
  const notifier = new Notifier(db, push);
  const limitStore = new DatabaseRateLimitStore(db);
  const background = new BackgroundWork(log);
  app.addHook('onClose', async () => background.settled());
  const ctx: AppContext = {
    config,
    db,
    dialect,
    exclusive,
    poolStats,
    writeHealth,
    metrics: new Metrics({
      defaultMetrics: true,
      labels: { version: API_PACKAGE_VERSION, contract: API_VERSION, dialect },
    }),
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
      // Only /v1/dev/outbox (DEV_ROUTES=1) ever reads a message back.
      config.devRoutes,
    ),
    push,
    notifier,
    codes: new VerificationCodes(db),
    billing: new Billing(
      db,
      options.paymentGateway ??
        (config.stripeSecretKey
          ? new StripeGateway(config.stripeSecretKey)
          : new LocalTestGateway(config.stripeWebhookSecret)),
      config.stripeWebhookSecret,
      notifier,
    ),
    social:
      options.social !== undefined
        ? options.social
        : config.firebaseProjectId
          ? firebaseVerifier(config.firebaseProjectId)
          : null,
    cluster,
    catalogue: new CatalogueQueries(ref, index, new TextMatcher(db, dialect, sqlite)),
    ref,
    media: options.media ?? new MediaState(config.mediaRoot),
    // Counters in the database, shared by every instance: more instances don't mean more attempts.
    limits: {
      loginClient: new RateLimiter(
        config.rateLimit.accountFailures,
        config.rateLimit.windowMs,
        limitStore,
        'login-client:',
      ),
      loginAccount: new RateLimiter(
        config.rateLimit.accountFailuresAllClients,
        config.rateLimit.windowMs,
        limitStore,
        'login-account:',
      ),
      loginDevice: new RateLimiter(
        config.rateLimit.accountFailures,
        config.rateLimit.windowMs,
        limitStore,
        'login-device:',
      ),
      loginIp: new RateLimiter(
        config.rateLimit.ipAttempts,
        config.rateLimit.windowMs,
        limitStore,
        'login-ip:',
      ),
      emails: new RateLimiter(5, 15 * 60_000, limitStore, 'emails:'),
      publicWrites: new RateLimiter(
        config.rateLimit.publicWrites,
        config.rateLimit.windowMs,
        limitStore,
        'public-writes:',
      ),
      uploads: new RateLimiter(10, 3600_000, limitStore, 'uploads:'),
      help: new RateLimiter(10, 10 * 60_000, limitStore, 'help-sends:'),
      helpGuests: new RateLimiter(
        config.rateLimit.guestHelp,
        config.rateLimit.windowMs,
        limitStore,
        'help-guests:',
      ),
      exports: new RateLimiter(5, 3600_000, limitStore, 'exports:'),
      accountDeletion: new RateLimiter(5, 15 * 60_000, limitStore, 'account-deletion:'),
    },
    background,
  };
  app.decorate('ctx', ctx);
  subscribeCatalogueReload(ctx, log);

  // Plugins first, then routes.
  const allowOrigin = (origin: string | undefined) =>
    !origin ||
    config.corsOrigins.includes(origin) ||
    (config.development && LOCALHOST_ORIGIN.test(origin));
  await app.register(cors, {
    // Per request: only the sign-in calls take credentials (the device cookie, nothing else), and only
    // from an allowed origin, which is echoed back (never `*`).
    delegator: (request, cb) =>
      cb(null, {
        origin: (origin, done) => done(null, allowOrigin(origin)),
        credentials: DEVICE_COOKIE_ROUTES.has(request.url.split('?')[0]!),
        methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
        allowedHeaders: ['Authorization', 'Content-Type', 'Range', 'Accept'],
        exposedHeaders: ['Content-Length', 'Content-Range', 'Accept-Ranges', 'Retry-After'],
        maxAge: 600,
      }),
  });
  // The usual security headers on every answer. An API sends data, never pages: no script may
  // run in anything it serves, and no one may frame it. Its artwork, avatars and media are
  // embedded by the web app on another origin, hence a cross-origin resource policy.
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        imgSrc: ["'self'", 'data:'],
        styleSrc: ["'unsafe-inline'"],
        frameAncestors: ["'none'"],
        formAction: ["'none'"],
        baseUri: ["'none'"],
        sandbox: [],
      },
    },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });
  // Before anything that costs a token check or a query; after CORS and headers, so browsers read the 503.
  await registerLoadShedding(app, config.pressure);
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
          'invalid input, errors per field. A 503 carries Retry-After (seconds): the instance is overloaded, its database ' +
          'is briefly unreachable (a restart), or it cannot store writes (reads still work); try again after that long.',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    // Media, artwork and the document itself aren't JSON API calls.
    hideUntagged: true,
  });
  registerErrorHandling(app);
  registerRequestMetrics(app);
  registerFiniteNumbers(app);
  registerPublicWriteLimit(app);
  registerAuth(app);

  await app.register(
    async (v1) => {
      await v1.register(authRoutes);
      // Account resources, in the order the contract lists them.
      await v1.register(genreRoutes);
      await v1.register(profileRoutes);
      await v1.register(passwordRoutes);
      await v1.register(userGenreRoutes);
      await v1.register(notificationSettingsRoutes);
      await v1.register(favouriteRoutes);
      await v1.register(householdRoutes);
      await v1.register(dataRightsRoutes);
      await v1.register(subscriptionRoutes);
      // Catalogue resources, in the order the contract lists them.
      await v1.register(titleSearchRoutes);
      await v1.register(categoryRoutes);
      await v1.register(titleRoutes);
      await v1.register(watchLogRoutes);
      await v1.register(continueWatchingRoutes);
      await v1.register(ratingRoutes);
      await v1.register(dashboardRoutes);
      await v1.register(notificationRoutes);
      await v1.register(paymentRoutes);
      await v1.register(playbackRoutes);
      await v1.register(chapterRoutes);
      await v1.register(cmsRoutes);
      await v1.register(artworkRoutes);
      await v1.register(helpRoutes);
      await v1.register(playerReportRoutes);
      await v1.register(healthRoutes(API_VERSION));
      if (config.devRoutes) await v1.register(devRoutes);
      v1.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: '/v1' },
  );
  await app.register(mediaRoutes);
  await app.register(metricsRoutes);

  return app;
}

/**
 * A catalogue change announced on any instance (`ctx.cluster.publish('catalogue', …)` after the rows and
 * the full-text index are written) reloads this instance's index. Changes that arrive during a reload
 * coalesce into one more reload. After the bus reconnects, events may have been missed, so it reloads too.
 */
function subscribeCatalogueReload(
  ctx: AppContext,
  log: (msg: string, err?: unknown) => void,
): void {
  let running: Promise<void> | null = null;
  let again = false;
  const reload = (): void => {
    if (running) {
      again = true;
      return;
    }
    running = ctx.catalogue
      .reload(ctx.db)
      .catch((err: unknown) => log('catalogue reload failed; serving the previous index', err))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          reload();
        }
      });
  };
  ctx.cluster.subscribe('catalogue', reload);
  ctx.cluster.subscribe('reconnected', reload);
}
