/**
 * What a bot that runs no script reads on a title page (issue 37, point 8): the <head> of
 * /movie/{type}/{id} built from the API's title detail (name, description, canonical URL, Open
 * Graph, Twitter card, hreflang alternates, schema.org JSON-LD), a static name and synopsis in
 * #root that React replaces when the app starts, and the sitemap documents. Pure functions of
 * their input: the same title gives every visitor the same bytes. The host's side (fetching,
 * caching, answering) is title-pages.cjs.
 *
 * Every value from the catalogue is escaped for where it lands: HTML text and attributes, and the
 * JSON-LD script, where `<`, `>`, `&` and the JS line separators are \u-escaped so a name holding
 * `</script>` cannot end the script element.
 *
 * Plain Node (CommonJS) so that the host (serve.mjs) and jest load the same file.
 */
const path = require('node:path');
const { UNDER_CEILING } = require('./ceiling-check.cjs');
const { pageLoadingMarkup } = require('./loading-markup.cjs');

/** The UI languages the product ships (shared/src/i18n/languages.json, one list for everyone). */
const LANGUAGES = require(
  path.join(path.dirname(require.resolve('@streamflix/shared')), 'i18n/languages.json'),
).languages;

const SITE_NAME = 'Streamflix';
/** A meta description longer than this is cut at a word (search results show about 160). */
const DESCRIPTION_MAX = 300;

const HTML_ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text or an attribute value, safe in HTML. */
const escapeHtml = (value) => String(value ?? '').replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
/** XML text (sitemaps): the same five entities. */
const escapeXml = escapeHtml;

/** JSON that stays JSON inside <script>: no `<`, `>`, `&` or line separators left raw. */
function jsonForScript(value) {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The page's path: the title's real type, whatever the visited URL said. */
const titlePath = (title) =>
  `/movie/${encodeURIComponent(title.type)}/${encodeURIComponent(title.id)}`;

/** `?lang=xx` marks a page of one UI language; without it, the x-default page. */
const languageUrl = (url, code) => (code ? `${url}?lang=${encodeURIComponent(code)}` : url);

/** The language of `?lang=`, when it is one the product ships. */
const shippedLanguage = (code) => LANGUAGES.find((l) => l.code === code) ?? null;

/** ISO 8601 duration of whole minutes: PT1H47M, PT45M. */
function isoDuration(minutes) {
  const m = Math.max(0, Math.round(Number(minutes) || 0));
  if (!m) return undefined;
  const h = Math.floor(m / 60);
  return `PT${h ? `${h}H` : ''}${m % 60 ? `${m % 60}M` : ''}`;
}

function shortDescription(text) {
  const t = String(text ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  if (t.length <= DESCRIPTION_MAX) return t;
  const cut = t.slice(0, DESCRIPTION_MAX - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), DESCRIPTION_MAX / 2))}…`;
}

/** An absolute URL (the API may answer artwork paths relative to itself). */
function absolute(url, base) {
  try {
    return new URL(url, base).href;
  } catch {
    return undefined;
  }
}

const isDate = (s) => typeof s === 'string' && /^\d{4}-\d{2}-\d{2}/.test(s);

/** schema.org Movie or TVSeries (with its seasons and episodes) for the API's title detail. */
function titleJsonLd(title, { url, image }) {
  const common = {
    '@context': 'https://schema.org',
    '@type': title.type === 'series' ? 'TVSeries' : 'Movie',
    '@id': url,
    url,
    name: title.name,
    description: title.synopsis || undefined,
    image,
    datePublished: isDate(title.releaseDate) ? title.releaseDate.slice(0, 10) : undefined,
    genre: title.genres?.length ? title.genres : undefined,
    contentRating: title.maturity || undefined,
    inLanguage: title.language || undefined,
    countryOfOrigin: title.countries?.length
      ? title.countries.map((name) => ({ '@type': 'Country', name }))
      : undefined,
    director: title.director ? { '@type': 'Person', name: title.director } : undefined,
    actor: title.cast?.length
      ? title.cast.map((c) => ({ '@type': 'Person', name: c.name }))
      : undefined,
  };
  if (title.type !== 'series') return { ...common, duration: isoDuration(title.runtimeMinutes) };
  const seasons = title.seasons ?? [];
  return {
    ...common,
    numberOfSeasons: seasons.length,
    numberOfEpisodes: seasons.reduce((n, s) => n + (s.episodes?.length ?? 0), 0),
    containsSeason: seasons.map((s) => ({
      '@type': 'TVSeason',
      seasonNumber: s.number,
      name: s.name,
      startDate: s.year ? String(s.year) : undefined,
      numberOfEpisodes: s.episodes?.length ?? 0,
      episode: (s.episodes ?? []).map((e) => ({
        '@type': 'TVEpisode',
        episodeNumber: e.number,
        name: e.name,
        description: e.synopsis || undefined,
        duration: isoDuration(e.runtimeMinutes),
      })),
    })),
  };
}

/**
 * The tags a title page's head carries. `origin` is the host's public origin (absolute URLs for
 * canonical, og:url and hreflang); `apiOrigin` resolves a relative poster; `lang` is the page's
 * `?lang=` when it names a shipped language (its canonical is then itself, as hreflang needs).
 */
function titleHead(title, { origin, apiOrigin, lang = null }) {
  const base = `${origin.replace(/\/+$/, '')}${titlePath(title)}`;
  const url = languageUrl(base, lang);
  const image = absolute(title.posterUrl, apiOrigin ?? origin);
  const description = shortDescription(title.synopsis);
  const name = title.year ? `${title.name} (${title.year})` : title.name;
  const meta = (attr, key, value) =>
    value ? `<meta ${attr}="${key}" content="${escapeHtml(value)}" />` : '';
  return [
    `<title>${escapeHtml(`${name} | ${SITE_NAME}`)}</title>`,
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    ...LANGUAGES.map(
      (l) =>
        `<link rel="alternate" hreflang="${escapeHtml(l.code)}" href="${escapeHtml(languageUrl(base, l.code))}" />`,
    ),
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(base)}" />`,
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', title.type === 'series' ? 'video.tv_show' : 'video.movie'),
    meta('property', 'og:title', name),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', image),
    meta('property', 'og:image:alt', title.name),
    meta('property', 'video:release_date', isDate(title.releaseDate) ? title.releaseDate : ''),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', name),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', image),
    `<script type="application/ld+json">${jsonForScript(titleJsonLd(title, { url, image }))}</script>`,
  ]
    .filter(Boolean)
    .join('');
}

