/**
 * ICU messages as the catalogs' tools see them (docs/i18n.md): the structure a translation must keep
 * (its placeholders, plural/select arguments and rich-text tags), and the pseudo-locale generated
 * from English. Parsed with @messageformat/parser, the parser Lingui's own compiler uses.
 */
import { parse, type Token } from '@messageformat/parser';

/** Lingui's rich-text tags (`<0>…</0>`, `<1/>`), which the parser leaves in content. */
const TAG = /<\/?\d+\s*\/?>/g;

/** Every argument (`name:kind`) and tag of a message, sorted: two messages agree when these do. */
export function structureOf(message: string): string[] {
  const found = new Set<string>();
  const walk = (tokens: Token[]) => {
    for (const t of tokens) {
      if (t.type === 'content') for (const tag of t.value.match(TAG) ?? []) found.add(tag);
      else if (t.type === 'argument') found.add(`${t.arg}:text`);
      else if (t.type === 'function') found.add(`${t.arg}:${t.key}`);
      else if (t.type === 'plural' || t.type === 'select' || t.type === 'selectordinal') {
        found.add(`${t.arg}:${t.type}`);
        // Plural categories differ by language (ja has only `other`, ar six): the cases are not
        // compared, but `other` is required and each case keeps the same arguments.
        if (!t.cases.some((c) => c.key === 'other')) found.add(`${t.arg}:${t.type}:no-other`);
        for (const c of t.cases) walk(c.tokens);
      }
    }
  };
  walk(parse(message));
  return [...found].sort();
}

/** Why `translation` does not have the structure of `source`, or null when it does. */
export function structureMismatch(source: string, translation: string): string | null {
  let want: string[];
  let got: string[];
  try {
    want = structureOf(source);
  } catch (err) {
    return `the English message does not parse: ${(err as Error).message}`;
  }
  try {
    got = structureOf(translation);
  } catch (err) {
    return `it does not parse: ${(err as Error).message}`;
  }
  const missing = want.filter((s) => !got.includes(s));
  const extra = got.filter((s) => !want.includes(s));
  if (!missing.length && !extra.length) return null;
  return [
    missing.length ? `missing ${missing.join(', ')}` : '',
    extra.length ? `unexpected ${extra.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('; ');
}

const ACCENTS: Record<string, string> = Object.fromEntries(
  [...'abcdeghiklnorstuwyzABCDEGHIKLNORSTUWYZ'].map((c, i) => [
    c,
    [...'áƀçđéğĥíķļñöŕšţüŵýžÁßÇĐÉĞĤÍĶĻÑÖŘŠŢÜŴÝŽ'][i]!,
  ]),
);

/** Pseudo text: accented, and padded so the whole message is at least 40% longer. */
function pseudoText(text: string): string {
  return text
    .split(/(<\/?\d+\s*\/?>)/)
    .map((part, i) => {
      if (i % 2 === 1 || !/\p{L}/u.test(part)) return part;
      const accented = [...part].map((c) => ACCENTS[c] ?? c).join('');
      return accented + '·'.repeat(Math.ceil(part.length * 0.4));
    })
    .join('');
}

// An apostrophe quotes only before a syntax character (ICU's rule), so only braces (and `#` in a
// plural case) need quoting; a lone apostrophe (It's) stays as it is.
const quoteContent = (s: string, inPlural: boolean) =>
  s.replace(inPlural ? /[{}#]/g : /[{}]/g, (c) => `'${c}'`);

function serialise(tokens: Token[], inPlural: boolean, pseudo: boolean): string {
  return tokens
    .map((t): string => {
      switch (t.type) {
        case 'content': {
          const text = pseudo ? pseudoText(t.value) : t.value;
          return quoteContent(text, inPlural);
        }
        case 'argument':
          return `{${t.arg}}`;
        case 'function':
          return `{${t.arg}, ${t.key}${t.param ? `, ${serialise(t.param, false, false)}` : ''}}`;
        case 'octothorpe':
          return '#';
        default: {
          const plural = t.type !== 'select';
          const offset = t.pluralOffset ? ` offset:${t.pluralOffset}` : '';
          const cases = t.cases
            .map((c) => `${c.key} {${serialise(c.tokens, plural, pseudo)}}`)
            .join(' ');
          return `{${t.arg}, ${t.type},${offset} ${cases}}`;
        }
      }
    })
    .join('');
}

/** Bidi markers around every pseudo message: LEFT-TO-RIGHT EMBEDDING … POP DIRECTIONAL FORMATTING. */
export const PSEUDO_OPEN = '\u202A⟦';
export const PSEUDO_CLOSE = '⟧\u202C';

/**
 * The pseudo-locale's message for an English one: every letter accented, every run of text 40%
 * longer, the whole wrapped in bidi markers and brackets (a clipped end shows); placeholders,
 * plural/select arguments and rich-text tags are kept as they are.
 */
export function pseudoMessage(message: string): string {
  if (!message) return message;
  return `${PSEUDO_OPEN}${serialise(parse(message), false, true)}${PSEUDO_CLOSE}`;
}
