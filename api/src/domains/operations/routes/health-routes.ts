import type { RoutesPlugin } from '../../../lib/define-routes';
import type { OperationsContext } from '../operations-context';
import { API_PACKAGE_VERSION } from '../../../lib/build-info';
import { Envelope, ErrorEnvelope } from '../../../lib/common-schemas';
import { HealthStatus, NotReadyEnvelope, Readiness } from '../schemas/operations-schemas';
import { sharedReadiness } from '../services/readiness';

const tags = ['operations'];
/** A balancer probes again after this; media generation takes minutes, a database restart seconds. */
const NOT_READY_RETRY_SECONDS = 5;

/**
 * Probes for load balancers and orchestrators: liveness (`/health`, the process answers; no
 * database, so a database outage never gets healthy instances restarted) and readiness
 * (`/ready`, send traffic here). Public, never shed, never rate limited, and out of the request
 * log and the request metrics, which they would otherwise fill.
 */
export function healthRoutes(contract: string): RoutesPlugin<OperationsContext> {
  return async (app, { ctx }) => {
    const readiness = sharedReadiness(ctx, (msg, err) => app.log.warn({ err }, msg));
    const probe = { operational: true } as const;

    app.get(
      '/health',
      {
        config: probe,
        logLevel: 'warn',
        schema: {
          tags,
          summary: 'Liveness: the process answers',
          description:
            'Cheap and without the database: for a liveness probe. 200 whenever the process can answer at all.',
          response: { 200: Envelope(HealthStatus), '4xx': ErrorEnvelope },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return {
          status: true as const,
          message: 'OK.',
          data: {
            status: 'ok' as const,
            uptimeSeconds: Math.floor(process.uptime()),
            version: API_PACKAGE_VERSION,
            contract,
          },
        };
      },
    );

    app.get(
      '/ready',
      {
        config: probe,
        logLevel: 'warn',
        schema: {
          tags,
          summary: 'Readiness: this instance can serve',
          description:
            'For a load balancer or orchestrator. 200 when the database answers a trivial query within 1 s, every ' +
            "migration this build knows is applied, and the media is ready. Otherwise 503 with Retry-After and data naming what is not (notReady), each check's finding in checks.",
          response: { 200: Envelope(Readiness), '4xx': ErrorEnvelope, 503: NotReadyEnvelope },
        },
      },
      async (_request, reply) => {
        const data = await readiness();
        reply.header('cache-control', 'no-store');
        if (data.status === 'ready') return { status: true as const, message: 'Ready.', data };
        reply.code(503).header('retry-after', String(NOT_READY_RETRY_SECONDS));
        return {
          status: false as const,
          message: `Not ready: ${data.notReady.join(', ')}.`,
          data,
        };
      },
    );
  };
}
