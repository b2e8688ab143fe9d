import type { RoutesPlugin } from '../../../lib/define-routes';
import type { OperationsContext } from '../operations-context';
import { notFound, forbidden } from '../../../lib/http-errors';
import { metricsAccess } from '../services/metrics-guard';
import { instrumentServices } from '../services/service-metrics';

/**
 * GET /metrics: Prometheus text format, at the root like every exporter (not part of the /v1
 * contract). For this machine, or a scraper with METRICS_TOKEN (services/metrics-guard.ts).
 */
export const metricsRoutes: RoutesPlugin<OperationsContext> = async (app, { ctx }) => {
  const stop = instrumentServices(ctx);
  app.addHook('onClose', async () => stop());

  app.get(
    '/metrics',
    {
      // The bearer token here is METRICS_TOKEN, not a viewer's: the auth plugin must not refuse it.
      config: { operational: true, lenientAuth: true },
      logLevel: 'warn',
      schema: { hide: true },
    },
    async (request, reply) => {
      const access = metricsAccess(
        request,
        ctx.config.metricsToken,
        ctx.config.trustProxy !== undefined,
      );
      if (access === 'hidden') throw notFound('There is no GET /metrics endpoint.');
      if (access === 'forbidden')
        throw forbidden('Send the metrics token as Authorization: Bearer <token>.');
      const { contentType, body } = await ctx.metrics.exposition();
      return reply
        .header('content-type', contentType)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
};
