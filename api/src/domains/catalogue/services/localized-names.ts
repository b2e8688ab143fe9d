import { searchTokens } from '../../../db/search-dialect';
import type { Language } from '../../../lib/i18n/languages';

/** Scripts written without spaces between words: a query may start anywhere inside a name. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

interface LanguageIndex {
  /** Every word of every localised name in the language (and, unspaced, each of its suffixes), sorted. */
  words: string[];
  /** words[i] -> the titles.seq of the names holding it. */
  seqs: Int32Array[];
}

/**
 * Titles by their localised name (title_localizations, issue 37), one index per language, in memory
 * like the rest of the browse index: a search in Spanish finds "El huerto de cristal".
 *
 * A name is cut into the same tokens as the full-text query (searchTokens, accents dropped); each query token must be
 * the start of a word of the name, as the FTS prefix match does, so typing "hue" finds it. Japanese and
 * Chinese names have no spaces: their words are also indexed from each character on, so "果樹園" finds
 * "ガラスの果樹園". A lookup is a binary search per query token over the sorted words, then the
 * intersection of a few short lists: microseconds, whatever the catalogue's size.
 */
export class LocalizedNames {
  private byLanguage = new Map<Language, LanguageIndex>();

  build(
    localizations: ReadonlyMap<string, ReadonlyMap<Language, { name: string | null }>>,
    seqOf: (titleId: string) => number | undefined,
  ): void {
    const lists = new Map<Language, Map<string, Set<number>>>();
    for (const [titleId, byLanguage] of localizations) {
      const seq = seqOf(titleId);
      if (seq === undefined) continue;
      for (const [language, fields] of byLanguage) {
        if (!fields.name) continue;
        let words = lists.get(language);
        if (!words) lists.set(language, (words = new Map()));
        for (const token of nameTokens(fields.name)) {
          let set = words.get(token);
          if (!set) words.set(token, (set = new Set()));
          set.add(seq);
        }
      }
    }
    this.byLanguage = new Map(
      [...lists].map(([language, words]) => {
        const sorted = [...words.keys()].sort();
        return [
          language,
          { words: sorted, seqs: sorted.map((w) => Int32Array.from(words.get(w)!)) },
        ];
      }),
    );
  }

  /** The titles whose name in `language` matches every token of the query, or null (no such name). */
  match(query: string, language: Language): number[] | null {
    const index = this.byLanguage.get(language);
    if (!index) return null;
    const tokens = wordsOf(query);
    if (tokens.length === 0) return null;
    let found: Set<number> | null = null;
    for (const token of tokens) {
      const here = new Set<number>();
      for (let i = lowerBound(index.words, token); i < index.words.length; i++) {
        if (!index.words[i]!.startsWith(token)) break;
        for (const seq of index.seqs[i]!) if (!found || found.has(seq)) here.add(seq);
      }
      if (here.size === 0) return null;
      found = here;
    }
    return found ? [...found] : null;
  }
}

/** searchTokens without the combining marks first ("HUÉR" is one word, "huer", not "hue" and "r"). */
const wordsOf = (text: string) => searchTokens(text.normalize('NFKD').replace(/\p{M}/gu, ''));

/** A name's tokens; an unspaced word also from each of its characters on. */
function nameTokens(name: string): Set<string> {
  const out = new Set<string>();
  for (const token of wordsOf(name)) {
    out.add(token);
    if (!UNSPACED.test(token)) continue;
    const chars = [...token];
    for (let i = 1; i < chars.length; i++) out.add(chars.slice(i).join(''));
  }
  return out;
}

function lowerBound(sorted: readonly string[], key: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
