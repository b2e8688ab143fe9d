import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { replies } from '../schemas/common-schemas';
import { Genre } from '../schemas/genre-schemas';

export const genreRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.get(
    '/genres',
    {
      schema: { tags: ['catalogue'], summary: 'All genres', response: replies(Type.Array(Genre)) },
    },
    async () => ({ status: true as const, message: 'Genres.', data: ctx.ref.genres }),
  );
};
