import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HttpProblem } from '../http-problem';
import { answers, EnvironmentParams, Problem } from '../schemas';
import { missingEnvironment } from '../routes/edit-guard';
import { SignalAccepted, SignalBatch, SignalSummary, SignalSummaryQuery } from './signal-schemas';

/** A signal batch is small (the shell caps a beacon at 16 KB); anything larger is refused. */
export const SIGNAL_BODY_LIMIT = 64 * 1024;

/** Batches per client address per minute (the shell's host forwards for its viewers). */
export class RateLimit {
  private window = 0;
  private readonly counts = new Map<string, number>();
  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}
  allow(key: string): boolean {
    const window = Math.floor(this.now() / 60_000);
    if (window !== this.window) {
      this.window = window;
      this.counts.clear();
    }
    const n = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, n);
    return n <= this.perMinute;
  }
}

/**
 * Browser signals: a shell's host forwards its viewers' reports (POST, unauthenticated: browsers send
 * them, but validated, size-capped and rate-limited per client address); the console and `compose
 * show` read each remote's arms back with the analysis of its canary; Prometheus scrapes /metrics.
 */
export const signalRoutes =
  (options: { ratePerMinute: number; now: () => Date }): FastifyPluginAsyncTypebox =>
  async (app) => {
    const { environments, signals, analysis, metrics } = app.controlPlane;
    const limit = new RateLimit(options.ratePerMinute);
    const tags = ['signals'];

    app.post(
      '/environments/:environment/signals',
      {
        bodyLimit: SIGNAL_BODY_LIMIT,
        // Before the body is read: a flood of garbage is turned away as cheaply as a flood of reports.
        onRequest: async (request) => {
          if (limit.allow(request.ip)) return;
          metrics.rejected.inc({ reason: 'rate-limited' });
          throw new HttpProblem(429, 'rate-limited', 'Too many signal batches; slow down.');
        },
        schema: {
          tags,
          summary: "Count a page load's browser signals (forwarded by the shell's host)",
          description:
            'Unauthenticated, validated, at most 64 KB, rate-limited per client address (429). Reports for a ' +
            "remote the environment does not list are dropped; a version that is none of the remote's entries " +
            "is counted as `other`, so the metrics' label sets stay bounded.",
          params: EnvironmentParams,
          body: SignalBatch,
          response: {
            202: SignalAccepted,
            '4xx': Problem,
            '5xx': Problem,
          },
        },
      },
      async (request, reply) => {
        const view = await environments.get(request.params.environment);
        if (!view) {
          metrics.rejected.inc({ reason: 'unknown-environment' });
          throw missingEnvironment(request.params.environment);
        }
        const counted = await signals.record(view.document, request.body, options.now());
        return reply.status(202).send(counted);
      },
    );

    app.get(
      '/environments/:environment/signals',
      {
        schema: {
          tags,
          summary: "Each remote's arms over a recent window, and each canary's analysis",
          description:
            'Sessions, error sessions per 1,000, LCP and INP p75 per remote, arm and version (sessions that ' +
            'began in the window); for each running canary its spec, checks so far and the last check.',
          params: EnvironmentParams,
          querystring: SignalSummaryQuery,
          response: answers(SignalSummary),
        },
      },
      async (request) => {
        const view = await environments.get(request.params.environment);
        if (!view) throw missingEnvironment(request.params.environment);
        const minutes = request.query.windowMinutes ?? 60;
        const since = new Date(options.now().getTime() - minutes * 60_000);
        return {
          environment: view.environment,
          since: since.toISOString(),
          items: await signals.summary(view.environment, since),
          canaries: await analysis.view(view),
        };
      },
    );
  };
