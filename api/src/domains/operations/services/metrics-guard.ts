import type { FastifyRequest } from 'fastify';
import { hasBearer, isLoopbackClient } from '../../../lib/loopback-client';

export type MetricsAccess = 'allowed' | 'forbidden' | 'hidden';

/**
 * Who may read /metrics: this machine when no proxy is configured (a Prometheus agent or sidecar
 * beside the API; behind TRUST_PROXY a loopback socket may be the proxy relaying anyone), or a
 * scraper sending `Authorization: Bearer <METRICS_TOKEN>`. Without a token configured, the endpoint
 * does not exist for anyone else (404); with one, a missing or wrong token is a 403.
 */
export function metricsAccess(
  request: FastifyRequest,
  token: string | undefined,
  proxyConfigured: boolean,
): MetricsAccess {
  if (isLoopbackClient(request, proxyConfigured)) return 'allowed';
  if (!token) return 'hidden';
  return hasBearer(request, token) ? 'allowed' : 'forbidden';
}
