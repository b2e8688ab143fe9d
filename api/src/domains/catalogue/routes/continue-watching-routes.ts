import { defineRoutes } from '../../../lib/define-routes';
import type { CatalogueContext } from '../catalogue-context';
import { ContinueWatchingParams, WatchedBody } from '../schemas/rating-schemas';
import { hideFromContinueWatching, markWatched } from '../services/watch-history';

/** Continue watching under the viewer's control: per profile, so every device of that profile sees it. */
export const continueWatchingRoutes = defineRoutes<CatalogueContext>(
  ['catalogue'],
  (route, ctx) => {
    route.delete('/continue-watching/:movieId', {
      summary: 'Remove a title from Continue watching',
      description: 'Its progress is kept; it comes back when it is watched again.',
      access: 'signed-in',
      params: ContinueWatchingParams,
      handler: async (request, auth) => {
        await hideFromContinueWatching(ctx.db, auth.profileId, request.params.movieId);
        return { message: 'Removed from Continue watching.' };
      },
    });

    route.put('/titles/:movieId/watched', {
      summary: 'Mark a title watched or unwatched',
      access: 'signed-in',
      params: ContinueWatchingParams,
      body: WatchedBody,
      handler: async (request, auth) => {
        await markWatched(ctx.db, auth.profileId, request.params.movieId, request.body.watched);
        return { message: request.body.watched ? 'Marked as watched.' : 'Marked as unwatched.' };
      },
    });
  },
);
