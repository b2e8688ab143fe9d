import { IdParams } from '../../../lib/common-schemas';
import { GenresBody, GenresResult } from '../../catalogue';
import { setPreferredGenres } from '../services/users';
import { defineRoutes } from '../../../lib/define-routes';
import type { AccountsContext } from '../accounts-context';

export const userGenreRoutes = defineRoutes<AccountsContext>(['users'], (route, ctx) => {
  // The spec documents both POST and PUT: one schema and handler for both.
  for (const method of ['post', 'put'] as const) {
    route[method]('/users/uploadGenre/:id', {
      summary: 'Set preferred genres (replaces the set)',
      access: 'self',
      params: IdParams,
      body: GenresBody,
      reply: GenresResult,
      handler: async (request, auth) => {
        const genres = await setPreferredGenres(
          ctx.db,
          ctx.ref,
          auth.profileId,
          request.body.genres,
        );
        return { message: 'Your genres are saved.', data: { genres } };
      },
    });
  }
});
