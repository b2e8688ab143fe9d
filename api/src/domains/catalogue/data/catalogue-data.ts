import type {
  CastMember,
  CatalogueSeed,
  CategorySeed,
  EpisodeSeed,
  GenreSeed,
  SeasonSeed,
  TitleSeed,
} from './catalogue-types';
import { FEATURE_CLIP_KEYS, TRAILER_CLIP_KEYS, clipDurationSeconds } from './media-clips';
import {
  GENRE_NAMES,
  COUNTRIES,
  LANGUAGES,
  COUNTRY_LANGUAGE,
  COUNTRY_REGION,
  NAMES,
  MOVIES,
  SERIES,
  SECOND_SENTENCES,
  EPISODE_NAMES,
  EPISODE_PLOTS,
  DOCUMENTARY_EPISODE_PLOTS,
  MOVIE_MATURITY,
  SERIES_MATURITY,
  SYN_ADJ,
  SYN_NOUN,
  SYN_PLACE,
  SYN_ROLE,
  SYN_VERB,
  SYN_OBJECT,
  type Region,
  type TitleRow,
} from './seed-vocabulary';
import { titleLocalizations } from './title-localizations';

/**
 * The seeded catalogue. Pure and deterministic: every run (and every machine) yields the same
 * ids, names and numbers, so URLs, tests and benchmarks stay stable across re-seeding.
 * All titles, people and plots are invented.
 */

// Local aliases: under jest the module runs in a vm context where every global lookup (Math) is
// an interceptor call, which made the 100k-title build four times slower.
const { imul, floor, round, min, max } = Math;

/** mulberry32: tiny, fast and good enough for plausible-looking seed data. */
function createRng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = imul(t ^ (t >>> 15), t | 1);
    t ^= t + imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rng = () => number;
const pick = <T>(rng: Rng, arr: readonly T[]): T => arr[floor(rng() * arr.length)]!;
const int = (rng: Rng, min: number, max: number): number => min + floor(rng() * (max - min + 1));
const round1 = (n: number): number => round(n * 10) / 10;

/** Distinct picks without replacement (small arrays only). */
function sample<T>(rng: Rng, arr: readonly T[], n: number): T[] {
  const copy = [...arr];
  const out: T[] = [];
  while (out.length < n && copy.length > 0)
    out.push(copy.splice(floor(rng() * copy.length), 1)[0]!);
  return out;
}

const slugify = (s: string): string =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const GENRES: GenreSeed[] = GENRE_NAMES.map((name) => ({
  id: `g-${slugify(name)}`,
  name,
  slug: slugify(name),
}));
const GENRE_BY_SLUG = new Map(GENRES.map((g) => [g.slug, g.id]));

function maturityFor(type: 'movie' | 'series', genres: string[], rng: Rng): string {
  const kids = genres.includes('animation') || genres.includes('family');
  const dark = genres.includes('horror') || genres.includes('crime') || genres.includes('thriller');
  if (type === 'movie') {
    if (kids) return rng() < 0.5 ? 'G' : 'PG';
    if (dark) return rng() < 0.65 ? 'R' : 'PG-13';
    return pick(rng, MOVIE_MATURITY.slice(1));
  }
  if (kids) return rng() < 0.5 ? 'TV-Y7' : 'TV-G';
  if (dark) return rng() < 0.6 ? 'TV-MA' : 'TV-14';
  return pick(rng, SERIES_MATURITY.slice(2));
}

// The fixed "today" of the seed: no clock is read, so the data never drifts between runs.
const LATEST_YEAR = 2026;
const LATEST_MONTH = 10;

const pad2 = (n: number): string => (n < 10 ? `0${n}` : String(n));

// String arithmetic instead of Date: this runs 100,000 times for the benchmark catalogue.
function releaseDateFor(year: number, rng: Rng): string {
  let month = int(rng, 1, 12);
  const day = int(rng, 1, 28);
  if (year >= LATEST_YEAR) month = min(month, LATEST_MONTH);
  return `${year}-${pad2(month)}-${pad2(day)}`;
}

function personName(rng: Rng, region: Region): string {
  const pool = NAMES[region];
  return `${pick(rng, pool.first)} ${pick(rng, pool.last)}`;
}

