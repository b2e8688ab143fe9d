import { LANGUAGES } from './languages';
import { CATALOGS, catalogEntryOf, localiseMessage, translate, type MessageKey } from './messages';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the API message catalogs', () => {
  const english = CATALOGS.en!;

  it.each(LANGUAGES.filter((l) => l !== 'en'))(
    '%s has every key of en.json with the same placeholders, and no extra key',
    (language) => {
      const catalog = CATALOGS[language]!;
      expect(Object.keys(catalog).sort()).toEqual(Object.keys(english).sort());
      for (const key of Object.keys(english) as MessageKey[]) {
        expect([key, placeholders(catalog[key])]).toEqual([key, placeholders(english[key])]);
        expect(catalog[key].trim()).not.toBe('');
      }
    },
  );

  it('translates a thrown English message, carrying its values over', () => {
    expect(localiseMessage('Please sign in to continue.', 'ja')).toBe(
      '続けるにはログインしてください。',
    );
    expect(localiseMessage('Harbor Lights is not available in your country.', 'es')).toBe(
      'Harbor Lights no está disponible en tu país.',
    );
    expect(
      localiseMessage('Too many requests from this device. Try again in 3 minute(s).', 'de'),
    ).toBe('Zu viele Anfragen von diesem Gerät. Versuche es in 3 Min. erneut.');
  });

  it('leaves English byte-identical and an unknown message as it is', () => {
    const message = 'Too many sign-in attempts. Try again in 5 minute(s), or reset your password.';
    expect(localiseMessage(message, 'en')).toBe(message);
    expect(localiseMessage('Something nobody catalogued.', 'ar')).toBe(
      'Something nobody catalogued.',
    );
    expect(catalogEntryOf('Something nobody catalogued.')).toBeUndefined();
  });

  it('prefers the most specific pattern', () => {
    expect(
      catalogEntryOf("Harbor Lights is rated TV-MA, above this profile's maturity limit.")?.key,
    ).toBe('error.titleNamedRatedAbove');
    expect(catalogEntryOf("This title is rated R, above this profile's maturity limit.")?.key).toBe(
      'error.titleRatedAbove',
    );
  });

  it('fills placeholders and falls back to English for a language without a catalog', () => {
    expect(translate('error.profilesMax', 'fr', { count: 5 })).toBe(
      "Un compte peut avoir jusqu'à 5 profils.",
    );
    expect(translate('error.profilesMax', 'xx', { count: 5 })).toBe(
      'An account can have up to 5 profiles.',
    );
  });
});
