import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../../../lib/auth-tokens';
import { urlsFor } from '../../../lib/urls';
import { IdParams } from '../../../lib/common-schemas';
import {
  FavouriteBody,
  FavouriteChange,
  FavouriteList,
  FavouritePatch,
} from '../schemas/favourite-schemas';
import { addFavourite, listFavourites, removeOrToggleFavourite } from '../services/favourites';
import { defineRoutes } from '../../../lib/define-routes';
import type { CatalogueContext } from '../catalogue-context';

/** My List at the spec's `/users/favourite/{id}`. */
export const favouriteRoutes = defineRoutes<CatalogueContext>(['my-list'], (route, ctx) => {
  // The list is the calling device's profile's; the path's account id is checked by access "self".
  const list = (request: FastifyRequest, auth: AuthContext) =>
    listFavourites(ctx.db, ctx.catalogue, auth, urlsFor(request, ctx.config));

  route.get('/users/favourite/:id', {
    summary: 'My list, newest first',
    access: 'self',
    params: IdParams,
    reply: FavouriteList,
    handler: async (request, auth) => ({
      message: 'My list.',
      data: await list(request, auth),
    }),
  });

  route.post('/users/favourite/:id', {
    summary: 'Add a title to my list',
    description: 'Idempotent: adding a title twice keeps one entry. Returns the updated list.',
    access: 'self',
    params: IdParams,
    body: FavouriteBody,
    reply: FavouriteChange,
    handler: async (request, auth) => {
      await addFavourite(ctx, auth, request.body.titleId);
      return {
        message: 'Added to My List.',
        data: { ...(await list(request, auth)), inMyList: true },
      };
    },
  });

  route.patch('/users/favourite/:id', {
    summary: 'Remove a title from my list (or toggle)',
    description:
      'Default action "remove" takes the title out (no error if absent). action "toggle" adds it when absent and removes it when present. ' +
      'data.inMyList tells the final state.',
    access: 'self',
    params: IdParams,
    body: FavouritePatch,
    reply: FavouriteChange,
    handler: async (request, auth) => {
      const { titleId, action = 'remove' } = request.body;
      const inMyList = await removeOrToggleFavourite(ctx, auth, titleId, action);
      return {
        message: inMyList ? 'Added to My List.' : 'Removed from My List.',
        data: { ...(await list(request, auth)), inMyList },
      };
    },
  });
});
