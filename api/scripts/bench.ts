/**
 * npm run bench -w api: seeds the 100,000-title synthetic catalogue into a
 * temporary SQLite file, serves it on a free loopback port and measures search
 * with filters, title detail and the dashboard with autocannon. Every request
 * varies (ids, filters, search words, pages), so caches can't flatter the result.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../src/app';
import { buildCatalogue } from '../src/catalogue/catalogue-data';
import { MediaState } from '../src/services/media-state';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const TITLES = Number(process.env.BENCH_TITLES ?? 100_000);

// A tiny deterministic PRNG so runs are comparable.
let seed = 42;
const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
const some = <T>(list: readonly T[], max: number): T[] => [
  ...new Set(Array.from({ length: 1 + Math.floor(rand() * max) }, () => pick(list))),
];

interface Target {
  p50?: number;
  p99?: number;
  minRps?: number;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'streamflix-bench-'));
  let started = Date.now();
  const catalogue = buildCatalogue({ syntheticTitles: TITLES });
  console.log(`Catalogue built: ${catalogue.titles.length} titles in ${Date.now() - started} ms`);
  started = Date.now();
  const media = new MediaState(path.join(dir, 'media'));
  media.status = 'ready';
  const app = await buildApp({
    dataDir: dir,
    dbFile: path.join(dir, 'bench.sqlite'),
    catalogue: () => catalogue,
    media,
    logger: false,
    development: true,
  });
  console.log(`Seeded and migrated into SQLite in ${Date.now() - started} ms`);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`Serving on ${address}\n`);

  const genres = catalogue.genres.map((g) => g.slug);
  const countries = ['US', 'GB', 'IN', 'FR', 'DE', 'JP', 'BR', 'ES'];
  const languages = catalogue.languages.map((l) => l.code);
  const sorts = ['popularity', 'newest', 'rating', 'az', 'oldest'];
  const periods = ['1970s', '1980s', '1990s', '2000s', '2010s', '2020s', '1995-2005'];
  const words = [
    ...new Set(
      catalogue.titles
        .slice(0, 5000)
        .flatMap((t) => t.name.toLowerCase().split(/\W+/))
        .filter((w) => w.length > 3),
    ),
  ];
  const ids = catalogue.titles.map((t) => t.id);

  const searchBody = () => {
    const body: Record<string, unknown> = {
      country: pick(countries),
      page: 1 + Math.floor(rand() * 3),
      limit: 20,
      sortBy: pick(sorts),
    };
    const r = rand();
    if (r < 0.35) body.search = pick(words).slice(0, 3 + Math.floor(rand() * 4));
    if (rand() < 0.7) body.genres = some(genres, 2);
    if (rand() < 0.4) body.timePeriods = some(periods, 2);
    if (rand() < 0.3) body.languages = some(languages, 2);
    return JSON.stringify(body);
  };

  const scenarios: Array<{ name: string; target: Target; request: () => autocannon.Request }> = [
    {
      name: 'search with filters (POST /v1/titles/search)',
      target: { p50: 5, p99: 20 },
      request: () => ({
        method: 'POST',
        path: '/v1/titles/search',
        headers: { 'content-type': 'application/json' },
        body: searchBody(),
      }),
    },
    {
      name: 'title detail (GET /v1/titles/{id})',
      target: { minRps: 3000 },
      request: () => ({
        method: 'GET',
        path: `/v1/titles/${pick(ids)}?country=${pick(countries)}`,
      }),
    },
    {
      name: 'dashboard (POST /v1/users/dashboard)',
      target: {},
      request: () => ({
        method: 'POST',
        path: '/v1/users/dashboard',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          country: pick(countries),
          ...(rand() < 0.5 ? { genres: some(genres, 3) } : {}),
        }),
      }),
    },
  ];

  const rows: string[] = [];
  let failed = false;
  for (const scenario of scenarios) {
    const result = await autocannon({
      url: address,
      connections: CONNECTIONS,
      duration: DURATION,
      requests: [{ setupRequest: (req) => ({ ...req, ...scenario.request() }) }],
    });
    const errors = result.errors + result.timeouts + result.non2xx;
    const checks: string[] = [];
    if (scenario.target.p50 !== undefined)
      checks.push(
        `p50 < ${scenario.target.p50} ms: ${result.latency.p50 < scenario.target.p50 ? 'PASS' : 'FAIL'}`,
      );
    if (scenario.target.p99 !== undefined)
      checks.push(
        `p99 < ${scenario.target.p99} ms: ${result.latency.p99 < scenario.target.p99 ? 'PASS' : 'FAIL'}`,
      );
    if (scenario.target.minRps !== undefined)
      checks.push(
        `> ${scenario.target.minRps} req/s: ${result.requests.average > scenario.target.minRps ? 'PASS' : 'FAIL'}`,
      );
    checks.push(`no errors: ${errors === 0 ? 'PASS' : 'FAIL'}`);
    if (checks.some((c) => c.endsWith('FAIL'))) failed = true;
    rows.push(
      [
        scenario.name,
        `  p50 ${result.latency.p50} ms | p99 ${result.latency.p99} ms | ${Math.round(result.requests.average)} req/s | ` +
          `${result.requests.total} requests | errors ${errors} (non-2xx ${result.non2xx})`,
        `  ${checks.join(' | ')}`,
      ].join('\n'),
    );
    console.log(rows[rows.length - 1], '\n');
  }

  await app.close();
  rmSync(dir, { recursive: true, force: true });
  console.log(
    `Summary (${CONNECTIONS} connections, ${DURATION} s per scenario, ${catalogue.titles.length} titles):\n${rows.join('\n')}`,
  );
  console.log(failed ? '\nSome targets were missed.' : '\nAll targets met.');
  process.exitCode = failed ? 1 : 0;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
