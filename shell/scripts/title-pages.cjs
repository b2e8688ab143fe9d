/**
 * The host's title pages (issue 37, point 8): `/movie/{type}/{id}` answered with the shell's
 * index.html plus a head bots can read (title-head.cjs), `/sitemap.xml` with its pages
 * `/sitemaps/titles-{n}.xml`, and `/robots.txt` when the build has none. Nothing in the answer
 * depends on who asks (no user agent sniffing): a viewer and a crawler get the same page, and the
 * app starts on it as on any other path.
 *
 * - The data is the API's, from the composition document's `api`: GET /v1/titles/{id} (as a guest,
 *   so in the API's default country) and GET /v1/titles/index for the sitemaps. A title the API does
 *   not know, refuses to a guest, or does not stream in that country answers 404 with
 *   `<meta name="robots" content="noindex">` (the app shows its not-found screen as before); a wrong
 *   `{type}` answers 301 to the canonical URL; an API that cannot be reached, 503 with Retry-After.
 * - Built heads (and sitemaps) are kept in a small LRU with a short TTL, shared by concurrent
 *   requests for the same page, and every answer carries an ETag (If-None-Match answers 304).
 *
 * Plain Node (CommonJS) so that the host (serve.mjs) and jest load the same file.
 */
const { createHash } = require('node:crypto');
const { existsSync, readFileSync } = require('node:fs');
const path = require('node:path');
const { brotliCompressSync, gzipSync, constants: zlib } = require('node:zlib');
const {
  shippedLanguage,
  sitemapIndex,
  sitemapPage,
  robotsTxt,
  titleFallback,
  titleHead,
  titlePath,
  withTitle,
} = require('./title-head.cjs');
const { pageLoadingMarkup } = require('./loading-markup.cjs');

const TITLE_PATH = /^\/movie\/([^/]+)\/([^/]+)\/?$/;
const SITEMAP_PAGE = /^\/sitemaps\/titles-([1-9]\d{0,5})\.xml$/;
/** The API's ids (its Id schema is looser; anything else cannot be a title, so no request is made). */
const TITLE_ID = /^[A-Za-z0-9._~-]{1,100}$/;
/** Per sitemap file: well under the protocol's 50,000 URLs and 50 MB with nine alternates per URL. */
const URLS_PER_SITEMAP = 10_000;
const HTML = 'text/html; charset=utf-8';
const XML = 'application/xml; charset=utf-8';
const BROTLI_QUICK = { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } };

/** A Map in recency order with a time to live: the oldest entry leaves when it is full. */
function createLru({ max, now }) {
  const entries = new Map();
  return {
    get(key) {
      const hit = entries.get(key);
      if (!hit) return undefined;
      entries.delete(key);
      if (hit.expires <= now()) return undefined;
      entries.set(key, hit);
      return hit.value;
    },
    set(key, value, ttlMs) {
      entries.delete(key);
      entries.set(key, { value, expires: now() + ttlMs });
      if (entries.size > max) entries.delete(entries.keys().next().value);
    },
    delete: (key) => entries.delete(key),
    get size() {
      return entries.size;
    },
  };
}

const decode = (segment) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
};

/** The origin of a URL, or null. */
const originOf = (url) => {
  try {
    return url ? new URL(url).origin : null;
  } catch {
    return null;
  }
};

/**
 * @param {object} options
 * @param {string} options.root the shell's build (its index.html; a robots.txt there wins)
 * @param {() => any} options.doc the composition document now (its `api`, and `shell` for the origin)
 * @param {string} [options.publicUrl] the host's public origin for absolute URLs (else the
 *   document's `shell` origin, else the request's Host)
 * @param {Function} [options.transformHtml] the shell's own index.html rewrite (serve.mjs), applied first
 */
