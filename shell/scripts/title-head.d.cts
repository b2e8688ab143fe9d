/** Types for the title pages' head builder (plain Node), shared with its tests. */

/** The fields of the API's TitleDetail the head reads (GET /v1/titles/{id}). */
export interface TitleForHead {
  id: string;
  type: 'movie' | 'series';
  name: string;
  year?: number;
  releaseDate?: string;
  maturity?: string;
  genres?: string[];
  synopsis?: string;
  posterUrl?: string;
  runtimeMinutes?: number;
  language?: string;
  countries?: string[];
  director?: string;
  cast?: Array<{ name: string; character?: string }>;
  seasons?: Array<{
    number: number;
    name: string;
    year?: number;
    episodes?: Array<{ number: number; name: string; synopsis?: string; runtimeMinutes?: number }>;
  }>;
}
export interface Language {
  code: string;
  name: string;
  dir: 'ltr' | 'rtl';
}
export declare const LANGUAGES: Language[];
export declare function escapeHtml(value: unknown): string;
export declare function jsonForScript(value: unknown): string;
export declare function isoDuration(minutes: number): string | undefined;
export declare function shippedLanguage(code: string | null): Language | null;
export declare function titlePath(title: { id: string; type: string }): string;
export declare function titleJsonLd(
  title: TitleForHead,
  where: { url: string; image?: string },
): Record<string, unknown>;
export declare function titleHead(
  title: TitleForHead,
  options: { origin: string; apiOrigin?: string; lang?: string | null },
): string;
export declare function titleFallback(title: TitleForHead): string;
export declare function withTitle(
  html: string,
  parts: { head?: string; fallback?: string; noindex?: boolean; lang?: Language | null },
): string;
export declare function sitemapIndex(origin: string, pages: number): string;
export declare function sitemapPage(
  origin: string,
  titles: Array<{ id: string; type: string; lastmod?: string }>,
): string;
export declare function robotsTxt(origin: string): string;
