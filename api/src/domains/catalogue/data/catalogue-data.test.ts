import { createHash } from 'node:crypto';
import { buildCatalogue } from './catalogue-data';
import { MEDIA_CLIP_KEYS, TRAILER_CLIP_KEYS, clipDurationSeconds } from './media-clips';

describe('buildCatalogue', () => {
  const cat = buildCatalogue();
  const movies = cat.titles.filter((t) => t.type === 'movie');
  const series = cat.titles.filter((t) => t.type === 'series');

  it('has enough movies, series, seasons and episodes', () => {
    expect(movies.length).toBeGreaterThanOrEqual(60);
    expect(series.length).toBeGreaterThanOrEqual(20);
    for (const s of series) {
      const seasons = cat.seasons.filter((x) => x.titleId === s.id);
      expect(seasons.length).toBeGreaterThanOrEqual(1);
      expect(seasons.length).toBeLessThanOrEqual(4);
      for (const season of seasons) {
        const eps = cat.episodes.filter((e) => e.seasonId === season.id);
        expect(eps.length).toBeGreaterThanOrEqual(4);
        expect(eps.length).toBeLessThanOrEqual(8);
        expect(eps.map((e) => e.number)).toEqual(eps.map((_, i) => i + 1));
      }
    }
  });

  it('is deterministic', () => {
    expect(buildCatalogue()).toEqual(cat);
    expect(JSON.stringify(buildCatalogue({ syntheticTitles: 500 }))).toBe(
      JSON.stringify(buildCatalogue({ syntheticTitles: 500 })),
    );
  });

  it('is the catalogue every earlier seed produced', () => {
    // Ids, names and numbers are in URLs, tests and benchmarks: a change to the vocabulary or the
    // builder that moves them should be a decision (then update these digests), never an accident.
    const digest = (value: unknown): string =>
      createHash('sha256').update(JSON.stringify(value)).digest('hex');
    // The titles' localisations (issue 37) came later and are checked on their own below.
    const withoutLocalizations = (c: typeof cat) => ({ ...c, localizations: undefined });
    expect(digest(withoutLocalizations(cat))).toBe(
      '63c223bb13411660ee39c7f763decba88d1ccb3ddb96f4c5e3fcad01e6254873',
    );
    expect(digest(withoutLocalizations(buildCatalogue({ syntheticTitles: 5000 })))).toBe(
      '40bd4401a55a33f26f337272b3ee90df5875a0ebe1999fc07727e77ad7280d33',
    );
  });

  it('localises a few hand-written titles, each field falling back on its own', () => {
    const byId = new Map(cat.titles.map((t) => [t.id, t]));
    const es = cat.localizations!.filter((l) => l.language === 'es');
    const ja = cat.localizations!.filter((l) => l.language === 'ja');
    expect(es.length).toBeGreaterThanOrEqual(5);
    expect(ja.length).toBeGreaterThanOrEqual(5);
    expect(byId.get(es[0]!.titleId)!.name).toBe('The Glass Orchard');
    expect(es[0]!.name).toBe('El huerto de cristal');
    // Some carry a name only: their synopsis is the original's.
    expect(cat.localizations!.some((l) => l.name && !l.synopsis)).toBe(true);
    for (const l of cat.localizations!) expect(byId.has(l.titleId)).toBe(true);
  });

  it('has unique ids everywhere', () => {
    for (const list of [cat.titles, cat.seasons, cat.episodes, cat.genres, cat.categories]) {
      expect(new Set(list.map((x) => x.id)).size).toBe(list.length);
    }
    expect(new Set(cat.categories.map((c) => c.slug)).size).toBe(cat.categories.length);
    expect(new Set(cat.titles.map((t) => t.name)).size).toBe(cat.titles.length);
  });

  it('keeps references intact', () => {
    const genreIds = new Set(cat.genres.map((g) => g.id));
    const countries = new Set(cat.countries.map((c) => c.code));
    const languages = new Set(cat.languages.map((l) => l.code));
    const titleById = new Map(cat.titles.map((t) => [t.id, t]));
    const seasonById = new Map(cat.seasons.map((s) => [s.id, s]));
    for (const t of cat.titles) {
      expect(t.genreIds.length).toBeGreaterThan(0);
      for (const g of t.genreIds) expect(genreIds).toContain(g);
      for (const c of t.countries) expect(countries).toContain(c);
      for (const c of t.availableIn) if (c !== '*') expect(countries).toContain(c);
      for (const l of [t.language, ...t.audioLanguages, ...t.subtitleLanguages])
        expect(languages).toContain(l);
      expect(MEDIA_CLIP_KEYS).toContain(t.mediaKey);
      expect(TRAILER_CLIP_KEYS).toContain(t.trailerKey);
    }
    for (const s of cat.seasons) expect(titleById.get(s.titleId)?.type).toBe('series');
    for (const e of cat.episodes) {
      const season = seasonById.get(e.seasonId);
      expect(season?.titleId).toBe(e.titleId);
      expect(MEDIA_CLIP_KEYS).toContain(e.mediaKey);
    }
    for (const c of cat.categories) {
      if (c.rule === 'genre') expect(genreIds).toContain(c.genreId);
    }
    for (const slug of ['trending', 'new-releases', 'top-rated', 'series', 'movies', 'free']) {
      expect(cat.categories.map((c) => c.slug)).toContain(slug);
    }
    expect(cat.genres.length).toBeGreaterThanOrEqual(14);
  });

  it('looks like a real catalogue', () => {
    const years = cat.titles.map((t) => t.year);
    expect(Math.min(...years)).toBeLessThan(1970);
    expect(Math.max(...years)).toBe(2026);
    expect(new Set(years.map((y) => Math.floor(y / 10))).size).toBeGreaterThanOrEqual(7);
    const premiumShare = cat.titles.filter((t) => t.premium).length / cat.titles.length;
    expect(premiumShare).toBeGreaterThan(0.25);
    expect(premiumShare).toBeLessThan(0.45);
    expect(new Set(cat.titles.flatMap((t) => t.countries)).size).toBeGreaterThanOrEqual(14);
    expect(new Set(cat.titles.map((t) => t.language)).size).toBeGreaterThanOrEqual(10);
    const restricted = cat.titles.filter((t) => !t.availableIn.includes('*'));
    expect(restricted.length).toBeGreaterThanOrEqual(10);
    expect(restricted.some((t) => !t.availableIn.includes('US'))).toBe(true);
    for (const t of cat.titles) {
      expect(t.rating).toBeGreaterThanOrEqual(5);
      expect(t.rating).toBeLessThanOrEqual(9.3);
      expect(t.releaseDate.startsWith(String(t.year))).toBe(true);
      expect(t.synopsis.length).toBeGreaterThan(40);
      expect(t.cast.length).toBeGreaterThanOrEqual(2);
      expect(t.director).toMatch(/\S+ \S+/);
    }
  });

  it('places intro and credits markers inside the clip', () => {
    const marked = cat.episodes.filter((e) => e.introStart !== undefined);
    expect(marked.length).toBeGreaterThan(20);
    expect(cat.episodes.filter((e) => e.creditsStart !== undefined).length).toBeGreaterThan(
      marked.length,
    );
    for (const e of cat.episodes) {
      const duration = clipDurationSeconds(e.mediaKey);
      if (e.introStart !== undefined) {
        expect(e.introEnd).toBeDefined();
        expect(e.introStart).toBeGreaterThanOrEqual(0);
        expect(e.introEnd!).toBeGreaterThan(e.introStart);
        expect(e.introEnd!).toBeLessThanOrEqual(20);
      }
      if (e.creditsStart !== undefined) {
        expect(e.creditsStart).toBe(duration - 12);
        expect(e.creditsStart).toBeGreaterThan(e.introEnd ?? 0);
      }
    }
  });

  it('appends a large synthetic catalogue', () => {
    // Speed is the bench's job (`npm run bench -w api`); a wall-clock bound here only flakes on a busy machine.
    const big = buildCatalogue({ syntheticTitles: 100_000 });
    expect(big.titles.length).toBe(cat.titles.length + 100_000);
    const synthetic = big.titles.slice(cat.titles.length);
    expect(synthetic[0]!.id).toBe('x-000001');
    expect(synthetic[99_999]!.id).toBe('x-100000');
    expect(new Set(synthetic.map((t) => t.id)).size).toBe(100_000);
    expect(new Set(synthetic.map((t) => t.name)).size).toBeGreaterThan(10_000);
    expect(new Set(synthetic.map((t) => t.year)).size).toBeGreaterThan(60);
    const premium = synthetic.filter((t) => t.premium).length / synthetic.length;
    expect(premium).toBeGreaterThan(0.3);
    expect(premium).toBeLessThan(0.4);
    // The hand-written part is unchanged by the option.
    expect(big.titles.slice(0, cat.titles.length)).toEqual(cat.titles);
  });
});
