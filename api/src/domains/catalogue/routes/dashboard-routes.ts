import { urlsFor } from '../../../lib/urls';
import { checkUserIdParam } from '../../../plugins/auth';
import { Dashboard } from '../schemas/catalogue-schemas';
import { DashboardBody } from '../schemas/dashboard-schemas';
import { buildDashboard } from '../services/dashboard';
import { viewerCountry } from '../../../lib/viewer-country';
import { defineRoutes } from '../../../lib/define-routes';
import type { CatalogueContext } from '../catalogue-context';

export const dashboardRoutes = defineRoutes<CatalogueContext>(['catalogue'], (route, ctx) => {
  route.post('/users/dashboard', {
    summary: 'The home screen: hero and rails',
    description:
      'Guests send { country } (and optionally the genres picked on the interest screen). Signed-in viewers get ' +
      'continue watching (movies and series; a finished episode points at the next one), My List and rails for their genres.',
    body: DashboardBody,
    reply: Dashboard,
    handler: async (request, auth) => {
      const body = request.body ?? {};
      checkUserIdParam(request, body.userId);
      const userId = auth?.userId;
      const country = await viewerCountry(ctx.db, userId, body.country, ctx.config.defaultCountry);
      const data = await buildDashboard(
        ctx,
        country,
        { profileId: auth?.profileId, maturity: request.maturity },
        body.genres,
        urlsFor(request, ctx.config),
      );
      return { message: 'Dashboard.', data };
    },
  });
});
