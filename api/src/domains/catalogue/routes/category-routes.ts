import { Type } from 'typebox';
import { notFound } from '../../../lib/http-errors';
import { urlsFor } from '../../../lib/urls';
import { CategoryPage, CategorySummary } from '../schemas/catalogue-schemas';
import { CategoryParams, CategoryQuery } from '../schemas/category-schemas';
import { clampLimit } from '../../../lib/paging';
import { categorySummary, findCategoryOrGenre } from '../services/catalogue-reference';
import { viewerCountry } from '../../../lib/viewer-country';
import { defineRoutes } from '../../../lib/define-routes';
import type { CatalogueContext } from '../catalogue-context';
import { requestLanguage } from '../../../plugins/language';

/** The spec's misspelt `/categorys`: every category, and one category's titles paged. */
export const categoryRoutes = defineRoutes<CatalogueContext>(['catalogue'], (route, ctx) => {
  route.get('/categorys', {
    summary: 'All categories',
    reply: Type.Array(CategorySummary),
    handler: async (request) => {
      const language = requestLanguage(request);
      return {
        message: 'Categories.',
        data: ctx.ref.categories.map((c) => categorySummary(c, language)),
      };
    },
  });

  route.get('/categorys/details-test/:catName', {
    summary: 'Titles of a category, paged',
    description:
      'catName is a category slug (trending, new-releases, top-rated, series, movies, or a genre such as drama). ' +
      'hasMore turns false on the last page (a deliberate fix: the spec kept paging after an empty page).',
    params: CategoryParams,
    querystring: CategoryQuery,
    reply: CategoryPage,
    handler: async (request, auth) => {
      const category = findCategoryOrGenre(ctx.ref, request.params.catName);
      if (!category) throw notFound(`There is no category called "${request.params.catName}".`);
      const { country: asked } = request.query;
      const country = await viewerCountry(ctx.db, auth?.userId, asked, ctx.config.defaultCountry);
      const page = await ctx.catalogue.categoryTitles(
        category,
        country,
        request.query.page ?? 1,
        clampLimit(request.query.limit),
        urlsFor(request, ctx.config),
        request.maturity,
      );
      const summary = categorySummary(category, requestLanguage(request));
      return {
        message: summary.name,
        data: {
          category: summary,
          titles: page.results,
          page: page.page,
          limit: page.limit,
          total: page.total,
          hasMore: page.hasMore,
          country,
        },
      };
    },
  });
});
