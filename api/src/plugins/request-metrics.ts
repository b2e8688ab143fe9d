import type { FastifyInstance } from 'fastify';
import { RateLimitedError } from '../lib/http-errors';

/**
 * Every answer counted and timed by method, route pattern and status code: the pattern
 * (`/v1/titles/:movieId`), never the URL, so the label set is as small as the route table; a path
 * no route matches counts as `unmatched`. Refusals by a rate limit are counted per limiter.
 * Operational routes (health, readiness, the metrics themselves) are left out: probes every few
 * seconds would drown the traffic they are meant to watch.
 */
export function registerRequestMetrics(app: FastifyInstance): void {
  const { metrics } = app.ctx;
  app.addHook('onResponse', async (request, reply) => {
    if (request.routeOptions.config?.operational) return;
    const route = request.routeOptions.url ?? 'unmatched';
    const { method } = request;
    metrics.httpRequests.inc({ method, route, status_code: String(reply.statusCode) });
    metrics.httpDuration.observe({ method, route }, reply.elapsedTime / 1000);
  });
  app.addHook('onError', async (_request, _reply, error) => {
    if (error instanceof RateLimitedError) metrics.rateLimited.inc({ limiter: error.limiter });
  });
}
