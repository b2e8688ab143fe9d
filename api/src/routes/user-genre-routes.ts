import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { bearerSecurity, requireSelf } from '../plugins/auth';
import { IdParams, replies } from '../schemas/common-schemas';
import { GenresBody, GenresResult } from '../schemas/genre-schemas';
import { setPreferredGenres } from '../services/users';

export const userGenreRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  const schema = {
    tags: ['users'],
    summary: 'Set preferred genres (replaces the set)',
    security: bearerSecurity,
    params: IdParams,
    body: GenresBody,
    response: replies(GenresResult),
  };
  // The spec documents both POST and PUT: one schema and handler for both.
  for (const method of ['POST', 'PUT'] as const) {
    app.route({
      method,
      url: '/users/uploadGenre/:id',
      schema,
      handler: async (request) => {
        const auth = requireSelf(request, request.params.id);
        const genres = await setPreferredGenres(ctx.db, ctx.ref, auth.userId, request.body.genres);
        return { status: true as const, message: 'Your genres are saved.', data: { genres } };
      },
    });
  }
};
