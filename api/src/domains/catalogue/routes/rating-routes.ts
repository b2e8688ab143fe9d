import { defineRoutes } from '../../../lib/define-routes';
import type { CatalogueContext } from '../catalogue-context';
import { RatingBody, RatingList, RatingParams, RatingResult } from '../schemas/rating-schemas';
import { listRatings, rateTitle } from '../services/ratings';

/** Ratings: per profile per title. "I love this" makes "Because you loved …" rails; "Not for me" leaves recommendations. */
export const ratingRoutes = defineRoutes<CatalogueContext>(['ratings'], (route, ctx) => {
  route.get('/ratings', {
    summary: "The profile's ratings, newest first",
    access: 'signed-in',
    reply: RatingList,
    handler: async (_request, auth) => ({
      message: 'Ratings.',
      data: { ratings: await listRatings(ctx.db, auth.profileId) },
    }),
  });

  route.put('/titles/:movieId/rating', {
    summary: 'Rate a title: not-for-me, like or love (null clears)',
    access: 'signed-in',
    params: RatingParams,
    body: RatingBody,
    reply: RatingResult,
    handler: async (request, auth) => {
      const rating = await rateTitle(
        ctx.db,
        ctx.catalogue,
        auth,
        request.params.movieId,
        request.body.rating,
      );
      return {
        message: rating === null ? 'Rating cleared.' : 'Thanks, rating saved.',
        data: { titleId: request.params.movieId, rating },
      };
    },
  });
});