function castFor(rng: Rng, region: Region, documentary: boolean): CastMember[] {
  if (documentary) {
    return [
      { name: personName(rng, region), character: 'Narrator' },
      { name: personName(rng, region), character: 'Themselves' },
    ];
  }
  const size = int(rng, 4, 6);
  const cast: CastMember[] = [];
  const used = new Set<string>();
  // A mixed cast every so often, as in co-productions.
  while (cast.length < size) {
    const actorRegion = rng() < 0.2 ? pick(rng, Object.keys(NAMES) as Region[]) : region;
    const name = personName(rng, actorRegion);
    if (used.has(name)) continue;
    used.add(name);
    const character = rng() < 0.35 ? pick(rng, NAMES[region].first) : personName(rng, region);
    cast.push({ name, character });
  }
  return cast;
}

/** Countries where a restricted title may be streamed: its own plus a few neighbours in the list. */
function restrictedAvailability(rng: Rng, country: string): string[] {
  const others = COUNTRIES.map((c) => c.code).filter((c) => c !== country && c !== 'US');
  return [country, ...sample(rng, others, int(rng, 1, 3))];
}

function languagesFor(rng: Rng, language: string): { audio: string[]; subtitles: string[] } {
  const audio = new Set([language]);
  if (language !== 'en') audio.add('en');
  if (rng() < 0.4) audio.add(pick(rng, ['es', 'fr', 'de', 'pt', 'hi']));
  const subtitles = new Set(['en', 'es', language]);
  for (const l of sample(rng, ['fr', 'de', 'pt', 'it', 'ja', 'ko', 'hi', 'sv'], int(rng, 0, 3)))
    subtitles.add(l);
  return { audio: [...audio], subtitles: [...subtitles] };
}

function buildTitle(row: TitleRow, index: number, type: 'movie' | 'series', rng: Rng): TitleSeed {
  const [name, year, genreList, country, logline, languageOverride] = row;
  const slugs = genreList.split('/');
  const genreIds = slugs.map((s) => {
    const id = GENRE_BY_SLUG.get(s);
    if (!id) throw new Error(`Unknown genre ${s} for ${name}`);
    return id;
  });
  const region = COUNTRY_REGION[country] ?? 'anglo';
  const language = languageOverride ?? COUNTRY_LANGUAGE[country] ?? 'en';
  const { audio, subtitles } = languagesFor(rng, language);
  const documentary = slugs.includes('documentary');
  // Co-productions now and then, so country filters have multi-country titles to find.
  const countries =
    rng() < 0.2
      ? [
          country,
          pick(
            rng,
            COUNTRIES.filter((c) => c.code !== country),
          ).code,
        ]
      : [country];
  // Every fifth title is geo-restricted so availability filtering has something to exclude.
  const restricted = index % 5 === 3;
  const age = 2026 - year;
  const popularity = round1(min(100, max(1, 35 + rng() * 45 - age * 0.6 + (age <= 2 ? 20 : 0))));
  const runtimeMinutes =
    type === 'movie'
      ? documentary
        ? int(rng, 78, 104)
        : int(rng, 86, 158)
      : slugs.includes('comedy') || slugs.includes('animation')
        ? int(rng, 22, 32)
        : int(rng, 42, 60);
  return {
    id: `t-${String(index + 1).padStart(4, '0')}`,
    type,
    name,
    synopsis: `${logline} ${pick(rng, SECOND_SENTENCES)}`,
    releaseDate: releaseDateFor(year, rng),
    year,
    runtimeMinutes,
    rating: round1(5 + rng() * 4.3),
    maturity: maturityFor(type, slugs, rng),
    genreIds,
    countries,
    availableIn: restricted ? restrictedAvailability(rng, country) : ['*'],
    language,
    audioLanguages: audio,
    subtitleLanguages: subtitles,
    premium: rng() < 0.35,
    popularity,
    cast: castFor(rng, region, documentary),
    director: personName(rng, region),
    mediaKey: FEATURE_CLIP_KEYS[index % FEATURE_CLIP_KEYS.length]!,
    trailerKey: TRAILER_CLIP_KEYS[index % TRAILER_CLIP_KEYS.length]!,
    artSeed: floor(rng() * 2147483647),
  };
}

