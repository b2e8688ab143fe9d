import {
  LANGUAGES,
  isoDuration,
  jsonForScript,
  shippedLanguage,
  sitemapIndex,
  sitemapPage,
  titleFallback,
  titleHead,
  withTitle,
  type TitleForHead,
} from './title-head.cjs';

/**
 * The title pages' head, as a crawler or a chat app's link preview reads it: parsed back with the
 * DOM (not string matching), so a tag that breaks out of its element fails here.
 */

const movie: TitleForHead = {
  id: 't-1',
  type: 'movie',
  name: 'The Heist',
  year: 2024,
  releaseDate: '2024-03-01',
  maturity: 'PG-13',
  genres: ['Action', 'Drama'],
  synopsis: 'A crew plans one last job.',
  posterUrl: '/v1/artwork/t-1/poster.jpg',
  runtimeMinutes: 107,
  language: 'en',
  countries: ['US'],
  director: 'Jane Doe',
  cast: [{ name: 'Ada Lovelace', character: 'Lead' }],
};
const series: TitleForHead = {
  ...movie,
  id: 's 1',
  type: 'series',
  name: 'Galaxy Saga',
  runtimeMinutes: 45,
  seasons: [
    {
      number: 1,
      name: 'Season 1',
      year: 2023,
      episodes: [
        { number: 1, name: 'Pilot', synopsis: 'It begins.', runtimeMinutes: 52 },
        { number: 2, name: 'Two', runtimeMinutes: 45 },
      ],
    },
    {
      number: 2,
      name: 'Season 2',
      year: 2024,
      episodes: [{ number: 1, name: 'Back', runtimeMinutes: 60 }],
    },
  ],
};
const where = { origin: 'https://watch.example/', apiOrigin: 'https://api.example' };

/** The head parsed as a browser would, inside the shell's page. */
function parse(head: string) {
  const doc = new DOMParser().parseFromString(
    `<!doctype html><html><head>${head}</head><body></body></html>`,
    'text/html',
  );
  const meta = (attr: string, key: string) =>
    doc.querySelector(`meta[${attr}="${key}"]`)?.getAttribute('content');
  const ld = [...doc.querySelectorAll('script[type="application/ld+json"]')];
  return { doc, meta, ld, jsonLd: () => JSON.parse(ld[0]!.textContent!) };
}

describe('the head of a title page', () => {
  test('a movie: title, description, canonical, Open Graph and Twitter card with an absolute poster', () => {
    const { doc, meta } = parse(titleHead(movie, where));
    expect(doc.title).toBe('The Heist (2024) | Streamflix');
    expect(meta('name', 'description')).toBe('A crew plans one last job.');
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      'https://watch.example/movie/movie/t-1',
    );
    expect(meta('property', 'og:type')).toBe('video.movie');
    expect(meta('property', 'og:title')).toBe('The Heist (2024)');
    expect(meta('property', 'og:url')).toBe('https://watch.example/movie/movie/t-1');
    expect(meta('property', 'og:image')).toBe('https://api.example/v1/artwork/t-1/poster.jpg');
    expect(meta('name', 'twitter:card')).toBe('summary_large_image');
    expect(meta('name', 'twitter:image')).toBe('https://api.example/v1/artwork/t-1/poster.jpg');
  });

  test('a series is a video.tv_show at its own type and escaped id', () => {
    const { meta } = parse(titleHead(series, where));
    expect(meta('property', 'og:type')).toBe('video.tv_show');
    expect(meta('property', 'og:url')).toBe('https://watch.example/movie/series/s%201');
  });

  test('hreflang: every shipped language as ?lang=, and x-default without', () => {
    const { doc } = parse(titleHead(movie, where));
    const alternates = Object.fromEntries(
      [...doc.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) => [
        l.getAttribute('hreflang'),
        l.getAttribute('href'),
      ]),
    );
    expect(Object.keys(alternates)).toEqual([...LANGUAGES.map((l) => l.code), 'x-default']);
    expect(LANGUAGES.length).toBe(8);
    expect(alternates['pt-BR']).toBe('https://watch.example/movie/movie/t-1?lang=pt-BR');
    expect(alternates['x-default']).toBe('https://watch.example/movie/movie/t-1');
  });

  test("a language page's canonical is itself (hreflang pages must not point elsewhere)", () => {
    const { doc, meta } = parse(titleHead(movie, { ...where, lang: 'ar' }));
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      'https://watch.example/movie/movie/t-1?lang=ar',
    );
    expect(meta('property', 'og:url')).toBe('https://watch.example/movie/movie/t-1?lang=ar');
    expect(shippedLanguage('ar')).toMatchObject({ dir: 'rtl' });
    expect(shippedLanguage('xx')).toBeNull();
  });

  test('JSON-LD of a movie: schema.org Movie with duration, genre, rating and date', () => {
    const ld = parse(titleHead(movie, where)).jsonLd();
    expect(ld).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Movie',
      '@id': 'https://watch.example/movie/movie/t-1',
      url: 'https://watch.example/movie/movie/t-1',
      name: 'The Heist',
      description: 'A crew plans one last job.',
      image: 'https://api.example/v1/artwork/t-1/poster.jpg',
      datePublished: '2024-03-01',
      genre: ['Action', 'Drama'],
      contentRating: 'PG-13',
      inLanguage: 'en',
      countryOfOrigin: [{ '@type': 'Country', name: 'US' }],
      director: { '@type': 'Person', name: 'Jane Doe' },
      actor: [{ '@type': 'Person', name: 'Ada Lovelace' }],
      duration: 'PT1H47M',
    });
  });

  test('JSON-LD of a series: TVSeries with its seasons and episodes', () => {
    const ld = parse(titleHead(series, where)).jsonLd();
    expect(ld['@type']).toBe('TVSeries');
    expect(ld.numberOfSeasons).toBe(2);
    expect(ld.numberOfEpisodes).toBe(3);
    expect(ld.duration).toBeUndefined();
    expect(ld.containsSeason[0]).toEqual({
      '@type': 'TVSeason',
      seasonNumber: 1,
      name: 'Season 1',
      startDate: '2023',
      numberOfEpisodes: 2,
      episode: [
        {
          '@type': 'TVEpisode',
          episodeNumber: 1,
          name: 'Pilot',
          description: 'It begins.',
          duration: 'PT52M',
        },
        { '@type': 'TVEpisode', episodeNumber: 2, name: 'Two', duration: 'PT45M' },
      ],
    });
  });

  test('a name with </script>, quotes and & cannot break out of any element', () => {
    const evil = {
      ...movie,
      name: `</script><script>alert(1)</script>"' & <b>`,
      synopsis: `"><img src=x onerror=alert(1)>\u2028`,
    };
    const { doc, meta, ld, jsonLd } = parse(titleHead(evil, where));
    expect(doc.querySelectorAll('script')).toHaveLength(1);
    expect(doc.querySelector('img, b')).toBeNull();
    expect(ld).toHaveLength(1);
    expect(jsonLd().name).toBe(evil.name);
    expect(jsonLd().description).toBe(evil.synopsis);
    expect(meta('property', 'og:title')).toBe(`${evil.name} (2024)`);
    expect(doc.title).toBe(`${evil.name} (2024) | Streamflix`);
    expect(jsonForScript('</script>\u2028')).toBe('"\\u003c/script\\u003e\\u2028"');
  });

  test('a long synopsis is cut at a word for the description; JSON-LD keeps it whole', () => {
    const long = { ...movie, synopsis: 'word '.repeat(200).trim() };
    const { meta, jsonLd } = parse(titleHead(long, where));
    expect(meta('name', 'description')!.length).toBeLessThanOrEqual(300);
    expect(meta('name', 'description')).toMatch(/word…$/);
    expect(jsonLd().description).toBe(long.synopsis);
  });

  test('durations in ISO 8601', () => {
    expect(isoDuration(107)).toBe('PT1H47M');
    expect(isoDuration(120)).toBe('PT2H');
    expect(isoDuration(45)).toBe('PT45M');
    expect(isoDuration(0)).toBeUndefined();
  });
});

