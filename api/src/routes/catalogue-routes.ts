import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import type { AppContext } from '../app-context';
import { badRequest, notFound } from '../lib/http-errors';
import { nowIso } from '../lib/ids';
import { urlsFor } from '../lib/urls';
import { bearerSecurity, requireAuth, requireSelf } from '../plugins/auth';
import {
  CategoryPage,
  CategorySummary,
  Dashboard,
  FilterOptions,
  SearchBody,
  SearchResult,
  TitleDetail,
} from '../schemas/catalogue-schemas';
import {
  Country,
  EpisodeRef,
  Id,
  Nullable,
  PageQuery,
  Progress,
  replies,
} from '../schemas/common-schemas';
import {
  clampLimit,
  type SearchFilters,
  type SortBy,
  type TitleCard,
} from '../services/catalogue-queries';
import type { Category } from '../services/catalogue-reference';
import { continueWatching, episodeRef, nextEpisode, progressOf } from '../services/watch-history';

const SORT_LABELS: Record<SortBy, string> = {
  relevance: 'Best match',
  popularity: 'Most popular',
  newest: 'Newest',
  oldest: 'Oldest',
  rating: 'Highest rated',
  az: 'A to Z',
};

/** The caller's country: explicit query, else the signed-in user's, else the server default. */
async function countryFor(
  ctx: AppContext,
  request: FastifyRequest,
  explicit?: string | null,
): Promise<string> {
  if (explicit) return explicit.toUpperCase();
  if (request.auth) {
    const row = await ctx.db
      .selectFrom('users')
      .select('country')
      .where('id', '=', request.auth.userId)
      .executeTakeFirst();
    if (row) return row.country;
  }
  return ctx.config.defaultCountry;
}

/** userId in a query or body is the spec's habit; it may only name the caller. Guests' userId is ignored. */
function checkUserIdParam(request: FastifyRequest, userId?: string | null): void {
  if (userId && request.auth) requireSelf(request, userId);
}

const categorySummary = (c: Category) => ({ id: c.id, slug: c.slug, name: c.name, rule: c.rule });

const SearchQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 200, description: 'Search text.' })),
  search: Type.Optional(Type.String({ maxLength: 200, description: 'Alias of q.' })),
  country: Type.Optional(Country),
  type: Type.Optional(Type.Union([Type.Literal('movie'), Type.Literal('series')])),
  genre: Type.Optional(Type.String({ maxLength: 60 })),
  userId: Type.Optional(Type.String({ maxLength: 100 })),
  ...PageQuery,
});

