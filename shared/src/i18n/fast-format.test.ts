/**
 * The fast formatter (fast-format.ts) gives Intl's own answer, in every shipped language, for what
 * first screens format; and it keeps covering those cases, so no first screen falls back to a new
 * Intl formatter (a phone-sized long task, issue 36).
 */
import { fastList, fastNumber, type FastNumberOptions } from './fast-format';
import { LANGUAGES } from './languages';

const codes = LANGUAGES.map((l) => l.code);
const intl = (code: string, value: number, options?: FastNumberOptions) =>
  new Intl.NumberFormat(code, options as Intl.NumberFormatOptions).format(value);

/** A fixed pseudo-random sequence, so a failure reproduces. */
function numbers(count: number, scale: number, seed = 7): number[] {
  let x = seed;
  return Array.from({ length: count }, () => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    return Math.round((x / 2 ** 31) * scale * 1000) / 1000;
  });
}

describe.each(codes)('%s', (code) => {
  const same = (value: number, options?: FastNumberOptions) => {
    const fast = fastNumber(code, value, options);
    expect([value, options, fast]).toEqual([value, options, intl(code, value, options)]);
  };

  test('integers under 1,000 (counts, years of a rating, episode numbers)', () => {
    for (let n = 0; n < 1000; n += 1) same(n);
  });

  test('decimals: a rating with one digit, the default three, a clock with two digits', () => {
    for (const v of numbers(500, 10))
      same(v, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    for (const v of [7.25, 7.35, 0.05, 9.95, 9.999, 1.0005, 2.675])
      same(v, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    for (const v of numbers(500, 999)) same(v);
    for (let n = 0; n < 100; n += 1) same(n, { minimumIntegerDigits: 2, useGrouping: false });
    for (const v of numbers(200, 99999)) same(Math.round(v), { useGrouping: false });
  });

  test('percents', () => {
    for (const v of [...numbers(500, 1), 0.285, 0.005, 0.995, 1, 0]) same(v, { style: 'percent' });
    for (const v of numbers(100, 1)) same(v, { style: 'percent', maximumFractionDigits: 0 });
  });

  test.each(['hour', 'minute', 'second'])('%s in every display', (unit) => {
    for (const unitDisplay of ['short', 'long', 'narrow'])
      for (let n = 0; n < 1000; n += 1) same(n, { style: 'unit', unit, unitDisplay });
  });

  test('what it does not cover is left to Intl (null), never guessed', () => {
    expect(fastNumber(code, 1234)).toBeNull();
    expect(fastNumber(code, -3)).toBeNull();
    expect(fastNumber(code, Number.NaN)).toBeNull();
    expect(fastNumber(code, 1e-7)).toBeNull();
    expect(
      fastNumber(code, 3, { style: 'currency', currency: 'EUR' } as FastNumberOptions),
    ).toBeNull();
    expect(fastNumber(code, 1.5, { style: 'unit', unit: 'hour' })).toBeNull();
    expect(fastNumber(code, 3, { notation: 'compact' } as FastNumberOptions)).toBeNull();
  });

  test('lists: Intl’s words, or null where the language changes them with the next word', () => {
    const pools = [
      ['Action', 'Drama', 'Comedy', 'Horror', 'Romance'],
      ['English', 'Español', 'Français', 'العربية', 'עברית'],
      ['1 hr', '52 min', '3 sec'],
      ['Historia', 'Idioma', 'Oro', 'Hora', '8 h'],
    ];
    for (const [type, style] of [
      ['conjunction', 'long'],
      ['disjunction', 'long'],
      ['unit', 'narrow'],
      ['unit', 'short'],
    ] as const) {
      const f = new Intl.ListFormat(code, { type, style });
      for (const pool of pools)
        for (let n = 0; n <= pool.length; n += 1) {
          const fast = fastList(code, pool.slice(0, n), type, style);
          if (fast !== null) expect(fast).toBe(f.format(pool.slice(0, n)));
        }
    }
  });
});

test('English, French, German, Portuguese, Japanese and Arabic lists never need Intl', () => {
  for (const code of ['en', 'fr', 'de', 'pt-BR', 'ja', 'ar'])
    for (const [type, style] of [
      ['conjunction', 'long'],
      ['unit', 'narrow'],
    ] as const)
      expect([code, type, fastList(code, ['a', 'b', 'c'], type, style)]).not.toContain(null);
  // Spanish "y" becomes "e" before "i"; Hebrew "ו" takes a hyphen before Latin letters.
  expect(fastList('es', ['a', 'b'], 'conjunction', 'long')).toBeNull();
  expect(fastList('he', ['a', 'b'], 'conjunction', 'long')).toBeNull();
});
