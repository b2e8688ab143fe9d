import { LANGUAGES, SOURCE_LANGUAGE } from '../../../lib/i18n/languages';
import { buildCatalogue } from '../data/catalogue-data';
import { SORT_OPTIONS } from './catalogue-reference';
import { categoryName, genreName, localGenres, TRANSLATED } from './catalogue-names';

const others = LANGUAGES.filter((l) => l !== SOURCE_LANGUAGE);
const seed = buildCatalogue();

describe('catalogue names in every shipped language', () => {
  test.each(others)('%s names every seeded genre, category and sort order', (language) => {
    for (const g of seed.genres)
      expect([g.id, TRANSLATED.genres[g.id]?.[language]]).toEqual([g.id, expect.any(String)]);
    for (const c of seed.categories)
      if (!c.genreId)
        expect([c.slug, TRANSLATED.categories[c.slug]?.[language]]).toEqual([
          c.slug,
          expect.any(String),
        ]);
    for (const s of SORT_OPTIONS)
      expect([s, TRANSLATED.sortOptions[s]?.[language]]).toEqual([s, expect.any(String)]);
  });

  test("a genre's category takes the genre's name; English is the seed's", () => {
    const drama = seed.categories.find((c) => c.slug === 'drama')!;
    expect(categoryName({ ...drama, genreId: drama.genreId ?? null }, 'fr')).toBe('Drame');
    expect(genreName({ id: 'g-sci-fi', name: 'Sci-Fi' }, 'en')).toBe('Sci-Fi');
    expect(genreName({ id: 'g-new', name: 'Western' }, 'de')).toBe('Western');
  });

  test("genres sort in the language's own order", () => {
    const names = localGenres(seed.genres, 'es').map((g) => g.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('es').compare));
    expect(names[0]).toBe('Acción');
  });
});
