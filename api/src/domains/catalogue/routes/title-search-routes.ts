import type { FastifyRequest } from 'fastify';
import { urlsFor } from '../../../lib/urls';
import { checkUserIdParam } from '../../../plugins/auth';
import { FilterOptions, SearchBody, SearchResult } from '../schemas/catalogue-schemas';
import { SearchQuery } from '../schemas/title-search-schemas';
import { type SearchFilters } from '../services/catalogue-queries';
import { clampLimit } from '../../../lib/paging';
import { filterOptions } from '../services/catalogue-reference';
import { viewerCountry } from '../../../lib/viewer-country';
import { defineRoutes } from '../../../lib/define-routes';
import type { CatalogueContext } from '../catalogue-context';
import { requestLanguage } from '../../../plugins/language';

/** Titles search (GET, and its spec alias /titles/search/search), filtered search (POST) and the filters' options. */
export const titleSearchRoutes = defineRoutes<CatalogueContext>(['catalogue'], (route, ctx) => {
  const runSearch = async (
    request: FastifyRequest,
    f: Omit<SearchFilters, 'country'> & { country?: string | null },
  ) => {
    const country = await viewerCountry(
      ctx.db,
      request.auth?.userId,
      f.country,
      ctx.config.defaultCountry,
    );
    const page = await ctx.catalogue.search(
      { ...f, country, maturity: request.maturity },
      urlsFor(request, ctx.config),
    );
    return {
      message:
        page.total === 0
          ? 'No titles match. Try fewer filters or another search.'
          : `${page.total} titles.`,
      data: { ...page, country },
    };
  };

  for (const url of ['/titles/search', '/titles/search/search']) {
    route.get(url, {
      summary: 'Search or browse titles',
      description:
        "Full-text search (q) with paging, in the caller's country. Without q: the most popular titles (explore).",
      querystring: SearchQuery,
      reply: SearchResult,
      handler: async (request) => {
        const q = request.query;
        checkUserIdParam(request, q.userId);
        return runSearch(request, {
          q: q.q ?? q.search,
          type: q.type,
          genres: q.genre ? [q.genre] : undefined,
          page: q.page ?? 1,
          limit: clampLimit(q.limit),
          country: q.country,
        });
      },
    });
  }

  route.post('/titles/search', {
    summary: 'Search with filters',
    body: SearchBody,
    reply: SearchResult,
    handler: async (request) => {
      const b = request.body;
      checkUserIdParam(request, b.userId);
      const clean = (list?: string[] | null) => list?.map((v) => v.trim()).filter(Boolean);
      return runSearch(request, {
        q: b.search ?? undefined,
        categories: clean(b.categories),
        genres: clean(b.genres),
        countries: clean(b.countries),
        languages: clean(b.languages),
        timePeriods: clean(b.timePeriods),
        type: b.type ?? undefined,
        sortBy: b.sortBy ?? undefined,
        page: b.page ?? 1,
        limit: clampLimit(b.limit),
        country: b.country,
      });
    },
  });

  route.get('/titles/filters', {
    summary: 'Options for the explore filters',
    reply: FilterOptions,
    handler: async (request) => ({
      message: 'Filter options.',
      data: filterOptions(ctx.ref, requestLanguage(request)),
    }),
  });
});