export const catalogueRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const tags = ['catalogue'];

  const runSearch = async (
    request: FastifyRequest,
    f: Omit<SearchFilters, 'country'> & { country?: string | null },
  ) => {
    const country = await countryFor(ctx, request, f.country);
    const page = await ctx.catalogue.search(
      { ...f, country },
      urlsFor(request, ctx.config.publicUrl),
    );
    return {
      status: true as const,
      message:
        page.total === 0
          ? 'No titles match. Try fewer filters or another search.'
          : `${page.total} titles.`,
      data: { ...page, country },
    };
  };

  const getSearch = {
    schema: {
      tags,
      summary: 'Search or browse titles',
      description:
        "Full-text search (q) with paging, in the caller's country. Without q: the most popular titles (explore).",
      querystring: SearchQuery,
      response: replies(SearchResult),
    },
  };
  const getSearchHandler = async (
    request: FastifyRequest<{ Querystring: Static<typeof SearchQuery> }>,
  ) => {
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
  };
  app.get('/titles/search', getSearch, getSearchHandler);
  app.get('/titles/search/search', getSearch, getSearchHandler);

  app.post(
    '/titles/search',
    {
      schema: {
        tags,
        summary: 'Search with filters',
        body: SearchBody,
        response: replies(SearchResult),
      },
    },
    async (request) => {
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
  );

  app.get(
    '/titles/filters',
    {
      schema: {
        tags,
        summary: 'Options for the explore filters',
        response: replies(FilterOptions),
      },
    },
    async () => ({
      status: true as const,
      message: 'Filter options.',
      data: {
        genres: ctx.ref.genres,
        categories: ctx.ref.categories.map(categorySummary),
        countries: ctx.ref.countries,
        languages: ctx.ref.languages,
        timePeriods: ctx.ref.decades.map((d) => ({ value: `${d}s`, label: `${d}s` })),
        sortOptions: (Object.keys(SORT_LABELS) as SortBy[]).map((value) => ({
          value,
          label: SORT_LABELS[value],
        })),
      },
    }),
  );

  app.get(
    '/categorys',
    {
      schema: { tags, summary: 'All categories', response: replies(Type.Array(CategorySummary)) },
    },
    async () => ({
      status: true as const,
      message: 'Categories.',
      data: ctx.ref.categories.map(categorySummary),
    }),
  );

  app.get(
    '/categorys/details-test/:catName',
    {
      schema: {
        tags,
        summary: 'Titles of a category, paged',
        description:
          'catName is a category slug (trending, new-releases, top-rated, series, movies, or a genre such as drama). ' +
          'hasMore turns false on the last page (a deliberate fix: the spec kept paging after an empty page).',
        params: Type.Object({ catName: Type.String({ minLength: 1, maxLength: 80 }) }),
        querystring: Type.Object({ country: Type.Optional(Country), ...PageQuery }),
        response: replies(CategoryPage),
      },
    },
    async (request) => {
      const category =
        ctx.ref.findCategory(request.params.catName) ??
        (() => {
          const genre = ctx.ref.findGenre(request.params.catName);
          return genre
            ? ctx.ref.categories.find((c) => c.rule === 'genre' && c.genreId === genre.id)
            : undefined;
        })();
      if (!category) throw notFound(`There is no category called "${request.params.catName}".`);
      const country = await countryFor(ctx, request, request.query.country);
      const page = await ctx.catalogue.categoryTitles(
        category,
        country,
        request.query.page ?? 1,
        clampLimit(request.query.limit),
        urlsFor(request, ctx.config.publicUrl),
      );
      return {
        status: true as const,
        message: category.name,
        data: {
          category: categorySummary(category),
          titles: page.results,
          page: page.page,
          limit: page.limit,
          total: page.total,
          hasMore: page.hasMore,
          country,
        },
      };
    },
  );

  app.get(
    '/titles/:movieId',
    {
      schema: {
        tags,
        summary: "A title's detail page",
        description:
          "Movies and series. Series carry seasons with episodes and, for the signed-in viewer, each episode's progress. " +
          "A title not streamable in the caller's country is still described, with availableInYourCountry false (playback is refused).",
        params: Type.Object({ movieId: Id }),
        querystring: Type.Object({
          country: Type.Optional(Country),
          userId: Type.Optional(Type.String({ maxLength: 100 })),
        }),
        response: replies(TitleDetail),
      },
    },
    async (request) => {
      checkUserIdParam(request, request.query.userId);
      // Card facts, genres and availability are in memory already; the database adds only the long-form text,
      // read by its integer key.
      const entry = ctx.catalogue.find(request.params.movieId);
      const t =
        entry &&
        (await ctx.db
          .selectFrom('titles')
          .select([
            'id',
            'type',
            'name',
            'synopsis',
            'audio_languages',
            'subtitle_languages',
            'director',
            'cast_json',
            'trailer_key',
          ])
          .where('seq', '=', entry.seq)
          .executeTakeFirst());
      if (!entry || !t) throw notFound('We could not find that title.');
      const country = await countryFor(ctx, request, request.query.country);
      const urls = urlsFor(request, ctx.config.publicUrl);
      const userId = request.auth?.userId;
      const genreIds = entry.genreIds;

      const [available, seasons, episodes, similar, favourite, logs] = await Promise.all([
        ctx.catalogue.isAvailable(t.id, country),
        t.type === 'series'
          ? ctx.db
              .selectFrom('seasons')
              .selectAll()
              .where('title_id', '=', t.id)
              .orderBy('number')
              .execute()
          : Promise.resolve([]),
        t.type === 'series'
          ? ctx.db
              .selectFrom('episodes')
              .selectAll()
              .where('title_id', '=', t.id)
              .orderBy('season_number')
              .orderBy('number')
              .execute()
          : Promise.resolve([]),
        genreIds[0] ? ctx.catalogue.genreRail(genreIds[0], country, 12, urls, t.id) : [],
        userId
          ? ctx.db
              .selectFrom('favourites')
              .select('title_id')
              .where('user_id', '=', userId)
              .where('title_id', '=', t.id)
              .executeTakeFirst()
          : Promise.resolve(undefined),
        userId
          ? ctx.db
              .selectFrom('watch_logs')
              .selectAll()
              .where('user_id', '=', userId)
              .where('title_id', '=', t.id)
              .orderBy('updated_at', 'desc')
              .execute()
          : Promise.resolve([]),
      ]);

      const logByEpisode = new Map(logs.map((l) => [l.episode_id, l]));
      const latest = logs[0];
      let resume = null;
      let next = null;
      if (t.type === 'series' && episodes.length) {
        const current = latest ? episodes.find((e) => e.id === latest.episode_id) : undefined;
        if (current && latest && !latest.completed) {
          resume = {
            episodeId: current.id,
            position: latest.position,
            duration: latest.duration,
            percent: progressOf(latest).percent,
          };
          next = episodeRef(current);
        } else if (current) {
          const after = await nextEpisode(ctx.db, t.id, current.season_number, current.number);
          next = after ? episodeRef(after) : episodeRef(episodes[0]!);
        } else {
          next = episodeRef(episodes[0]!);
        }
      } else if (latest && !latest.completed) {
        resume = {
          episodeId: null,
          position: latest.position,
          duration: latest.duration,
          percent: progressOf(latest).percent,
        };
      }

      return {
        status: true as const,
        message: available ? t.name : `${t.name} is not available in your country.`,
        data: {
          ...ctx.catalogue.card(entry, urls),
          synopsis: t.synopsis,
          language: entry.language,
          audioLanguages: JSON.parse(t.audio_languages) as string[],
          subtitleLanguages: JSON.parse(t.subtitle_languages) as string[],
          countries: entry.productionCountries,
          director: t.director,
          cast: JSON.parse(t.cast_json) as Array<{ name: string; character: string }>,
          availableInYourCountry: available,
          country,
          trailer: t.trailer_key
            ? {
                url: urls.media(`${t.trailer_key}/master.m3u8`),
                ready: ctx.media.isReady(t.trailer_key),
              }
            : null,
          inMyList: !!favourite,
          resume,
          nextEpisode: next,
          seasons: seasons.map((s) => ({
            id: s.id,
            number: s.number,
            name: s.name,
            year: s.year,
            episodes: episodes
              .filter((e) => e.season_id === s.id)
              .map((e) => {
                const log = logByEpisode.get(e.id);
                return {
                  id: e.id,
                  seasonId: e.season_id,
                  seasonNumber: e.season_number,
                  number: e.number,
                  name: e.name,
                  synopsis: e.synopsis,
                  runtimeMinutes: e.runtime_minutes,
                  hasIntro: e.intro_start !== null,
                  progress: log ? progressOf(log) : null,
                };
              }),
          })),
          similar,
        },
      };
    },
  );

  app.post(
    '/titles/createLog/:id',
    {
      schema: {
        tags: ['playback'],
        summary: 'Record watch progress (movies and episodes)',
        security: bearerSecurity,
        description:
          'Send every ~10 s while playing and on pause/exit. Series need episodeId. A log counts as completed when ' +
          'completed is true, the credits have started, or 95% is watched; finished titles leave continue watching.',
        params: Type.Object({ id: Id }),
        body: Type.Object({
          position: Type.Number({ minimum: 0, maximum: 86400, description: 'Seconds.' }),
          duration: Type.Number({ exclusiveMinimum: 0, maximum: 86400, description: 'Seconds.' }),
          episodeId: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
          seasonId: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
          completed: Type.Optional(Type.Boolean()),
        }),
        response: replies(Type.Object({ progress: Progress, nextEpisode: Nullable(EpisodeRef) })),
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const title = await ctx.db
        .selectFrom('titles')
        .select(['id', 'type'])
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      if (!title) throw notFound('We could not find that title.');
      const { duration, episodeId } = request.body;
      const position = Math.min(request.body.position, duration);
      let episode = null;
      if (title.type === 'series') {
        if (!episodeId)
          throw badRequest('Say which episode is playing.', {
            episodeId: 'is required for series',
          });
        episode = await ctx.db
          .selectFrom('episodes')
          .selectAll()
          .where('id', '=', episodeId)
          .where('title_id', '=', title.id)
          .executeTakeFirst();
        if (!episode) throw notFound('That episode is not part of this series.');
      } else if (episodeId) {
        throw badRequest('Movies have no episodes.', { episodeId: 'must be empty for movies' });
      }
      const completed =
        request.body.completed === true ||
        position / duration >= 0.95 ||
        (episode?.credits_start != null && position >= episode.credits_start);
      const row = {
        user_id: auth.userId,
        title_id: title.id,
        episode_id: episode?.id ?? '',
        season_id: episode?.season_id ?? '',
        position,
        duration,
        completed: completed ? 1 : 0,
        updated_at: nowIso(),
      };
      await ctx.db
        .insertInto('watch_logs')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['user_id', 'title_id', 'episode_id']).doUpdateSet({
            position: row.position,
            duration: row.duration,
            completed: row.completed,
            updated_at: row.updated_at,
            season_id: row.season_id,
          }),
        )
        .execute();
      const next =
        episode && completed
          ? await nextEpisode(ctx.db, title.id, episode.season_number, episode.number)
          : null;
      return {
        status: true as const,
        message: completed ? 'Marked as watched.' : 'Progress saved.',
        data: { progress: progressOf(row), nextEpisode: next ? episodeRef(next) : null },
      };
    },
  );

  app.post(
    '/users/dashboard',
    {
      schema: {
        tags,
        summary: 'The home screen: hero and rails',
        description:
          'Guests send { country } (and optionally the genres picked on the interest screen). Signed-in viewers get ' +
          'continue watching (movies and series; a finished episode points at the next one), My List and rails for their genres.',
        body: Type.Optional(
          Type.Object({
            country: Type.Optional(Type.Union([Country, Type.Null()])),
            userId: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
            genres: Type.Optional(
              Type.Array(Type.String({ maxLength: 60 }), {
                maxItems: 10,
                description: 'Guests: genres picked on the interest screen.',
              }),
            ),
          }),
        ),
        response: replies(Dashboard),
      },
    },
    async (request) => {
      const body = request.body ?? {};
      checkUserIdParam(request, body.userId);
      const country = await countryFor(ctx, request, body.country);
      const urls = urlsFor(request, ctx.config.publicUrl);
      const userId = request.auth?.userId;
      const railSize = 20;

      let genreIds: string[] = [];
      if (userId) {
        genreIds = (
          await ctx.db
            .selectFrom('user_genres')
            .select('genre_id')
            .where('user_id', '=', userId)
            .execute()
        ).map((g) => g.genre_id);
      } else if (body.genres?.length) {
        genreIds = body.genres.map((g) => ctx.ref.findGenre(g)?.id).filter((g): g is string => !!g);
      }
      const personalised = genreIds.length > 0;
      if (!personalised) {
        genreIds = ctx.ref.categories
          .filter((c) => c.rule === 'genre' && c.genreId)
          .slice(0, 3)
          .map((c) => c.genreId!);
      }

      const byRule = (rule: string) => ctx.ref.categories.find((c) => c.rule === rule);
      const cw = userId
        ? await continueWatching(ctx.db, ctx.catalogue, userId, urls)
        : { movies: [], series: [] };
      const rails: Array<{
        id: string;
        title: string;
        categorySlug: string | null;
        items: TitleCard[];
      }> = [];

      // Continue watching travels only in `continueWatching` (with the episode to resume): a rail
      // copy of it made clients show the row twice.
      const continueItems = [...cw.series, ...cw.movies];

      if (userId) {
        const favs = await ctx.db
          .selectFrom('favourites')
          .select('title_id')
          .where('user_id', '=', userId)
          .orderBy('created_at', 'desc')
          .limit(railSize)
          .execute();
        const cards = ctx.catalogue.cardsByIds(
          favs.map((f) => f.title_id),
          urls,
        );
        const items = favs.map((f) => cards.get(f.title_id)).filter((c): c is TitleCard => !!c);
        if (items.length)
          rails.push({ id: 'my-list', title: 'My List', categorySlug: null, items });
      }

      const ruleRails: Array<[string, string, SortBy]> = [
        ['trending', 'Trending now', 'popularity'],
        ['new-releases', 'New releases', 'newest'],
        ['top-rated', 'Top rated', 'rating'],
      ];
      for (const [rule, title, sortBy] of ruleRails) {
        const category = byRule(rule);
        if (!category) continue;
        const items = ctx.catalogue.rail(
          { categories: [category.id], country, sortBy },
          railSize,
          urls,
        );
        if (items.length)
          rails.push({ id: category.slug, title, categorySlug: category.slug, items });
      }
      for (const genreId of genreIds.slice(0, 4)) {
        const genre = ctx.ref.genreById.get(genreId);
        if (!genre) continue;
        const items = ctx.catalogue.genreRail(genreId, country, railSize, urls);
        const category = ctx.ref.categories.find(
          (c) => c.rule === 'genre' && c.genreId === genreId,
        );
        if (items.length) {
          rails.push({
            id: `genre-${genre.slug}`,
            title: personalised ? `Because you like ${genre.name}` : genre.name,
            categorySlug: category?.slug ?? null,
            items,
          });
        }
      }
      const seriesCategory = byRule('series');
      if (seriesCategory) {
        const items = ctx.catalogue.rail(
          { categories: [seriesCategory.id], country },
          railSize,
          urls,
        );
        if (items.length)
          rails.push({
            id: seriesCategory.slug,
            title: 'Series to binge',
            categorySlug: seriesCategory.slug,
            items,
          });
      }

      // Hero: the most popular title of the viewer's first genre they haven't started, else the top trending title.
      const started = new Set(continueItems.map((i) => i.id));
      const heroCard = (
        rails.find((r) => r.id.startsWith('genre-') && personalised)?.items ??
        rails.find((r) => r.id === 'trending')?.items ??
        []
      ).find((c) => !started.has(c.id));
      let hero = null;
      if (heroCard) {
        const extra = await ctx.db
          .selectFrom('titles')
          .select(['synopsis', 'trailer_key'])
          .where('id', '=', heroCard.id)
          .executeTakeFirstOrThrow();
        hero = {
          ...heroCard,
          synopsis: extra.synopsis,
          trailerUrl: extra.trailer_key ? urls.media(`${extra.trailer_key}/master.m3u8`) : null,
        };
      }

      return {
        status: true as const,
        message: 'Dashboard.',
        data: {
          country,
          personalised,
          hero,
          rails: rails as never,
          continueWatching: cw,
          categories: ctx.ref.categories.map(categorySummary),
        },
      };
    },
  );
};