/**
 * What #root shows until the app starts (and what a bot without script reads): name and synopsis.
 * On a device under a maturity ceiling (ceiling-check.cjs) they are hidden at once, the loading
 * screen every page has shows instead (loading-markup.cjs), and the tab's name (the head's <title>,
 * the title's name) becomes the site's: the title may be one its profile is refused, and the kids
 * guard's answer comes only with the app.
 */
function titleFallback(title) {
  const facts = [title.year, title.genres?.join(', '), title.maturity].filter(Boolean).join(' · ');
  return (
    `<main data-title-fallback><h1>${escapeHtml(title.name)}</h1>` +
    (facts ? `<p>${escapeHtml(facts)}</p>` : '') +
    `<p>${escapeHtml(title.synopsis)}</p></main>${pageLoadingMarkup({ hidden: true })}` +
    `<script>if(${UNDER_CEILING}){var l=document.currentScript.previousElementSibling;` +
    `l.previousElementSibling.previousElementSibling.hidden=true;l.hidden=false;` +
    `document.title=${JSON.stringify(SITE_NAME)}}</script>`
  );
}

/**
 * The shell's index.html with a title's head and fallback (`head`/`fallback`), or with `noindex`
 * (unknown or unavailable titles). The page's own <title> and description make way for the
 * title's; everything the app needs to start is left as it was.
 */
function withTitle(html, { head = '', fallback = '', noindex = false, lang = null }) {
  let out = html;
  if (head)
    out = out.replace(/<title>[\s\S]*?<\/title>/, '').replace(/<meta name="description"[^>]*>/, '');
  const extra = `${noindex ? '<meta name="robots" content="noindex" />' : ''}${head}`;
  if (extra) out = out.replace('</head>', `${extra}</head>`);
  if (fallback) out = out.replace('<div id="root"></div>', `<div id="root">${fallback}</div>`);
  if (lang)
    out = out.replace(
      /<html lang="[^"]*"/,
      `<html lang="${escapeHtml(lang.code)}" dir="${escapeHtml(lang.dir)}"`,
    );
  return out;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** The sitemap index: one sitemap per page of titles. */
function sitemapIndex(origin, pages) {
  const o = origin.replace(/\/+$/, '');
  const entries = Array.from(
    { length: pages },
    (_, i) => `<sitemap><loc>${escapeXml(`${o}/sitemaps/titles-${i + 1}.xml`)}</loc></sitemap>`,
  );
  return `${XML_HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
}

/** One page of titles, each with its alternates per UI language (and lastmod when known). */
function sitemapPage(origin, titles) {
  const o = origin.replace(/\/+$/, '');
  const links = (base) =>
    [
      ...LANGUAGES.map(
        (l) =>
          `<xhtml:link rel="alternate" hreflang="${escapeXml(l.code)}" href="${escapeXml(languageUrl(base, l.code))}"/>`,
      ),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(base)}"/>`,
    ].join('');
  const urls = titles.map((t) => {
    const base = `${o}${titlePath(t)}`;
    const lastmod = t.lastmod ? `<lastmod>${escapeXml(t.lastmod)}</lastmod>` : '';
    return `<url><loc>${escapeXml(base)}</loc>${lastmod}${links(base)}</url>`;
  });
  return `${XML_HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

/** robots.txt for a host whose build has none: everything may be crawled; where the sitemap is. */
const robotsTxt = (origin) =>
  `User-agent: *\nAllow: /\n\nSitemap: ${origin.replace(/\/+$/, '')}/sitemap.xml\n`;

module.exports = {
  LANGUAGES,
  escapeHtml,
  jsonForScript,
  isoDuration,
  shippedLanguage,
  titlePath,
  titleJsonLd,
  titleHead,
  titleFallback,
  withTitle,
  sitemapIndex,
  sitemapPage,
  robotsTxt,
};
