import { LocalizedNames } from './localized-names';

describe('LocalizedNames', () => {
  const index = new LocalizedNames();
  const seqs = new Map([
    ['a', 1],
    ['b', 2],
  ]);
  index.build(
    new Map([
      [
        'a',
        new Map([
          ['es', { name: 'El huerto de cristal' }],
          ['ja', { name: 'ガラスの果樹園' }],
        ]),
      ],
      ['b', new Map([['es', { name: 'Cristal roto' }]])],
      ['unknown', new Map([['es', { name: 'Cristal perdido' }]])],
    ]),
    (id) => seqs.get(id),
  );

  it("matches every query word against the start of a name's words, accents ignored", () => {
    expect(index.match('cristal', 'es')?.sort()).toEqual([1, 2]);
    expect(index.match('HUÉR crist', 'es')).toEqual([1]);
    expect(index.match('huerto roto', 'es')).toBeNull();
    expect(index.match('erto', 'es')).toBeNull();
  });

  it('matches inside an unspaced (Japanese) name, and only in its language', () => {
    expect(index.match('果樹園', 'ja')).toEqual([1]);
    expect(index.match('ガラス', 'ja')).toEqual([1]);
    expect(index.match('cristal', 'fr')).toBeNull();
    expect(index.match('  ', 'es')).toBeNull();
  });
});
