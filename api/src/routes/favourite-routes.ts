import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { urlsFor } from '../lib/urls';
import { bearerSecurity, requireSelf } from '../plugins/auth';
import { IdParams, replies } from '../schemas/common-schemas';
import {
  FavouriteBody,
  FavouriteChange,
  FavouriteList,
  FavouritePatch,
} from '../schemas/favourite-schemas';
import { addFavourite, listFavourites, removeOrToggleFavourite } from '../services/favourites';

const tags = ['my-list'];

/** My List at the spec's `/users/favourite/{id}`. */
export const favouriteRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const list = (request: FastifyRequest, userId: string) =>
    listFavourites(ctx.db, ctx.catalogue, userId, urlsFor(request, ctx.config.publicUrl));

  app.get(
    '/users/favourite/:id',
    {
      schema: {
        tags,
        summary: 'My list, newest first',
        security: bearerSecurity,
        params: IdParams,
        response: replies(FavouriteList),
      },
    },
    async (request) => {
      requireSelf(request, request.params.id);
      return {
        status: true as const,
        message: 'My list.',
        data: await list(request, request.params.id),
      };
    },
  );

  app.post(
    '/users/favourite/:id',
    {
      schema: {
        tags,
        summary: 'Add a title to my list',
        security: bearerSecurity,
        params: IdParams,
        body: FavouriteBody,
        description: 'Idempotent: adding a title twice keeps one entry. Returns the updated list.',
        response: replies(FavouriteChange),
      },
    },
    async (request) => {
      requireSelf(request, request.params.id);
      await addFavourite(ctx.db, request.params.id, request.body.titleId);
      return {
        status: true as const,
        message: 'Added to My List.',
        data: { ...(await list(request, request.params.id)), inMyList: true },
      };
    },
  );

  app.patch(
    '/users/favourite/:id',
    {
      schema: {
        tags,
        summary: 'Remove a title from my list (or toggle)',
        security: bearerSecurity,
        params: IdParams,
        description:
          'Default action "remove" takes the title out (no error if absent). action "toggle" adds it when absent and removes it when present. ' +
          'data.inMyList tells the final state.',
        body: FavouritePatch,
        response: replies(FavouriteChange),
      },
    },
    async (request) => {
      requireSelf(request, request.params.id);
      const { titleId, action = 'remove' } = request.body;
      const inMyList = await removeOrToggleFavourite(ctx.db, request.params.id, titleId, action);
      return {
        status: true as const,
        message: inMyList ? 'Added to My List.' : 'Removed from My List.',
        data: { ...(await list(request, request.params.id)), inMyList },
      };
    },
  );
};
