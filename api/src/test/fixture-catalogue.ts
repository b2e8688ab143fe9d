import type { CatalogueSeed, EpisodeSeed, SeasonSeed, TitleSeed } from '../catalogue/catalogue-types';

/** A tiny catalogue with one of each interesting case, for tests that need exact expectations. */
export function fixtureCatalogue(): CatalogueSeed {
  const genres = [
    { id: 'g-action', name: 'Action', slug: 'action' },
    { id: 'g-drama', name: 'Drama', slug: 'drama' },
    { id: 'g-comedy', name: 'Comedy', slug: 'comedy' },
  ];
  const base = (over: Partial<TitleSeed> & Pick<TitleSeed, 'id' | 'name'>): TitleSeed => ({
    type: 'movie', synopsis: `${over.name} synopsis.`, releaseDate: '2020-05-01', year: 2020, runtimeMinutes: 100, rating: 7,
    maturity: 'PG-13', genreIds: ['g-action'], countries: ['US'], availableIn: ['*'], language: 'en', audioLanguages: ['en'],
    subtitleLanguages: ['en'], premium: false, popularity: 50, cast: [{ name: 'Ada Lovelace', character: 'Lead' }], director: 'Jane Doe',
    mediaKey: 'clip-a', trailerKey: 'trailer-a', artSeed: 1, ...over,
  });
  const titles: TitleSeed[] = [
    base({ id: 't-free', name: 'Free Running', popularity: 90, rating: 8.5 }),
    base({ id: 't-premium', name: 'Premium Heist', premium: true, popularity: 80, genreIds: ['g-action', 'g-drama'], releaseDate: '2024-03-01', year: 2024 }),
    base({ id: 't-fr-only', name: 'Le Film Local', availableIn: ['FR'], language: 'fr', countries: ['FR'], popularity: 70, genreIds: ['g-drama'] }),
    base({ id: 't-old', name: 'The Old Comedy', releaseDate: '1975-01-01', year: 1975, genreIds: ['g-comedy'], popularity: 20, rating: 6.1 }),
    base({ id: 't-series', name: 'Galaxy Quest Saga', type: 'series', runtimeMinutes: 45, genreIds: ['g-drama'], popularity: 85, releaseDate: '2023-01-01', year: 2023 }),
    base({ id: 't-series-premium', name: 'Night Court Files', type: 'series', premium: true, runtimeMinutes: 30, genreIds: ['g-comedy'], popularity: 60 }),
  ];
  const seasons: SeasonSeed[] = [
    { id: 's-series-1', titleId: 't-series', number: 1, name: 'Season 1', year: 2023 },
    { id: 's-series-2', titleId: 't-series', number: 2, name: 'Season 2', year: 2024 },
    { id: 's-series-premium-1', titleId: 't-series-premium', number: 1, name: 'Season 1', year: 2020 },
  ];
  const episodes: EpisodeSeed[] = [
    ...[1, 2].map((n) => ({ id: `e-series-1-${n}`, seasonId: 's-series-1', titleId: 't-series', number: n, name: `Pilot ${n}`, synopsis: 'x', runtimeMinutes: 45, mediaKey: 'clip-b', introStart: 5, introEnd: 20, creditsStart: 2500 })),
    { id: 'e-series-2-1', seasonId: 's-series-2', titleId: 't-series', number: 1, name: 'Return', synopsis: 'x', runtimeMinutes: 45, mediaKey: 'clip-b' },
    { id: 'e-series-premium-1-1', seasonId: 's-series-premium-1', titleId: 't-series-premium', number: 1, name: 'Opening', synopsis: 'x', runtimeMinutes: 30, mediaKey: 'clip-a' },
  ];
  return {
    genres,
    categories: [
      { id: 'c-trending', slug: 'trending', name: 'Trending', rule: 'trending', sortOrder: 1 },
      { id: 'c-new', slug: 'new-releases', name: 'New releases', rule: 'new-releases', sortOrder: 2 },
      { id: 'c-top', slug: 'top-rated', name: 'Top rated', rule: 'top-rated', sortOrder: 3 },
      { id: 'c-series', slug: 'series', name: 'Series', rule: 'series', sortOrder: 4 },
      { id: 'c-movies', slug: 'movies', name: 'Movies', rule: 'movies', sortOrder: 5 },
      { id: 'c-action', slug: 'action', name: 'Action', rule: 'genre', genreId: 'g-action', sortOrder: 6 },
      { id: 'c-drama', slug: 'drama', name: 'Drama', rule: 'genre', genreId: 'g-drama', sortOrder: 7 },
    ],
    countries: [{ code: 'US', name: 'United States' }, { code: 'FR', name: 'France' }, { code: 'IN', name: 'India' }],
    languages: [{ code: 'en', name: 'English' }, { code: 'fr', name: 'French' }],
    titles,
    seasons,
    episodes,
  };
}
