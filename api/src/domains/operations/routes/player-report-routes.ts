import { defineRoutes } from '../../../lib/define-routes';
import type { OperationsContext } from '../operations-context';
import { notFound, tooManyRequests } from '../../../lib/http-errors';
import { MemoryRateLimitStore, RateLimiter } from '../../../lib/rate-limiter';
import { PlaybackReport, PlaybackReportResult } from '../schemas/operations-schemas';
import { PlayerMetrics } from '../services/player-metrics';

/** A session sends a handful (first frame, a stall or error now and then, one on leaving). */
const REPORTS_PER_CLIENT = 120;
const WINDOW_MS = 10 * 60_000;

export const playerReportRoutes = defineRoutes<OperationsContext>(
  ['playback'],
  (route, ctx, app) => {
    const player = new PlayerMetrics(ctx.metrics, ctx.config.playerMetricsMaxTitles);
    // Counted in this instance's memory, unlike the limits kept in the database: a report writes no
    // row, and an upsert per report would cost more than the report. Behind N instances a client
    // gets up to N times the limit, which bounds noise in the metrics just as well.
    const limiter = new RateLimiter(
      REPORTS_PER_CLIENT,
      WINDOW_MS,
      new MemoryRateLimitStore(),
      'player-reports:',
    );
    // Before the body is read, like the other public writes.
    app.addHook('onRequest', async (request) => {
      const wait = await limiter.retryAfter(request.ip);
      if (wait > 0)
        throw tooManyRequests(
          wait,
          'Too many playback reports from this device. Try again later.',
          limiter.label,
        );
      await limiter.hit(request.ip);
    });

    route.post('/playback/reports', {
      summary: "The web player's quality report: start-up time, stalls, rendition switches, errors",
      description:
        'Guests too, no token needed. Aggregated into the metrics operators scrape (GET /metrics) per title and rendition ' +
        `(by height: 240p … 2160p), never stored. 404 for a title the catalogue does not have; ${REPORTS_PER_CLIENT} reports ` +
        `per client per ${WINDOW_MS / 60_000} minutes (429).`,
      // A stale token must not cost a report: it names no one here anyway.
      config: { lenientAuth: true },
      bodyLimit: 16 * 1024,
      body: PlaybackReport,
      reply: PlaybackReportResult,
      status: 202,
      handler: async (request) => {
        if (!ctx.catalogue.find(request.body.titleId))
          throw notFound('We could not find that title.');
        return { message: 'Thanks.', data: { recorded: player.record(request.body) } };
      },
    });
  },
);