function buildSeasons(
  title: TitleSeed,
  rng: Rng,
  seasons: SeasonSeed[],
  episodes: EpisodeSeed[],
): void {
  const num = title.id.slice(2);
  const seasonCount = int(rng, 1, 4);
  const characters = title.cast.map((c) => c.character.split(' ')[0]!);
  const usedNames = new Set<string>();
  const documentary = title.genreIds.includes('g-documentary');
  for (let s = 1; s <= seasonCount; s++) {
    const seasonId = `s-${num}-${s}`;
    seasons.push({
      id: seasonId,
      titleId: title.id,
      number: s,
      name: `Season ${s}`,
      year: min(2026, title.year + s - 1),
    });
    const episodeCount = int(rng, 4, 8);
    // Whole seasons either have a title sequence or not, as real shows do.
    const hasIntro = rng() < 0.6;
    for (let e = 1; e <= episodeCount; e++) {
      let name = pick(rng, EPISODE_NAMES);
      while (usedNames.has(name)) name = pick(rng, EPISODE_NAMES);
      usedNames.add(name);
      if (usedNames.size >= EPISODE_NAMES.length) usedNames.clear();
      const a = pick(rng, characters);
      let b = pick(rng, characters);
      if (b === a) b = characters.find((c) => c !== a) ?? b;
      const mediaKey = FEATURE_CLIP_KEYS[(Number(num) + s + e) % FEATURE_CLIP_KEYS.length]!;
      const episode: EpisodeSeed = {
        id: `e-${num}-${s}-${String(e).padStart(2, '0')}`,
        seasonId,
        titleId: title.id,
        number: e,
        name: s === 1 && e === 1 ? 'Pilot' : name,
        synopsis: documentary
          ? pick(rng, DOCUMENTARY_EPISODE_PLOTS)
          : pick(rng, EPISODE_PLOTS).replace('{a}', a).replace('{b}', b),
        runtimeMinutes: max(18, title.runtimeMinutes + int(rng, -4, 4)),
        mediaKey,
      };
      // Markers are seconds within the generated clip (not the nominal runtime), so players can really skip.
      if (hasIntro && e > 1) {
        episode.introStart = int(rng, 4, 7);
        episode.introEnd = episode.introStart + int(rng, 8, 10);
      }
      if (hasIntro || rng() < 0.3) episode.creditsStart = clipDurationSeconds(mediaKey) - 12;
      episodes.push(episode);
    }
  }
}

function buildCategories(): CategorySeed[] {
  const fixed: CategorySeed[] = [
    { id: 'c-trending', slug: 'trending', name: 'Trending Now', rule: 'trending', sortOrder: 1 },
    {
      id: 'c-new-releases',
      slug: 'new-releases',
      name: 'New Releases',
      rule: 'new-releases',
      sortOrder: 2,
    },
    { id: 'c-top-rated', slug: 'top-rated', name: 'Top Rated', rule: 'top-rated', sortOrder: 3 },
    { id: 'c-series', slug: 'series', name: 'Series', rule: 'series', sortOrder: 4 },
    { id: 'c-movies', slug: 'movies', name: 'Movies', rule: 'movies', sortOrder: 5 },
    { id: 'c-free', slug: 'free', name: 'Free to Watch', rule: 'free', sortOrder: 6 },
  ];
  return [
    ...fixed,
    ...GENRES.map((g, i) => ({
      id: `c-${g.slug}`,
      slug: g.slug,
      name: g.name,
      rule: 'genre' as const,
      genreId: g.id,
      sortOrder: 10 + i,
    })),
  ];
}

// ---------------------------------------------------------------------------------------------
// Synthetic titles for benchmarks: cheap, varied words so full-text search has work to do.

function syntheticName(rng: Rng, n: number): string {
  const a = pick(rng, SYN_ADJ);
  const b = pick(rng, SYN_NOUN);
  switch (n % 6) {
    case 0:
      return `The ${a} ${b}`;
    case 1:
      return `${b} of ${pick(rng, SYN_PLACE)}`;
    case 2:
      return `${a} ${b}s`;
    case 3:
      return `The ${b} ${int(rng, 2, 99)}`;
    case 4:
      return `${pick(rng, SYN_PLACE)} ${b}`;
    default:
      return `${a} ${pick(rng, SYN_NOUN)} ${b}`;
  }
}