function titlePages({
  root,
  doc,
  publicUrl,
  transformHtml,
  fetch: fetchImpl = globalThis.fetch,
  ttlMs = 60_000,
  sitemapTtlMs = 10 * 60_000,
  maxEntries = 5000,
  timeoutMs = 5000,
  now = Date.now,
  log = (msg) => console.warn(`[title-pages] ${msg}`),
}) {
  const dir = path.resolve(root);
  const cache = createLru({ max: maxEntries, now });
  let lastLog = -Infinity;
  const warn = (msg) => {
    // An API that is down would otherwise log once per crawled page.
    if (now() - lastLog < 10_000) return;
    lastLog = now();
    log(msg);
  };

  const apiOrigin = () => {
    const api = doc()?.api;
    return typeof api === 'string' && api ? api.replace(/\/+$/, '') : null;
  };
  const publicOrigin = (req) => {
    const configured = originOf(publicUrl) ?? originOf(doc()?.shell);
    if (configured) return configured;
    const host = String(req.headers.host ?? '');
    const proto = req.headers['x-forwarded-proto'] === 'https' ? 'https' : 'http';
    return /^[A-Za-z0-9.-]+(:\d{1,5})?$/.test(host) ? `${proto}://${host}` : 'http://localhost';
  };

  async function apiJson(url, headers = {}) {
    const res = await fetchImpl(url, {
      headers: { accept: 'application/json', ...headers },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (res.status >= 500) throw new Error(`${url} answered ${res.status}`);
    return { status: res.status, body: res.status < 300 ? await res.json() : null };
  }

  /** A value from the cache, or made once for every concurrent asker; a failure is not kept. */
  function cached(key, ttl, make) {
    const hit = cache.get(key);
    if (hit) return hit;
    const made = make();
    cache.set(key, made, ttl);
    made.catch(() => cache.delete(key));
    return made;
  }

  /** The built page parts for a title, or `{ found: false }`. */
  function titleParts(api, origin, id, lang) {
    return cached(`t|${api}|${origin}|${lang?.code ?? ''}|${id}`, ttlMs, async () => {
      const { status, body } = await apiJson(
        `${api}/v1/titles/${encodeURIComponent(id)}`,
        lang ? { 'accept-language': lang.code } : {},
      );
      // 400: not an id the API accepts; 403: above the guests' maturity ceiling; 404: unknown.
      if (status >= 400) return { found: false };
      const title = body?.data;
      if (!title || typeof title.id !== 'string') throw new Error(`${api} answered no title`);
      if (!title.availableInYourCountry) return { found: false };
      return {
        found: true,
        type: title.type,
        path: titlePath(title),
        head: titleHead(title, { origin, apiOrigin: api, lang: lang?.code }),
        fallback: titleFallback(title),
      };
    });
  }

  /** A body with its ETag, and its compressed forms once asked for (a cached sitemap keeps them). */
  function prepared(text) {
    const raw = Buffer.from(text);
    return { raw, etag: `W/"${createHash('sha1').update(raw).digest('base64url')}"`, encoded: {} };
  }

  function send(req, res, status, type, body, headers = {}) {
    const p = typeof body === 'string' ? prepared(body) : body;
    const all = {
      'Content-Type': type,
      'Cache-Control': 'no-cache',
      Vary: 'Accept-Encoding',
      ETag: p.etag,
      ...headers,
    };
    const asked = String(req.headers['if-none-match'] ?? '');
    if (status === 200 && asked.split(/\s*,\s*/).includes(p.etag)) {
      res.writeHead(304, all);
      return res.end();
    }
    const accepts = String(req.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
    let out = p.raw;
    if (encoding) {
      out = p.encoded[encoding] ??=
        encoding === 'br' ? brotliCompressSync(p.raw, BROTLI_QUICK) : gzipSync(p.raw, { level: 6 });
      all['Content-Encoding'] = encoding;
    }
    res.writeHead(status, { ...all, 'Content-Length': out.length });
    res.end(req.method === 'HEAD' ? undefined : out);
  }

  async function titlePage(req, res, url, type, id) {
    const lang = shippedLanguage(url.searchParams.get('lang'));
    const api = apiOrigin();
    let parts = null;
    if (id === null || !TITLE_ID.test(id)) parts = { found: false };
    else if (api) {
      try {
        parts = await titleParts(api, publicOrigin(req), id, lang);
      } catch (err) {
        warn(`the API could not describe ${id}: ${err.message}`);
      }
    }
    if (parts?.found && type !== parts.type) {
      res.writeHead(301, { Location: `${parts.path}${url.search}`, 'Cache-Control': 'no-cache' });
      return res.end();
    }
    const status = parts === null ? 503 : parts.found ? 200 : 404;
    const shell = readFileSync(path.join(dir, 'index.html'), 'utf8');
    const out = transformHtml ? transformHtml(shell, url.pathname, req) : shell;
    const html = withTitle(typeof out === 'string' ? out : out.html, {
      // An unknown title or an API that did not answer: the app's own screen comes, and until
      // then the loading screen every other page shows (loading-markup.cjs).
      ...(parts?.found
        ? { head: parts.head, fallback: parts.fallback }
        : { fallback: pageLoadingMarkup() }),
      noindex: status === 404,
      lang,
    });
    const headers = typeof out === 'string' ? {} : { ...out.headers };
    if (status === 503) headers['Retry-After'] = '30';
    if (status === 404) headers['X-Robots-Tag'] = 'noindex';
    send(req, res, status, HTML, html, headers);
  }

  /** The API's title index: one page of ids, or the total when `page` is null. */
  async function titleIndex(api, page) {
    const limit = page === null ? 1 : URLS_PER_SITEMAP;
    const { status, body } = await apiJson(
      `${api}/v1/titles/index?page=${page ?? 1}&limit=${limit}`,
    );
    if (status !== 200 || !Array.isArray(body?.data?.titles))
      throw new Error(`${api}/v1/titles/index answered ${status}`);
    return body.data;
  }

  /** The sitemap index (`page` null) or one page, rendered and kept; null past the last page. */
  function sitemapBody(api, origin, page) {
    return cached(`s|${api}|${origin}|${page}`, sitemapTtlMs, async () => {
      const data = await titleIndex(api, page);
      if (page === null)
        return prepared(
          sitemapIndex(origin, Math.max(1, Math.ceil(data.total / URLS_PER_SITEMAP))),
        );
      return page > 1 && data.titles.length === 0
        ? null
        : prepared(sitemapPage(origin, data.titles));
    });
  }

  async function sitemap(req, res, page) {
    const api = apiOrigin();
    const headers = { 'Cache-Control': 'public, max-age=600' };
    try {
      if (!api) throw new Error('the composition document names no API');
      const body = await sitemapBody(api, publicOrigin(req), page);
      if (!body) return send(req, res, 404, 'text/plain; charset=utf-8', 'No such sitemap');
      return send(req, res, 200, XML, body, headers);
    } catch (err) {
      warn(`no sitemap: ${err.message}`);
      return send(
        req,
        res,
        503,
        'text/plain; charset=utf-8',
        'The catalogue cannot be listed right now',
        { 'Retry-After': '60' },
      );
    }
  }

  return {
    /** The static server's `handle` hook: true when the request is one of ours (answered async). */
    handle(req, res) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      let url;
      try {
        url = new URL(req.url ?? '/', 'http://host');
      } catch {
        return false;
      }
      const p = url.pathname;
      let answer = null;
      const title = TITLE_PATH.exec(p);
      const page = SITEMAP_PAGE.exec(p);
      if (title) answer = titlePage(req, res, url, decode(title[1]), decode(title[2]));
      else if (p === '/sitemap.xml') answer = sitemap(req, res, null);
      else if (page) answer = sitemap(req, res, Number(page[1]));
      else if (p === '/robots.txt' && !existsSync(path.join(dir, 'robots.txt')))
        return (
          send(req, res, 200, 'text/plain; charset=utf-8', robotsTxt(publicOrigin(req))),
          true
        );
      if (!answer) return false;
      answer.catch((err) => {
        warn(`${p}: ${err.message}`);
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
      return true;
    },
    /** Entries in the cache (the bench reports it). */
    get cacheSize() {
      return cache.size;
    },
  };
}

module.exports = { titlePages, createLru, URLS_PER_SITEMAP };
