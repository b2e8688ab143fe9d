/**
 * The help-cms domain: the help widget, CMS pages and public submissions. Its plugin builds its rate
 * limits and registers its routes; it sends email through the accounts domain's mailer.
 * Another domain imports from this file only (a lint zone in eslint.config.mjs keeps it so);
 * what is not exported here is this domain's own.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerRoutes } from '../../lib/define-routes';
import { RateLimiter } from '../../lib/rate-limiter';
import type { HelpCmsContext } from './help-cms-context';
import { cmsRoutes } from './routes/cms-routes';
import { helpRoutes } from './routes/help-routes';

export const helpCms = fp(
  async (app: FastifyInstance) => {
    const { config, rateLimits } = app.ctx;
    const ctx: HelpCmsContext = {
      ...app.ctx,
      mailer: app.mailer,
      limits: {
        emails: app.emailLimit,
        help: new RateLimiter(10, 10 * 60_000, rateLimits, 'help-sends:'),
        helpGuests: new RateLimiter(
          config.rateLimit.guestHelp,
          config.rateLimit.windowMs,
          rateLimits,
          'help-guests:',
        ),
      },
    };
    await registerRoutes(app, ctx, { v1: [cmsRoutes, helpRoutes] });
  },
  { name: 'help-cms', dependencies: ['accounts'] },
);
