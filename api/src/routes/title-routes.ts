import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { urlsFor } from '../lib/urls';
import { checkUserIdParam } from '../plugins/auth';
import { TitleDetail } from '../schemas/catalogue-schemas';
import { replies } from '../schemas/common-schemas';
import { TitleParams, TitleQuery } from '../schemas/title-schemas';
import { loadTitleDetail } from '../services/title-detail';
import { viewerCountry } from '../services/users';

export const titleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.get(
    '/titles/:movieId',
    {
      schema: {
        tags: ['catalogue'],
        summary: "A title's detail page",
        description:
          "Movies and series. Series carry seasons with episodes and, for the signed-in viewer, each episode's progress. " +
          "A title not streamable in the caller's country is still described, with availableInYourCountry false (playback is refused).",
        params: TitleParams,
        querystring: TitleQuery,
        response: replies(TitleDetail),
      },
    },
    async (request) => {
      checkUserIdParam(request, request.query.userId);
      const userId = request.auth?.userId;
      const country = await viewerCountry(
        ctx.db,
        userId,
        request.query.country,
        ctx.config.defaultCountry,
      );
      const data = await loadTitleDetail(
        ctx,
        request.params.movieId,
        country,
        userId,
        urlsFor(request, ctx.config.publicUrl),
      );
      return {
        status: true as const,
        message: data.availableInYourCountry
          ? data.name
          : `${data.name} is not available in your country.`,
        data,
      };
    },
  );
};
