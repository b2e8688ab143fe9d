import { formatList, formatNumber, intlLocale } from '@streamflix/shared';

/** A clock part in the language's digits ("05", "٠٥"), through the shared formatting module. */
const part = (value: number, digits = 1) =>
  formatNumber(value, { minimumIntegerDigits: digits, useGrouping: false });

/** 75 → "1:15", 3725 → "1:02:05" (digits of the active language). */
export function formatTime(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) seconds = 0;
  const s = Math.floor(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = part(s % 60, 2);
  return h > 0 ? `${part(h)}:${part(m, 2)}:${sec}` : `${part(m)}:${sec}`;
}

const unit = (value: number, u: 'hour' | 'minute' | 'second') =>
  formatNumber(value, { style: 'unit', unit: u, unitDisplay: 'long' });

/** For screen readers, in the active language: "1 minute 15 seconds", "دقيقة واحدة و١٥ ثانية". */
export function spokenTime(seconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const parts: string[] = [];
  if (h) parts.push(unit(h, 'hour'));
  if (m) parts.push(unit(m, 'minute'));
  parts.push(unit(s % 60, 'second'));
  return formatList(parts, 'unit');
}

/**
 * An audio or subtitle track's name in the active language: a stream names its tracks in English
 * ("English", "Spanish"); a name that is just its language's English name is said in the viewer's
 * language ("الإنجليزية"), any other name ("English (audio description)") is kept as the stream
 * writes it.
 */
export function trackLabel(track: { name: string; lang: string }): string {
  try {
    const english = new Intl.DisplayNames(['en'], { type: 'language' }).of(track.lang);
    if (!track.lang || english !== track.name) return track.name;
    return new Intl.DisplayNames([intlLocale()], { type: 'language' }).of(track.lang) ?? track.name;
  } catch {
    return track.name;
  }
}
