import { languageName } from './language-name';

describe('languageName', () => {
  it('names every language in its table the way Intl.DisplayNames does', () => {
    const intl = new Intl.DisplayNames(['en'], { type: 'language' });
    const table =
      'ar bn da de el en es fi fr he hi id it ja ko nl no pl pt ru sv ta te th tr uk vi yo zh';
    for (const code of table.split(' ')) expect(languageName(code)).toBe(intl.of(code));
    expect(languageName('EN')).toBe('English');
  });

  it('names a code outside its table through Intl.DisplayNames', () => {
    expect(languageName('ca')).toBe('Catalan');
  });

  it('answers the code itself for a malformed one', () => {
    expect(languageName('not a tag!')).toBe('not a tag!');
  });
});
