import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PressureOptions } from '../config';

const BUSY = 'Streamflix is very busy right now. Please try again in a few seconds.';
const WARN_EVERY_MS = 10_000;

/** under-pressure's handler type says void, but a returned body is what it sends (its README). */
type PressureHandler = (
  request: FastifyRequest,
  reply: FastifyReply,
  type: string,
  value: number | undefined,
) => void;

/**
 * Past a threshold (a mean event-loop delay of a second by default; see PressureOptions) every
 * request but the operational ones is answered 503 with Retry-After at once, before it costs a
 * token check or a query, so the instance drains instead of stalling. Health, readiness and
 * /metrics still answer: a liveness probe that failed under load would have the orchestrator
 * restart a busy instance and push its load onto the others, and an overload is when the metrics
 * matter most. Registered after CORS and the security headers, so a browser can read the 503.
 */
export async function registerLoadShedding(
  app: FastifyInstance,
  pressure: PressureOptions | false,
): Promise<void> {
  if (
    !pressure ||
    !(
      pressure.maxEventLoopDelayMs ||
      pressure.maxEventLoopUtilization ||
      pressure.maxHeapUsedBytes ||
      pressure.maxRssBytes
    )
  )
    return;
  const { metrics } = app.ctx;
  let warnedAt = 0;
  await app.register(underPressure, {
    maxEventLoopDelay: pressure.maxEventLoopDelayMs,
    maxEventLoopUtilization: pressure.maxEventLoopUtilization,
    // The last sample's utilisation, not the average since the process started.
    eventLoopUtilizationMode: 'interval',
    maxHeapUsedBytes: pressure.maxHeapUsedBytes,
    maxRssBytes: pressure.maxRssBytes,
    sampleInterval: pressure.sampleIntervalMs,
    retryAfter: pressure.retryAfterSeconds,
    // Returning nothing lets the request through; returning a body answers it with that body.
    pressureHandler: ((request, reply, type, value) => {
      if (request.routeOptions.config?.operational) return undefined;
      metrics.shed.inc({ reason: type });
      const now = Date.now();
      if (now - warnedAt > WARN_EVERY_MS) {
        warnedAt = now;
        request.log.warn({ signal: type, value }, 'under pressure: shedding requests with 503');
      }
      reply.code(503).header('retry-after', String(pressure.retryAfterSeconds));
      return { status: false, message: BUSY };
    }) as PressureHandler,
  });
}
