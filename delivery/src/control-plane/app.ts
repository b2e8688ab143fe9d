import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import type {} from './context';
import type { BuildStore } from '../build-store/build-store';
import { buildStoreFromEnv } from '../build-store/config';
import { HttpProblem } from './http-problem';
import { openDatabase, type DatabaseOptions } from './database';
import { EnvironmentStore } from './environments';
import { readRegistry, type RemoteRegistry } from './registry';
import { environmentRoutes } from './routes/environment-routes';
import { auditRoutes } from './routes/audit-routes';
import { sessionRoutes } from './routes/session-routes';
import { remoteRoutes } from './routes/remote-routes';
import { canaryRoutes } from './routes/canary-routes';
import { consoleRoutes } from './routes/console-routes';
import { DEFAULT_CONSOLE_DIR } from './config';
import { FolderStore } from '../build-store/folder-store';
import { buildRoutes } from './routes/build-routes';
import { folderBuilds } from './routes/folder-builds';
import { isUnavailable, RETRY_AFTER_SECONDS } from './unavailable';
import type { CompositionDocument } from './schemas';
import { TokenStore } from './tokens';
import { PreviewKeys } from './preview-keys';
import { previewRoutes } from './routes/preview-routes';
import { SignalStore } from './signals/signal-store';
import { SignalMetrics } from './signals/signal-metrics';
import { CanaryAnalysis } from './signals/canary-analysis';
import { DEFAULT_ANALYSIS, type AnalysisSettings } from './signals/analysis-settings';
import { signalRoutes } from './signals/signal-routes';

export interface ControlPlaneOptions extends DatabaseOptions {
  /** Ownership of remotes; remotes.json at the repository root unless given. */
  registry?: RemoteRegistry;
  /** Environments created (at revision 1) when the database has none of that name. */
  seeds?: CompositionDocument[];
  /** Where deployed builds go: DELIVERY_S3_* or the folder store (delivery/data/builds) unless given. */
  builds?: BuildStore;
  logger?: boolean;
  now?: () => Date;
  /** What the gate of a rollback fetches manifests and remote entries with (each fetch times out). */
  fetch?: typeof fetch;
  /** The console's built files (delivery/dist/console unless given). */
  consoleDir?: string;
  /** The canaries' analysis (CONTROL_PLANE_ANALYSIS_* in the server; the defaults unless given). */
  analysis?: Partial<AnalysisSettings>;
  /** What the analysis's webhook is called with. */
  webhookFetch?: typeof fetch;
  /** Signal batches per client address per minute (CONTROL_PLANE_SIGNALS_RATE_PER_MINUTE). */
  signalsPerMinute?: number;
}

/** A gate's fetch that gives up: a remote's host that hangs must not hold a rollback forever. */
const GATE_FETCH_TIMEOUT_MS = 15_000;

export const CONTROL_PLANE_API_VERSION = '1.0.0';

export async function buildControlPlane(
  options: ControlPlaneOptions = {},
): Promise<FastifyInstance> {
  const registry = options.registry ?? readRegistry();
  const database = await openDatabase(options);
  const environments = new EnvironmentStore(database.db, database.dialect, options.now);
  const builds = options.builds ?? buildStoreFromEnv();
  const previewKeys = new PreviewKeys(database.db, options.now);
  try {
    for (const seed of options.seeds ?? []) await environments.seed(seed);
    await builds.prepare?.();
    // Published from the start: a shell host that fetched the keys before the first link knows it.
    await previewKeys.signing();
  } catch (err) {
    await database.close();
    throw err;
  }
  const app = Fastify({
    logger: options.logger ? { level: process.env.LOG_LEVEL ?? 'info' } : false,
    bodyLimit: 256 * 1024,
    // An unknown field is refused, not dropped: a misspelt `ifRevison` must not become a blind write.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true } },
  }).withTypeProvider<TypeBoxTypeProvider>();
  const metrics = new SignalMetrics();
  const signals = new SignalStore(database.db, metrics);
  const analysis = new CanaryAnalysis({
    db: database.db,
    environments,
    signals,
    metrics,
    settings: { ...DEFAULT_ANALYSIS, ...options.analysis },
    now: options.now ?? (() => new Date()),
    log: (line) => app.log.info(line),
    fetch: options.webhookFetch,
  });
  app.decorate('controlPlane', {
    registry,
    tokens: new TokenStore(database.db, registry, options.now),
    environments,
    database,
    gate: (log) => ({
      fetch: (input, init) =>
        (options.fetch ?? fetch)(input, {
          ...init,
          signal: init?.signal ?? AbortSignal.timeout(GATE_FETCH_TIMEOUT_MS),
        }),
      now: options.now ?? (() => new Date()),
      log: (line) => log.info(line),
    }),
    builds,
    previewKeys,
    signals,
    analysis,
    metrics,
  });
  app.addHook('onClose', async () => {
    analysis.stop();
    await database.close();
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof HttpProblem)
      return reply
        .status(error.statusCode)
        .send({ error: error.error, message: error.message, ...error.extra });
    if (isUnavailable(error)) {
      request.log.warn({ err: error }, 'control plane dependency unreachable');
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({
          error: 'unavailable',
          message: `The control plane cannot reach its ${error instanceof Error && error.name === 'StoreUnavailable' ? 'build store' : 'database'} right now; retry in ${RETRY_AFTER_SECONDS} s.`,
        });
    }
    const err = error as { validation?: unknown; statusCode?: number; message: string };
    if (err.validation)
      return reply.status(400).send({ error: 'invalid-request', message: err.message });
    const status = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'control plane request failed');
    return reply.status(status).send({
      error: status >= 500 ? 'internal' : 'bad-request',
      message: status >= 500 ? 'The control plane could not do that; try again.' : err.message,
    });
  });
  app.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .send({ error: 'not-found', message: `There is no ${request.method} ${request.url}.` }),
  );

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'StreamFlix delivery control plane',
        version: CONTROL_PLANE_API_VERSION,
        description:
          'Environments (which version of each remote runs where), edited by compare-and-swap on a revision, ' +
          'with an append-only audit. Writes need a bearer token: a team token moves only its team’s remotes ' +
          '(owners from remotes.json); an environment-owner token moves any remote of its environment. ' +
          'Reading an environment is public (its document is what every browser of that environment loads).',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
      },
    },
    hideUntagged: true,
  });
  await app.register(
    async (v1) => {
      await v1.register(sessionRoutes);
      await v1.register(environmentRoutes);
      await v1.register(remoteRoutes);
      await v1.register(canaryRoutes);
      await v1.register(previewRoutes);
      await v1.register(auditRoutes);
      await v1.register(buildRoutes);
      await v1.register(
        signalRoutes({
          ratePerMinute: options.signalsPerMinute ?? 600,
          now: options.now ?? (() => new Date()),
        }),
      );
      v1.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: '/v1' },
  );
  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) =>
    reply.type(metrics.registry.contentType).send(await metrics.registry.metrics()),
  );
  await app.register(consoleRoutes, { dir: options.consoleDir ?? DEFAULT_CONSOLE_DIR });
  if (builds instanceof FolderStore) await app.register(folderBuilds(builds));
  return app;
}
