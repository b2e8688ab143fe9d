import { LANGUAGES, shippedLanguage } from './languages';
import { bestAcceptedLanguage, negotiateLanguage, parseAcceptLanguage } from './negotiate';

describe('the languages the API speaks', () => {
  it('are the eight of shared/src/i18n/languages.json', () => {
    expect(LANGUAGES).toEqual(['en', 'es', 'fr', 'de', 'pt-BR', 'ja', 'ar', 'he']);
  });

  it('match a tag exactly, then by its primary subtag (pt -> pt-BR, es-MX -> es)', () => {
    expect(shippedLanguage('pt')).toBe('pt-BR');
    expect(shippedLanguage('pt-PT')).toBe('pt-BR');
    expect(shippedLanguage('PT-br')).toBe('pt-BR');
    expect(shippedLanguage('es-MX')).toBe('es');
    expect(shippedLanguage('ja_JP')).toBe('ja');
    expect(shippedLanguage('it')).toBeNull();
    expect(shippedLanguage('*')).toBeNull();
    expect(shippedLanguage('')).toBeNull();
  });
});

describe('Accept-Language', () => {
  it('orders ranges by q-value, then by the order sent, and drops q=0', () => {
    expect(parseAcceptLanguage('fr;q=0.5, de, en;q=0, ja;q=0.9').map((r) => r.tag)).toEqual([
      'de',
      'ja',
      'fr',
    ]);
  });

  it('picks the best range we ship, skipping those we do not', () => {
    expect(bestAcceptedLanguage('it-IT, it;q=0.9, de;q=0.8, en;q=0.7')).toBe('de');
    expect(bestAcceptedLanguage('pt-PT,pt;q=0.9,en;q=0.8')).toBe('pt-BR');
    expect(bestAcceptedLanguage('en;q=0.2, ar;q=0.8')).toBe('ar');
    expect(bestAcceptedLanguage('ko, zh')).toBeNull();
    expect(bestAcceptedLanguage(undefined)).toBeNull();
  });

  it('ignores malformed ranges instead of failing', () => {
    expect(bestAcceptedLanguage('??, ;q=1, es;q=abc, ja;q=0.3')).toBe('es');
    expect(bestAcceptedLanguage('x'.repeat(5000))).toBeNull();
  });
});

describe('negotiateLanguage', () => {
  it("puts the profile's language first, then Accept-Language, then English", () => {
    expect(negotiateLanguage({ profileLanguage: 'ja', acceptLanguage: 'de' })).toBe('ja');
    expect(negotiateLanguage({ profileLanguage: null, acceptLanguage: 'de' })).toBe('de');
    expect(negotiateLanguage({ profileLanguage: 'pt', acceptLanguage: 'de' })).toBe('pt-BR');
    // A profile language we do not ship does not hide what the browser asks for.
    expect(negotiateLanguage({ profileLanguage: 'it', acceptLanguage: 'fr' })).toBe('fr');
    expect(negotiateLanguage({ acceptLanguage: 'ko' })).toBe('en');
    expect(negotiateLanguage({})).toBe('en');
  });
});
