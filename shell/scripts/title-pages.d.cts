/** Types for the host's title pages and sitemaps (plain Node), shared with its tests and bench. */
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface TitlePagesOptions {
  /** The shell's build: its index.html (a robots.txt there is served instead of ours). */
  root: string;
  /** The composition document now: its `api`, and its `shell` manifest's origin. */
  doc: () => { api?: string; shell?: string } | null | undefined;
  /** The host's public origin for absolute URLs (else the document's `shell`, else the Host header). */
  publicUrl?: string;
  /** The shell's own index.html rewrite (serve.mjs), applied before the title's head. */
  transformHtml?: (
    html: string,
    pathname: string,
    req: IncomingMessage,
  ) => string | { html: string; headers?: Record<string, string> };
  fetch?: typeof fetch;
  /** How long a built head is kept (60 s). */
  ttlMs?: number;
  /** How long a sitemap's listing is kept (10 min). */
  sitemapTtlMs?: number;
  /** Entries kept at most (5000). */
  maxEntries?: number;
  /** Per API request (5 s). */
  timeoutMs?: number;
  now?: () => number;
  log?: (message: string) => void;
}
export declare function titlePages(options: TitlePagesOptions): {
  /** The static server's `handle` hook: true when the request is one of ours (answered async). */
  handle(req: IncomingMessage, res: ServerResponse): boolean;
  readonly cacheSize: number;
};
export declare function createLru<T>(options: { max: number; now: () => number }): {
  get(key: string): T | undefined;
  set(key: string, value: T, ttlMs: number): void;
  delete(key: string): boolean;
  readonly size: number;
};
export declare const URLS_PER_SITEMAP: number;