describe("the shell's page with a title", () => {
  const shell =
    '<!doctype html><html lang="en"><head><meta name="description" content="Stream movies and series." />' +
    '<title>Streamflix</title></head><body><div id="root"></div><script src="/main.js"></script></body></html>';

  test("the title's head replaces the page's title and description; the app's scripts stay", () => {
    const html = withTitle(shell, {
      head: titleHead(movie, where),
      fallback: titleFallback(movie),
    });
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(doc.querySelectorAll('title')).toHaveLength(1);
    expect(doc.title).toBe('The Heist (2024) | Streamflix');
    expect(doc.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(doc.querySelector('#root h1')?.textContent).toBe('The Heist');
    expect(doc.querySelector('#root')?.textContent).toContain('A crew plans one last job.');
    expect(doc.querySelector('script[src="/main.js"]')).not.toBeNull();
    expect(doc.querySelector('meta[name="robots"]')).toBeNull();
  });

  test('not found: noindex, and the page is otherwise the shell as it was', () => {
    const html = withTitle(shell, { noindex: true });
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(doc.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    expect(doc.title).toBe('Streamflix');
    expect(doc.querySelector('#root')?.innerHTML).toBe('');
  });

  test('a language page names its language and direction on <html>', () => {
    const html = withTitle(shell, { lang: shippedLanguage('he') });
    expect(html).toContain('<html lang="he" dir="rtl">');
  });
});

describe('sitemaps', () => {
  test('the index names one sitemap per page', () => {
    const doc = new DOMParser().parseFromString(
      sitemapIndex('https://watch.example', 3),
      'application/xml',
    );
    expect([...doc.getElementsByTagName('loc')].map((l) => l.textContent)).toEqual([
      'https://watch.example/sitemaps/titles-1.xml',
      'https://watch.example/sitemaps/titles-2.xml',
      'https://watch.example/sitemaps/titles-3.xml',
    ]);
  });

  test('a page lists each canonical URL with its alternates per language, as well-formed XML', () => {
    const xml = sitemapPage('https://watch.example', [
      { id: 't-1', type: 'movie' },
      { id: 'a&b', type: 'series', lastmod: '2026-11-01' },
    ]);
    const doc = new DOMParser().parseFromString(xml, 'application/xml');
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    const urls = [...doc.getElementsByTagName('url')];
    expect(urls.map((u) => u.getElementsByTagName('loc')[0]!.textContent)).toEqual([
      'https://watch.example/movie/movie/t-1',
      'https://watch.example/movie/series/a%26b',
    ]);
    expect(urls[1]!.getElementsByTagName('lastmod')[0]!.textContent).toBe('2026-11-01');
    const links = urls[0]!.getElementsByTagNameNS('http://www.w3.org/1999/xhtml', 'link');
    expect(links).toHaveLength(LANGUAGES.length + 1);
    expect(links[0]!.getAttribute('href')).toBe('https://watch.example/movie/movie/t-1?lang=en');
  });
});
