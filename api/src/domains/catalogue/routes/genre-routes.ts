import { Type } from 'typebox';
import { Genre } from '../schemas/genre-schemas';
import { defineRoutes } from '../../../lib/define-routes';
import type { CatalogueContext } from '../catalogue-context';
import { requestLanguage } from '../../../plugins/language';
import { localGenres } from '../services/catalogue-names';

export const genreRoutes = defineRoutes<CatalogueContext>(['catalogue'], (route, ctx) => {
  route.get('/genres', {
    summary: 'All genres',
    reply: Type.Array(Genre),
    description:
      "Named in the request's language (the profile's, else Accept-Language's), in its alphabetical order.",
    handler: async (request) => ({
      message: 'Genres.',
      data: localGenres(ctx.ref.genres, requestLanguage(request)),
    }),
  });
});
