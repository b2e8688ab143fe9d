import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { trustProxyOption } from './production-checks';
import { resolveConfig, type AppOptions } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrations';
import { DatabaseRateLimitStore } from './db/rate-limit-store';
import type { AppContext } from './lib/app-context';
import { AuthTokens } from './lib/auth-tokens';
import { BackgroundWork } from './lib/background-work';
import { API_PACKAGE_VERSION } from './lib/build-info';
import { openClusterBus } from './lib/cluster-bus';
import { logSerializers } from './lib/log-redaction';
import { Metrics } from './lib/metrics';
import { registerAuth } from './plugins/auth';
import { KidsLocks } from './lib/kids-lock';
import { ALL_LEVELS, levelOfId } from './lib/maturity';
import { registerErrorHandling } from './plugins/error-handler';
import { registerLanguage, requestLanguage } from './plugins/language';
import { translate } from './lib/i18n/messages';
import { registerFiniteNumbers } from './plugins/finite-numbers';
import { registerCompression, registerCors, registerSecurityHeaders } from './plugins/http-policy';
import { registerLoadShedding } from './plugins/load-shedding';
import { registerOpenApi } from './plugins/openapi';
import { registerPublicWriteLimit } from './plugins/public-write-limit';
import { registerRequestMetrics } from './plugins/request-metrics';
import { accounts, DEVICE_COOKIE_ROUTES, type SocialLoginVerifier } from './domains/accounts';
import { billing, type PaymentGateway } from './domains/billing';
import { catalogue } from './domains/catalogue';
import { helpCms } from './domains/help-cms';
import { notifications } from './domains/notifications';
import { operations } from './domains/operations';
import { MediaState, playback } from './domains/playback';

export interface BuildAppOptions extends AppOptions {
  /** Shared with server.ts, which fills it in as background media generation progresses. */
  media?: MediaState;
  /** Tests: a gateway instead of the one the configuration picks (e.g. Stripe with a stubbed HTTP layer). */
  paymentGateway?: PaymentGateway;
  /** Replaces the Firebase verifier (tests inject one; null turns social login off). */
  social?: SocialLoginVerifier | null;
}

export const API_VERSION = '1.2.0';

/**
 * The composition root: the infrastructure every domain stands on (database, configuration,
 * metrics, the bus between instances), the plugins every request passes through, then the
 * domains, each a plugin that builds its own services and registers its own routes.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const config = resolveConfig(options);
  const app = Fastify({
    // Credentials in query strings (stream tickets, OAuth codes) never reach the log.
    logger: config.logger
      ? { level: process.env.LOG_LEVEL ?? 'info', serializers: logSerializers }
      : false,
    bodyLimit: 1024 * 1024,
    // Hops or addresses (production-checks.ts), never every hop: a client could pick its own address.
    trustProxy: trustProxyOption(config.trustProxy),
    // What the router refuses before any route runs (a malformed URL, an over-long path parameter)
    // leaves as the envelope too, not as Fastify's own error body.
    frameworkErrors: (error, request, reply) =>
      (reply as FastifyReply).status(error.statusCode ?? 400).send({
        status: false,
        message: translate(
          error.code === 'FST_ERR_MAX_PARAM_LENGTH'
            ? 'error.addressTooLong'
            : 'error.addressInvalid',
          requestLanguage(request),
        ),
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

  const database = await openDatabase({
    dbFile: config.dbFile,
    databaseUrl: config.databaseUrl,
    poolSize: config.poolSize,
    connectTimeoutMs: config.pgConnectTimeoutMs,
    statementTimeoutMs: config.pgStatementTimeoutMs,
  });
  const { db, dialect, exclusive } = database;
  app.addHook('onClose', async () => database.close());
  // Instances that start together migrate once: the first takes the lock and does the work, the
  // others wait for it and find the schema ready. Each domain seeds its own data (its plugin).
  await exclusive('schema', async () => {
    const applied = await migrateToLatest(db, dialect);
    if (applied.length > 0)
      app.log.info(`Applied ${applied.length} migration(s): ${applied.join(', ')}`);
  });

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
  const background = new BackgroundWork(log);
  app.addHook('onClose', async () => background.settled());
  const ctx: AppContext = {
    config,
    db,
    dialect,
    sqlite: database.sqlite,
    exclusive,
    poolStats: database.poolStats,
    writeHealth: database.writeHealth,
    metrics: new Metrics({
      defaultMetrics: true,
      labels: { version: API_PACKAGE_VERSION, contract: API_VERSION, dialect },
    }),
    cluster,
    background,
    rateLimits: new DatabaseRateLimitStore(db),
    log,
  };
  app.decorate('ctx', ctx);

  // Plugins first, then routes.
  await registerCors(app, config, DEVICE_COOKIE_ROUTES);
  await registerSecurityHeaders(app);
  // Before anything that costs a token check or a query; after CORS and headers, so browsers read the 503.
  await registerLoadShedding(app, config.pressure);
  await registerCompression(app);
  await app.register(multipart, { limits: { fileSize: 2 * 1024 * 1024, files: 1, fields: 5 } });
  await registerOpenApi(app, API_VERSION);
  registerErrorHandling(app);
  registerLanguage(app);
  registerRequestMetrics(app);
  registerFiniteNumbers(app);
  registerPublicWriteLimit(app, config, ctx.rateLimits);
  registerAuth(
    app,
    new AuthTokens(db, config.jwtSecret, config.accessTokenTtlSeconds, config.refreshTokenTtlDays),
    levelOfId(config.guestMaturity) ?? ALL_LEVELS,
    new KidsLocks(config.jwtSecret),
  );

  // The domains, each after those whose services it takes (fastify-plugin checks `dependencies`).
  // The OpenAPI document orders its paths by the contract, not by this order.
  const media = options.media ?? new MediaState(config.mediaRoot);
  await app.register(notifications);
  await app.register(catalogue, { media });
  await app.register(billing, { gateway: options.paymentGateway });
  await app.register(accounts, { social: options.social });
  await app.register(playback, { media });
  await app.register(helpCms);
  await app.register(operations, { contractVersion: API_VERSION });
  return app;
}
