import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { isLoopbackClient } from '../../../lib/loopback-client';

export type MetricsAccess = 'allowed' | 'forbidden' | 'hidden';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Who may read /metrics: this machine (a Prometheus agent or sidecar beside the API; a request
 * relayed by a proxy is not local, even from 127.0.0.1), or a scraper sending
 * `Authorization: Bearer <METRICS_TOKEN>`. Without a token configured, the endpoint does not
 * exist for anyone else (404); with one, a missing or wrong token is a 403.
 */
export function metricsAccess(request: FastifyRequest, token: string | undefined): MetricsAccess {
  if (isLoopbackClient(request)) return 'allowed';
  if (!token) return 'hidden';
  const sent = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  // Compared as digests: equal lengths, and the time taken says nothing about the token.
  return sent !== undefined && timingSafeEqual(digest(sent), digest(token))
    ? 'allowed'
    : 'forbidden';
}
