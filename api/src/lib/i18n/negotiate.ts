import { shippedLanguage, SOURCE_LANGUAGE, type Language } from './languages';

interface Range {
  tag: string;
  q: number;
  order: number;
}

/** The ranges of an Accept-Language header, best first (q-value, then the order sent); q=0 dropped. */
export function parseAcceptLanguage(header: string | string[] | undefined): Range[] {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const ranges: Range[] = [];
  // A header is short; a hostile one is cut rather than parsed at length.
  value
    .slice(0, 1024)
    .split(',')
    .forEach((part, order) => {
      const [rawTag, ...params] = part.trim().split(';');
      const tag = rawTag?.trim() ?? '';
      if (!/^(\*|[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*)$/.test(tag)) return;
      let q = 1;
      for (const p of params) {
        const m = /^\s*q\s*=\s*([01](\.\d{0,3})?)\s*$/i.exec(p);
        if (m) q = Math.min(1, Number(m[1]));
      }
      if (q > 0) ranges.push({ tag, q, order });
    });
  return ranges.sort((a, b) => b.q - a.q || a.order - b.order);
}

/** The best shipped language for an Accept-Language header, or null when none matches. */
export function bestAcceptedLanguage(header: string | string[] | undefined): Language | null {
  for (const range of parseAcceptLanguage(header)) {
    const language = shippedLanguage(range.tag);
    if (language) return language;
  }
  return null;
}

/**
 * The language of a request: the active profile's (when the request is made for a profile and its
 * language is one we ship), else the best match of Accept-Language, else English.
 */
export function negotiateLanguage(input: {
  profileLanguage?: string | null;
  acceptLanguage?: string | string[];
}): Language {
  return (
    shippedLanguage(input.profileLanguage) ??
    bestAcceptedLanguage(input.acceptLanguage) ??
    SOURCE_LANGUAGE
  );
}