function buildSynthetic(count: number, first: number): TitleSeed[] {
  const rng = createRng(0x5eed1234);
  const countryCodes = COUNTRIES.map((c) => c.code);
  const everywhere = ['*'];
  const out: TitleSeed[] = new Array<TitleSeed>(count);
  for (let i = 0; i < count; i++) {
    const country = pick(rng, countryCodes);
    const language = COUNTRY_LANGUAGE[country] ?? 'en';
    const g1 = pick(rng, GENRES).id;
    const g2 = rng() < 0.5 ? pick(rng, GENRES).id : g1;
    const year = int(rng, 1960, 2026);
    const type = rng() < 0.25 ? 'series' : 'movie';
    const region = COUNTRY_REGION[country] ?? 'anglo';
    const role = pick(rng, SYN_ROLE);
    const idx = first + i;
    out[i] = {
      id: `x-${String(i + 1).padStart(6, '0')}`,
      type,
      name: syntheticName(rng, i),
      synopsis: `A ${pick(rng, SYN_ADJ).toLowerCase()} ${role} ${pick(rng, SYN_VERB)} ${pick(rng, SYN_OBJECT)} in ${pick(rng, SYN_PLACE)}.`,
      releaseDate: releaseDateFor(year, rng),
      year,
      runtimeMinutes: type === 'movie' ? int(rng, 80, 170) : int(rng, 22, 60),
      rating: round1(5 + rng() * 4.3),
      maturity: type === 'movie' ? pick(rng, MOVIE_MATURITY) : pick(rng, SERIES_MATURITY),
      genreIds: g1 === g2 ? [g1] : [g1, g2],
      countries: [country],
      availableIn: rng() < 0.85 ? everywhere : [country],
      language,
      audioLanguages: language === 'en' ? ['en'] : [language, 'en'],
      subtitleLanguages: ['en', 'es'],
      premium: rng() < 0.35,
      popularity: round1(rng() * 100),
      cast: [
        { name: personName(rng, region), character: pick(rng, NAMES[region].first) },
        { name: personName(rng, region), character: pick(rng, NAMES[region].first) },
      ],
      director: personName(rng, region),
      mediaKey: FEATURE_CLIP_KEYS[idx % FEATURE_CLIP_KEYS.length]!,
      trailerKey: TRAILER_CLIP_KEYS[idx % TRAILER_CLIP_KEYS.length]!,
      artSeed: floor(rng() * 2147483647),
    };
  }
  return out;
}

// ---------------------------------------------------------------------------------------------

export function buildCatalogue(opts: { syntheticTitles?: number } = {}): CatalogueSeed {
  const rng = createRng(20260101);
  const titles: TitleSeed[] = [];
  const seasons: SeasonSeed[] = [];
  const episodes: EpisodeSeed[] = [];
  MOVIES.forEach((row) => titles.push(buildTitle(row, titles.length, 'movie', rng)));
  SERIES.forEach((row) => {
    const title = buildTitle(row, titles.length, 'series', rng);
    titles.push(title);
    buildSeasons(title, rng, seasons, episodes);
  });
  // A guaranteed mix of free and premium among the hand-written titles, whatever the dice said.
  titles[0]!.premium = false;
  titles[1]!.premium = true;
  titles[MOVIES.length]!.premium = false;
  titles[MOVIES.length + 1]!.premium = true;

  const synthetic = max(0, floor(opts.syntheticTitles ?? 0));
  if (synthetic > 0) for (const t of buildSynthetic(synthetic, titles.length)) titles.push(t);
  return {
    genres: GENRES.map((g) => ({ ...g })),
    categories: buildCategories(),
    countries: COUNTRIES.map((c) => ({ ...c })),
    languages: LANGUAGES.map((l) => ({ ...l })),
    titles,
    seasons,
    episodes,
    localizations: titleLocalizations(titles),
  };
}
