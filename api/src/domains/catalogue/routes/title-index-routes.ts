import { TitleIndexPage, TitleIndexQuery } from '../schemas/title-index-schemas';
import { viewerCountry } from '../../../lib/viewer-country';
import { defineRoutes } from '../../../lib/define-routes';
import type { CatalogueContext } from '../catalogue-context';

/** The ids of every available title, paged: what sitemaps and indexers walk (the shell's host's sitemap.xml). */
export const titleIndexRoutes = defineRoutes<CatalogueContext>(['catalogue'], (route, ctx) => {
  route.get('/titles/index', {
    summary: 'Every available title id, paged',
    description:
      "The id and type of every title streamable in the country (the caller's, else the default) and allowed " +
      "by the caller's maturity ceiling, in a stable order, up to 10,000 per page. Cheap: read from the " +
      'in-memory index, no database query.',
    querystring: TitleIndexQuery,
    reply: TitleIndexPage,
    handler: async (request) => {
      const { page = 1, limit = 1000 } = request.query;
      const country = await viewerCountry(
        ctx.db,
        request.auth?.userId,
        request.query.country,
        ctx.config.defaultCountry,
      );
      const { results, ...paging } = ctx.catalogue.availableTitles(
        country,
        request.maturity,
        page,
        limit,
      );
      return {
        message: `${paging.total} titles.`,
        data: { titles: results, ...paging, country },
      };
    },
  });
});
