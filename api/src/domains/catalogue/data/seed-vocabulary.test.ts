import vocabularyFile from './seed-vocabulary.json';
import { MOVIES, NAMES, parseSeedVocabulary } from './seed-vocabulary';

describe('the seed vocabulary', () => {
  it('loads the words of seed-vocabulary.json, typed', () => {
    expect(parseSeedVocabulary(vocabularyFile, 'seed-vocabulary.json')).toEqual(vocabularyFile);
    expect(MOVIES[0]).toEqual([
      'The Glass Orchard',
      2019,
      'drama/mystery',
      'GB',
      'A botanist inherits a greenhouse where every tree seems to remember the family that planted it.',
    ]);
    // Object.keys(NAMES) is a draw of the builder: the file's order is kept.
    expect(Object.keys(NAMES)[0]).toBe('anglo');
  });

  it('refuses a file of the wrong shape and names the wrong places', () => {
    const withRows = (movies: unknown[]): unknown => ({ ...vocabularyFile, movies });
    expect(() =>
      parseSeedVocabulary(withRows([['A title', '2019', 'drama', 'GB', 'A logline.']]), 'x.json'),
    ).toThrow(/^x\.json is not a valid seed vocabulary: \/movies\/0\/1 must be integer/);
    expect(() => parseSeedVocabulary(withRows([['A title', 2019]]), 'x.json')).toThrow(
      /\/movies\/0 /,
    );
    const unknownRegion = { ...vocabularyFile, countryRegion: { US: 'atlantis' } };
    expect(() => parseSeedVocabulary(unknownRegion, 'x.json')).toThrow(/\/countryRegion\/US /);
    const { synthetic: _synthetic, ...withoutSynthetic } = vocabularyFile;
    expect(() => parseSeedVocabulary(withoutSynthetic, 'x.json')).toThrow(/synthetic/);
    expect(() => parseSeedVocabulary([], 'empty.json')).toThrow(/^empty\.json is not/);
  });
});
