import { urlsFor } from '../../../lib/urls';
import { translate } from '../../../lib/i18n/messages';
import { requestLanguage } from '../../../plugins/language';
import { checkUserIdParam } from '../../../plugins/auth';
import { TitleDetail } from '../schemas/catalogue-schemas';
import { TitleParams, TitleQuery } from '../schemas/title-schemas';
import { loadTitleDetail } from '../services/title-detail';
import { viewerCountry } from '../../../lib/viewer-country';
import { defineRoutes } from '../../../lib/define-routes';
import type { CatalogueContext } from '../catalogue-context';

export const titleRoutes = defineRoutes<CatalogueContext>(['catalogue'], (route, ctx) => {
  route.get('/titles/:movieId', {
    summary: "A title's detail page",
    description:
      "Movies and series. Series carry seasons with episodes and, for the signed-in viewer, each episode's progress. " +
      "A title not streamable in the caller's country is still described, with availableInYourCountry false (playback is refused).",
    params: TitleParams,
    querystring: TitleQuery,
    reply: TitleDetail,
    handler: async (request, auth) => {
      checkUserIdParam(request, request.query.userId);
      const { country: asked } = request.query;
      const country = await viewerCountry(ctx.db, auth?.userId, asked, ctx.config.defaultCountry);
      const data = await loadTitleDetail(
        ctx,
        request.params.movieId,
        country,
        { profileId: auth?.profileId, maturity: request.maturity },
        urlsFor(request, ctx.config),
      );
      return {
        message: data.availableInYourCountry
          ? data.name
          : translate('error.notInCountry', requestLanguage(request), { title: data.name }),
        data,
      };
    },
  });
});
