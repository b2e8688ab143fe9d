import { browserCountry } from './browser-country';

it('takes the region of the first preferred language that names or implies one', () => {
  expect(browserCountry(['en-GB', 'fr-FR'])).toBe('GB');
  expect(browserCountry(['pt-BR'])).toBe('BR');
  // "de" alone implies Germany (likely subtags).
  expect(browserCountry(['de'])).toBe('DE');
  expect(browserCountry(['not a tag', 'es-MX'])).toBe('MX');
  expect(browserCountry(['zh-Hant-TW'])).toBe('TW');
  expect(browserCountry(['en-us'])).toBe('US');
  expect(browserCountry([])).toBeNull();
});
