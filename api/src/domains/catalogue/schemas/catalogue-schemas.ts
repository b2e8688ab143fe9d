import { Type } from 'typebox';
import {
  EpisodeRef,
  Nullable,
  Paging,
  Progress,
  RailItem,
  TitleCard,
  TitleCardProps,
} from '../../../lib/common-schemas';

export const SortBy = Type.Union(
  ['relevance', 'popularity', 'newest', 'oldest', 'rating', 'az'].map((v) => Type.Literal(v)),
  { description: 'Default: relevance when there is search text, else popularity.' },
);

const FilterList = (description: string) =>
  Type.Optional(
    Type.Union([Type.Array(Type.String({ maxLength: 60 }), { maxItems: 50 }), Type.Null()], {
      description,
    }),
  );

export const SearchBody = Type.Object(
  {
    userId: Type.Optional(
      Type.Union([Type.String({ maxLength: 100 }), Type.Null()], {
        description: 'Accepted for compatibility; must be the signed-in user if sent.',
      }),
    ),
    search: Type.Optional(
      Type.Union([Type.String({ maxLength: 200 }), Type.Null()], {
        description: 'Full-text: title, cast, director, synopsis; prefix matching.',
      }),
    ),
    categories: FilterList('Category ids or slugs (OR within the list).'),
    genres: FilterList('Genre ids, slugs or names (OR within the list).'),
    countries: FilterList('Production countries, ISO alpha-2.'),
    languages: FilterList('Original language, ISO 639-1.'),
    timePeriods: FilterList(
      "Decades like '1990s', ranges like '1995-2005', 'before-1970' or a year.",
    ),
    type: Type.Optional(Type.Union([Type.Literal('movie'), Type.Literal('series'), Type.Null()])),
    sortBy: Type.Optional(Type.Union([SortBy, Type.Null()])),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000, default: 1 })),
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 1000, default: 20, description: 'Clamped to 100.' }),
    ),
    country: Type.Optional(Type.Union([Type.String({ pattern: '^[A-Za-z]{2}$' }), Type.Null()])),
  },
  {
    description:
      'Facets combine with AND; values within one facet with OR. Empty lists and nulls are ignored.',
  },
);

export const SearchResult = Type.Object(
  { results: Type.Array(TitleCard), ...Paging, country: Type.String() },
  { title: 'SearchResult' },
);

export const CategorySummary = Type.Object(
  { id: Type.String(), slug: Type.String(), name: Type.String(), rule: Type.String() },
  { title: 'CategorySummary' },
);

export const CategoryPage = Type.Object(
  { category: CategorySummary, titles: Type.Array(TitleCard), ...Paging, country: Type.String() },
  { title: 'CategoryPage' },
);

export const FilterOptions = Type.Object(
  {
    genres: Type.Array(
      Type.Object({ id: Type.String(), name: Type.String(), slug: Type.String() }),
    ),
    categories: Type.Array(CategorySummary),
    countries: Type.Array(Type.Object({ code: Type.String(), name: Type.String() })),
    languages: Type.Array(Type.Object({ code: Type.String(), name: Type.String() })),
    timePeriods: Type.Array(Type.Object({ value: Type.String(), label: Type.String() })),
    sortOptions: Type.Array(Type.Object({ value: Type.String(), label: Type.String() })),
  },
  { title: 'FilterOptions' },
);

export const Episode = Type.Object(
  {
    id: Type.String(),
    seasonId: Type.String(),
    seasonNumber: Type.Integer(),
    number: Type.Integer(),
    name: Type.String(),
    synopsis: Type.String(),
    runtimeMinutes: Type.Integer(),
    hasIntro: Type.Boolean(),
    progress: Nullable(Progress),
  },
  { title: 'Episode' },
);

export const Season = Type.Object(
  {
    id: Type.String(),
    number: Type.Integer(),
    name: Type.String(),
    year: Type.Integer(),
    episodes: Type.Array(Episode),
  },
  { title: 'Season' },
);

export const TitleDetail = Type.Object(
  {
    ...TitleCardProps,
    synopsis: Type.String({
      description:
        "In the request's language when the title has a synopsis in it, else the original (per field, as name).",
    }),
    originalName: Type.String({
      description: 'The name the title was released under, whatever language `name` is in.',
    }),
    language: Type.String(),
    audioLanguages: Type.Array(Type.String()),
    subtitleLanguages: Type.Array(Type.String()),
    countries: Type.Array(Type.String({ description: 'Production countries.' })),
    director: Type.String(),
    cast: Type.Array(Type.Object({ name: Type.String(), character: Type.String() })),
    availableInYourCountry: Type.Boolean({
      description: 'False: the page can show the title, but playback is refused in this country.',
    }),
    country: Type.String(),
    trailer: Nullable(
      Type.Object({
        url: Type.String({ description: 'HLS master playlist; trailers are free to watch.' }),
        ready: Type.Boolean(),
      }),
    ),
    inMyList: Type.Boolean({ description: 'Always false for guests.' }),
    myRating: Type.Optional(
      Type.Union(
        [Type.Literal('not-for-me'), Type.Literal('like'), Type.Literal('love'), Type.Null()],
        {
          description: "The profile's rating of this title; null when unrated or a guest.",
        },
      ),
    ),
    resume: Nullable(
      Type.Object(
        {
          episodeId: Nullable(Type.String()),
          position: Type.Number(),
          duration: Type.Number(),
          percent: Type.Number(),
        },
        { description: 'Where Play continues for the signed-in viewer.' },
      ),
    ),
    nextEpisode: Nullable(EpisodeRef),
    seasons: Type.Array(Season, { description: 'Empty for movies.' }),
    similar: Type.Array(TitleCard),
  },
  { title: 'TitleDetail' },
);

export const Rail = Type.Object(
  {
    id: Type.String(),
    title: Type.String(),
    categorySlug: Nullable(
      Type.String({ description: 'For "see all": GET /categorys/details-test/{slug}.' }),
    ),
    items: Type.Array(RailItem),
  },
  { title: 'Rail' },
);

export const Dashboard = Type.Object(
  {
    country: Type.String(),
    personalised: Type.Boolean(),
    hero: Nullable(
      Type.Object({
        ...TitleCardProps,
        synopsis: Type.String(),
        trailerUrl: Nullable(Type.String()),
      }),
    ),
    rails: Type.Array(Rail),
    continueWatching: Type.Object({ movies: Type.Array(RailItem), series: Type.Array(RailItem) }),
    categories: Type.Array(CategorySummary),
  },
  { title: 'Dashboard' },
);
