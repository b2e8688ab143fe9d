import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { urlsFor } from '../lib/urls';
import { checkUserIdParam } from '../plugins/auth';
import { Dashboard } from '../schemas/catalogue-schemas';
import { replies } from '../schemas/common-schemas';
import { DashboardBody } from '../schemas/dashboard-schemas';
import { buildDashboard } from '../services/dashboard';
import { viewerCountry } from '../services/users';

export const dashboardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.post(
    '/users/dashboard',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'The home screen: hero and rails',
        description:
          'Guests send { country } (and optionally the genres picked on the interest screen). Signed-in viewers get ' +
          'continue watching (movies and series; a finished episode points at the next one), My List and rails for their genres.',
        body: DashboardBody,
        response: replies(Dashboard),
      },
    },
    async (request) => {
      const body = request.body ?? {};
      checkUserIdParam(request, body.userId);
      const userId = request.auth?.userId;
      const country = await viewerCountry(ctx.db, userId, body.country, ctx.config.defaultCountry);
      const data = await buildDashboard(
        ctx,
        country,
        userId,
        body.genres,
        urlsFor(request, ctx.config.publicUrl),
      );
      return { status: true as const, message: 'Dashboard.', data };
    },
  );
};
