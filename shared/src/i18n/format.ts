import { fastList, fastNumber } from './fast-format';
import { dirOf, PSEUDO_LANGUAGE, SOURCE_LANGUAGE } from './languages';
import { useI18n } from './react';
import { i18n } from './runtime';

/**
 * The one formatting module (docs/i18n.md): numbers, prices, dates, durations, relative times and
 * lists, all over Intl in the active UI language. Nothing in the product names a locale itself.
 * Components call `useFormat()` (re-rendered when the language changes); other code calls these.
 */

/** The Intl locale of the active language (the pseudo-locale formats as English). */
export const intlLocale = (): string =>
  i18n.locale === PSEUDO_LANGUAGE.code ? SOURCE_LANGUAGE : i18n.locale || SOURCE_LANGUAGE;

/**
 * One formatter per language and options: building an Intl formatter costs far more than using
 * one, and a screen of cards formats hundreds of numbers (a new NumberFormat per call was 97 ms of
 * the signed-in home's first render at full speed, 4x that on a phone).
 */
const cache = new Map<string, unknown>();
function cached<T>(kind: string, options: object | undefined, make: () => T): T {
  const key = `${kind}\u0000${intlLocale()}\u0000${options ? JSON.stringify(options) : ''}`;
  let formatter = cache.get(key) as T | undefined;
  if (formatter === undefined) {
    formatter = make();
    cache.set(key, formatter);
  }
  return formatter;
}

/**
 * A number in the active language. Small numbers, ratings, percents and durations come from the
 * fast formatter (fast-format.ts: the first Intl formatter of a page is a phone-sized long task of
 * its own); the rest from Intl.
 */
export const formatNumber = (value: number, options?: Intl.NumberFormatOptions): string =>
  fastNumber(intlLocale(), value, options) ??
  cached('number', options, () => new Intl.NumberFormat(intlLocale(), options)).format(value);

/** A price in minor units (cents) in its currency: "$9.99", "9,99 €", "R$ 9,99". */
export function formatPrice(minorUnits: number, currency: string): string {
  const code = currency.toUpperCase();
  try {
    const format = cached(
      'number',
      { style: 'currency', currency: code },
      () => new Intl.NumberFormat(intlLocale(), { style: 'currency', currency: code }),
    );
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    const amount = minorUnits / 10 ** digits;
    if (dirOf(intlLocale()) === 'ltr') return format.format(amount);
    // Right to left, a Latin currency code next to a symbol ("US$") is split by the bidi algorithm
    // and shown "$US 7.99" (seen in Arabic on the plans and payment screens): each currency part
    // is isolated left to right (U+2066 ... U+2069), so it reads as one word on either side.
    return format
      .formatToParts(amount)
      .map((p) => (p.type === 'currency' ? `\u2066${p.value}\u2069` : p.value))
      .join('');
  } catch {
    // An unknown currency code still shows an amount rather than breaking the screen.
    return `${formatNumber(minorUnits / 100, { minimumFractionDigits: 2 })} ${code}`;
  }
}

const toDate = (value: Date | string | number): Date | null => {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** A date the viewer reads ("12 March 2027", "March 12, 2027"); '' for a missing or bad one. */
export function formatDate(
  value: Date | string | number | null | undefined,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'long' },
): string {
  const d = value === null || value === undefined ? null : toDate(value);
  return d
    ? cached('date', options, () => new Intl.DateTimeFormat(intlLocale(), options)).format(d)
    : '';
}

/** A date and time ("12 Mar 2027, 14:05"); '' for a missing or bad one. */
export const formatDateTime = (
  value: Date | string | number | null | undefined,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' },
): string => formatDate(value, options);

/** A time of day ("14:05", "2:05 PM"). */
export const formatTime = (
  value: Date | string | number | null | undefined,
  options: Intl.DateTimeFormatOptions = { timeStyle: 'short' },
): string => formatDate(value, options);

/** A duration in seconds, as hours and minutes ("1 hr, 52 min"; under a minute, seconds). */
export function formatDuration(
  seconds: number,
  style: 'long' | 'short' | 'narrow' = 'short',
): string {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const unit = (value: number, u: 'hour' | 'minute' | 'second') =>
    formatNumber(value, { style: 'unit', unit: u, unitDisplay: style });
  if (total < 60) return unit(total, 'second');
  const parts = [h ? unit(h, 'hour') : '', m || !h ? unit(m, 'minute') : ''].filter(Boolean);
  return formatList(parts, 'unit');
}

const RELATIVE_UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** How long ago or from now ("3 days ago", "in 2 hours", "yesterday"). */
export function formatRelativeTime(
  value: Date | string | number,
  now: Date | number = Date.now(),
): string {
  const d = toDate(value);
  if (!d) return '';
  const diff = (d.getTime() - (now instanceof Date ? now.getTime() : now)) / 1000;
  const [unit, size] = RELATIVE_UNITS.find(([, s]) => Math.abs(diff) >= s) ?? ['second', 1];
  return cached(
    'relative',
    undefined,
    () => new Intl.RelativeTimeFormat(intlLocale(), { numeric: 'auto' }),
  ).format(Math.round(diff / size), unit);
}

/** A list in the language's words ("a, b and c", "a、b、c"). */
export const formatList = (
  items: readonly string[],
  type: 'conjunction' | 'disjunction' | 'unit' = 'conjunction',
): string => {
  const style = type === 'unit' ? 'narrow' : 'long';
  return (
    fastList(intlLocale(), items, type, style) ??
    cached('list', { type }, () => new Intl.ListFormat(intlLocale(), { type, style })).format(items)
  );
};

const formatters = {
  formatNumber,
  formatPrice,
  formatDate,
  formatDateTime,
  formatTime,
  formatDuration,
  formatRelativeTime,
  formatList,
};

/** The formatters, with the component re-rendered when the language changes. */
export function useFormat(): typeof formatters {
  useI18n();
  return formatters;
}
