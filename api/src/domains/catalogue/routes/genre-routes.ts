import { Type } from 'typebox';
import { Genre } from '../schemas/genre-schemas';
import { defineRoutes } from '../../../lib/define-routes';
import type { CatalogueContext } from '../catalogue-context';

export const genreRoutes = defineRoutes<CatalogueContext>(['catalogue'], (route, ctx) => {
  route.get('/genres', {
    summary: 'All genres',
    reply: Type.Array(Genre),
    handler: async () => ({ message: 'Genres.', data: ctx.ref.genres }),
  });
});
