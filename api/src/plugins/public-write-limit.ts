import type { FastifyInstance } from 'fastify';
import type { ResolvedConfig } from '../config';
import { tooManyRequests } from '../lib/http-errors';
import { RateLimiter, type RateLimitStore } from '../lib/rate-limiter';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Writes anyone may make without an account: counted per route and client address. */
    publicWrite?: boolean;
  }
}

/**
 * Counted before the body is even parsed, so a flood costs the server as little as possible.
 * Behind proxies, TRUST_PROXY (their number or addresses) makes request.ip the real client.
 */
export function registerPublicWriteLimit(
  app: FastifyInstance,
  config: ResolvedConfig,
  store: RateLimitStore,
): void {
  const limiter = new RateLimiter(
    config.rateLimit.publicWrites,
    config.rateLimit.windowMs,
    store,
    'public-writes:',
  );
  app.addHook('onRequest', async (request) => {
    if (!request.routeOptions.config?.publicWrite) return;
    const key = `${request.routeOptions.url}|${request.ip}`;
    const wait = await limiter.retryAfter(key);
    if (wait > 0)
      throw tooManyRequests(
        wait,
        `Too many requests from this device. Try again in ${Math.ceil(wait / 60)} minute(s).`,
        limiter.label,
      );
    await limiter.hit(key);
  });
}
