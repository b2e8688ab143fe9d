import { formatPrice } from './format';
import { i18n } from './runtime';

const inLanguage = (locale: string) => i18n.loadAndActivate({ locale, messages: {} });

describe('formatPrice', () => {
  afterAll(() => inLanguage('en'));

  test('left to right: Intl as it is', () => {
    inLanguage('en');
    expect(formatPrice(799, 'usd')).toBe('$7.99');
    inLanguage('es');
    expect(formatPrice(799, 'USD')).toBe(
      new Intl.NumberFormat('es', { style: 'currency', currency: 'USD' }).format(7.99),
    );
  });

  test('right to left: the currency is isolated left to right, so "US$" never shows as "$US"', () => {
    for (const language of ['ar', 'he']) {
      inLanguage(language);
      const price = formatPrice(799, 'USD');
      const intl = new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' });
      const currency = intl.formatToParts(7.99).find((p) => p.type === 'currency')!.value;
      expect(price).toContain(`\u2066${currency}\u2069`);
      // The same characters as Intl's, the isolates aside.
      expect(price.replace(/[\u2066\u2069]/g, '')).toBe(
        new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' }).format(7.99),
      );
    }
    inLanguage('ar');
    expect(formatPrice(1299, 'EUR')).toMatch(/\u2066[^\u2069]+\u2069/);
  });
});
