import { LOCALE_DATA, type LocaleData } from './locale-data';

/**
 * Formatting without Intl for what first screens show (issue 36): small numbers, ratings, percents,
 * hours/minutes/seconds and short lists, from CLDR data generated out of Intl itself
 * (`locale-data.ts`, written by `npm run i18n`).
 *
 * Why: the first Intl.NumberFormat, DateTimeFormat or ListFormat a page creates costs V8 35–45 ms of
 * CPU on this machine (it builds the set of available locales once per page), about 160 ms on a
 * phone: a long task of its own in the first screen's render. PluralRules does not pay it.
 *
 * Each function returns null when the case is not covered (negative or large numbers, other
 * options, languages whose lists change with the next word); the caller then uses Intl. Outputs are
 * identical to Intl's, which `fast-format.test.ts` checks over thousands of inputs per language.
 */

const dataOf = (language: string): LocaleData | undefined =>
  LOCALE_DATA[language] ?? LOCALE_DATA[language.split('-')[0] ?? ''];

export interface FastNumberOptions {
  style?: string;
  unit?: string;
  unitDisplay?: string;
  minimumIntegerDigits?: number;
  minimumFractionDigits?: number;
  maximumFractionDigits?: number;
  useGrouping?: boolean | string;
}

const SUPPORTED = new Set([
  'style',
  'unit',
  'unitDisplay',
  'minimumIntegerDigits',
  'minimumFractionDigits',
  'maximumFractionDigits',
  'useGrouping',
]);

/** `value` rounded half away from zero to `maxFraction` digits, as [integer, fraction] digit strings. */
function decimalDigits(value: number, shift: number, maxFraction: number): [string, string] | null {
  // Intl reads a double as its shortest round-trip decimal, as String() does.
  const text = String(value);
  if (!/^\d+(\.\d+)?$/.test(text)) return null; // exponent forms, negatives
  let [int = '0', frac = ''] = text.split('.');
  // Scale by 10^shift (percent) by moving the point.
  frac = frac.padEnd(shift, '0');
  int = (int + frac.slice(0, shift)).replace(/^0+(?=\d)/, '');
  frac = frac.slice(shift);
  if (frac.length > maxFraction) {
    const up = (frac[maxFraction] ?? '0') >= '5';
    frac = frac.slice(0, maxFraction);
    if (up) {
      const all = (int + frac).split('');
      let i = all.length - 1;
      for (; i >= 0; i -= 1) {
        if (all[i] === '9') all[i] = '0';
        else {
          all[i] = String(Number(all[i]) + 1);
          break;
        }
      }
      const joined = (i < 0 ? '1' : '') + all.join('');
      int = joined.slice(0, joined.length - maxFraction) || '0';
      frac = joined.slice(joined.length - maxFraction);
    }
  }
  return [int, frac];
}

const localDigits = (text: string, data: LocaleData) =>
  data.digits ? text.replace(/\d/g, (d) => data.digits![Number(d)]!) : text;

const fill = (pattern: string, value: string) => pattern.replace('{0}', value);

/** Plural rules are cheap to create (no locale-set cost); one per language and type. */
const pluralRulesByKey = new Map<string, Intl.PluralRules>();
export function pluralRules(language: string, ordinal = false): Intl.PluralRules {
  const key = `${language}${ordinal ? ':ordinal' : ''}`;
  let rules = pluralRulesByKey.get(key);
  if (!rules) {
    rules = new Intl.PluralRules(language, { type: ordinal ? 'ordinal' : 'cardinal' });
    pluralRulesByKey.set(key, rules);
  }
  return rules;
}
const pluralCategory = (language: string, n: number) => pluralRules(language).select(n);

/** Intl.NumberFormat(language, options).format(value) for the covered cases, else null. */
export function fastNumber(
  language: string,
  value: number,
  options: FastNumberOptions = {},
): string | null {
  const data = dataOf(language);
  if (!data || !Number.isFinite(value) || value < 0 || Object.is(value, -0)) return null;
  for (const key of Object.keys(options)) if (!SUPPORTED.has(key)) return null;
  const style = options.style ?? 'decimal';
  let unitPatterns: Record<string, string> | undefined;
  if (style === 'unit') {
    unitPatterns = data.units[`${options.unit}-${options.unitDisplay ?? 'short'}`];
    if (!unitPatterns || !Number.isInteger(value)) return null;
  } else if (style !== 'decimal' && style !== 'percent') return null;
  if (options.unit !== undefined && style !== 'unit') return null;
  const minInt = options.minimumIntegerDigits ?? 1;
  const defaultMax = style === 'percent' ? 0 : 3;
  const minFrac = options.minimumFractionDigits ?? 0;
  const maxFrac = options.maximumFractionDigits ?? Math.max(minFrac, defaultMax);
  if (
    !Number.isInteger(minInt) ||
    minInt < 1 ||
    minInt > 21 ||
    !Number.isInteger(minFrac) ||
    !Number.isInteger(maxFrac) ||
    minFrac < 0 ||
    maxFrac > 20 ||
    minFrac > maxFrac
  )
    return null;
  const parts = decimalDigits(value, style === 'percent' ? 2 : 0, maxFrac);
  if (!parts) return null;
  let [int, frac] = parts;
  // Grouping separators differ by language (and some group only from five digits): Intl's job.
  if (options.useGrouping !== false && int.length > 3) return null;
  int = int.padStart(minInt, '0');
  frac = frac.replace(/0+$/, '').padEnd(minFrac, '0');
  const digits = localDigits(frac ? `${int}.${frac}` : int, data).replace('.', data.decimal);
  if (style === 'percent') return fill(data.percent, digits);
  if (unitPatterns) {
    const exact = unitPatterns[`=${value}`];
    if (exact !== undefined) return fill(exact, digits);
    const pattern = unitPatterns[pluralCategory(language, value)] ?? unitPatterns.other;
    return pattern === undefined ? null : fill(pattern, digits);
  }
  return digits;
}

/** Intl.ListFormat(language, { type, style }).format(items) for the covered cases, else null. */
export function fastList(
  language: string,
  items: readonly string[],
  type: string,
  style: string,
): string | null {
  const patterns = dataOf(language)?.lists[`${type}-${style}`];
  if (!patterns) return null;
  return joinList(patterns, items);
}

/** `items` joined with a language's list patterns ([pair, start, middle, end]), as ICU joins them. */
export function joinList(
  [pair, start, middle, end]: readonly [string, string, string, string],
  items: readonly string[],
): string {
  const join = (pattern: string, a: string, b: string) => {
    const at0 = pattern.indexOf('{0}');
    const at1 = pattern.indexOf('{1}');
    return pattern.slice(0, at0) + a + pattern.slice(at0 + 3, at1) + b + pattern.slice(at1 + 3);
  };
  if (items.length === 0) return '';
  if (items.length === 1) return String(items[0]);
  if (items.length === 2) return join(pair, String(items[0]), String(items[1]));
  // start(first, second), then middle(…, next) for each inner item, end(…, last).
  let text = join(start, String(items[0]), String(items[1]));
  for (let i = 2; i < items.length - 1; i += 1) text = join(middle, text, String(items[i]));
  return join(end, text, String(items[items.length - 1]));
}
