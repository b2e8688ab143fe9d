/**
 * The operations domain: health and readiness probes, /metrics, and the player's quality reports
 * that feed it. Its plugin registers those routes, /metrics at the root like every exporter.
 * Another domain imports from this file only (a lint zone in eslint.config.mjs keeps it so);
 * what is not exported here is this domain's own.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerRoutes } from '../../lib/define-routes';
import type { OperationsContext } from './operations-context';
import { healthRoutes } from './routes/health-routes';
import { metricsRoutes } from './routes/metrics-routes';
import { playerReportRoutes } from './routes/player-report-routes';

export interface OperationsOptions {
  /** The contract's version, which /v1/health reports. */
  contractVersion: string;
}

export const operations = fp(
  async (app: FastifyInstance, options: OperationsOptions) => {
    const ctx: OperationsContext = {
      ...app.ctx,
      media: app.media,
      billing: app.billing,
      catalogue: app.catalogue,
      push: app.push,
    };
    await registerRoutes(app, ctx, {
      v1: [playerReportRoutes, healthRoutes(options.contractVersion)],
      root: [metricsRoutes],
    });
  },
  { name: 'operations', dependencies: ['playback', 'billing', 'catalogue', 'notifications'] },
);
