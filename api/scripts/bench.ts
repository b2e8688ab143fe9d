/**
 * npm run bench -w api: seeds the 100,000-title synthetic catalogue, serves it on a free loopback port and
 * measures search with filters, title detail, the dashboard and a signed media segment (the signature,
 * then the title and lease checks cached a second per stream) with autocannon. Every request varies
 * (ids, filters, search words, pages), so caches can't flatter the result.
 *
 * Always on SQLite (a temporary file). With DATABASE_URL=postgres://… the same table on PostgreSQL (that
 * database is seeded if empty), then two API processes on it behind a round-robin proxy under
 * BENCH_CLUSTER_CONNECTIONS (100) connections for BENCH_CLUSTER_SECONDS (60 s), which must see no errors.
 * BENCH_POSTGRES=1 without DATABASE_URL starts a throwaway PostgreSQL server for the run.
 *
 * BENCH_SCENARIOS=search (words matched against the scenarios' names, comma-separated) runs only those
 * scenarios. A third of the searches ask in another language (Accept-Language), so the localised names
 * are searched too (issue 37).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { buildCatalogue } from '../src/domains/catalogue/data/catalogue-data';
import type { CatalogueSeed } from '../src/domains/catalogue/data/catalogue-types';
import { MediaState } from '../src/domains/playback/services/media-state';
import { MediaUrlSigner } from '../src/lib/media-urls';
import { startInstance, startRoundRobinProxy } from '../src/test/instances';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startPostgres } = require('./postgres-server.cjs') as {
  startPostgres: () => Promise<{ url: string; stop(): void }>;
};

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const TITLES = Number(process.env.BENCH_TITLES ?? 100_000);
const ONLY = (process.env.BENCH_SCENARIOS ?? '')
  .split(',')
  .map((w) => w.trim().toLowerCase())
  .filter(Boolean);
const CLUSTER_SECONDS = Number(process.env.BENCH_CLUSTER_SECONDS ?? 60);
const CLUSTER_CONNECTIONS = Number(process.env.BENCH_CLUSTER_CONNECTIONS ?? 100);
/** Every instance signs and verifies media addresses with it. */
const MEDIA_URL_SECRET = 'bench-media-url-secret';

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

interface Scenario {
  name: string;
  target: Target;
  request: () => autocannon.Request;
}

async function serve(
  label: string,
  dir: string,
  catalogue: CatalogueSeed,
  databaseUrl?: string,
): Promise<{ app: FastifyInstance; address: string }> {
  const started = Date.now();
  const media = new MediaState(path.join(dir, 'media'));
  media.status = 'ready';
  const app = await buildApp({
    dataDir: dir,
    dbFile: path.join(dir, 'bench.sqlite'),
    databaseUrl,
    catalogue: () => catalogue,
    media,
    mediaUrlSecret: MEDIA_URL_SECRET,
    logger: false,
    development: true,
  });
  console.log(`${label}: migrated and seeded (if empty) in ${Date.now() - started} ms`);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, address };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'streamflix-bench-'));
  const started = Date.now();
  const catalogue = buildCatalogue({ syntheticTitles: TITLES });
  console.log(`Catalogue built: ${catalogue.titles.length} titles in ${Date.now() - started} ms`);
  let throwaway: { url: string; stop(): void } | null = null;
  let databaseUrl = process.env.DATABASE_URL || undefined;
  if (!databaseUrl && process.env.BENCH_POSTGRES === '1') {
    throwaway = await startPostgres();
    databaseUrl = throwaway.url;
    console.log(`Started a throwaway PostgreSQL at ${databaseUrl}`);
  }
  try {
    await bench(dir, catalogue, databaseUrl);
  } finally {
    throwaway?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function bench(dir: string, catalogue: CatalogueSeed, databaseUrl?: string): Promise<void> {
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
  // A 64 KB segment for every clip free titles play, and a guest's signed folder for 200 of them.
  const signer = new MediaUrlSigner(MEDIA_URL_SECRET, 3600);
  const free = catalogue.titles.filter((t) => !t.premium && t.type === 'movie').slice(0, 200);
  for (const key of new Set(free.map((t) => t.mediaKey))) {
    mkdirSync(path.join(dir, 'media', key, '360p'), { recursive: true });
    writeFileSync(path.join(dir, 'media', key, '360p', 'seg0.ts'), Buffer.alloc(64 * 1024, 0x47));
  }
  const segments = free.map(
    (t) => `${signer.folder({ titleId: t.id, lease: null }, t.mediaKey)}360p/seg0.ts`,
  );

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

  const scenarios: Scenario[] = [
    {
      name: 'search with filters (POST /v1/titles/search)',
      target: { p50: 5, p99: 20 },
      request: () => ({
        method: 'POST',
        path: '/v1/titles/search',
        headers: {
          'content-type': 'application/json',
          ...(rand() < 0.33 ? { 'accept-language': pick(['es', 'ja', 'ar', 'pt-BR', 'de']) } : {}),
        },
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
    {
      name: 'signed media segment, 64 KB (GET /media/s/…)',
      target: { p50: 5, p99: 20 },
      request: () => ({ method: 'GET', path: pick(segments) }),
    },
  ];

  if (ONLY.length) {
    const kept = scenarios.filter((s) => ONLY.some((w) => s.name.toLowerCase().includes(w)));
    scenarios.splice(0, scenarios.length, ...kept);
    console.log(`Only: ${kept.map((s) => s.name).join('; ') || 'no scenario matched'}\n`);
  }
  const sections: string[] = [];
  let failed = false;
  const table = async (label: string, address: string) => {
    const rows: string[] = [];
    for (const scenario of scenarios) {
      const result = await autocannon({
        url: address,
        connections: CONNECTIONS,
        duration: DURATION,
        requests: [{ setupRequest: (req) => ({ ...req, ...scenario.request() }) }],
      });
      // autocannon's `errors` already includes its `timeouts`.
      const errors = result.errors + result.non2xx;
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
      rows.push(row(scenario.name, result, errors, checks));
      console.log(rows[rows.length - 1], '\n');
    }
    sections.push(
      `${label} (${CONNECTIONS} connections, ${DURATION} s per scenario, ${catalogue.titles.length} titles):\n${rows.join('\n')}`,
    );
  };

  const sqlite = await serve('SQLite', dir, catalogue);
  console.log(`SQLite: serving on ${sqlite.address}\n`);
  await table('SQLite', sqlite.address);
  await sqlite.app.close();

  if (databaseUrl) {
    const pg = await serve('PostgreSQL', dir, catalogue, databaseUrl);
    console.log(`PostgreSQL: serving on ${pg.address}\n`);
    await table('PostgreSQL', pg.address);
    await pg.app.close();

    // Two processes as deployed (src/server.ts) on the database just seeded, behind a round-robin proxy,
    // under every scenario at once.
    const common = {
      databaseUrl,
      mediaDir: path.join(dir, 'media'),
      jwtSecret: 'bench-secret-long-enough-for-hs256-signing',
      // No media (the bench reads the catalogue only) and no per-request log lines.
      env: { MEDIA_CLIPS: '', LOG_LEVEL: 'warn', MEDIA_URL_SECRET },
    };
    const instances = await Promise.all(
      ['A', 'B'].map((name) =>
        startInstance({ ...common, name, dataDir: path.join(dir, `instance-${name}`) }),
      ),
    );
    const proxy = await startRoundRobinProxy(instances.map((i) => i.url));
    console.log(
      `Two instances behind ${proxy.url}: ${CLUSTER_CONNECTIONS} connections for ${CLUSTER_SECONDS} s\n`,
    );
    const result = await autocannon({
      url: proxy.url,
      connections: CLUSTER_CONNECTIONS,
      duration: CLUSTER_SECONDS,
      requests: [{ setupRequest: (req) => ({ ...req, ...pick(scenarios).request() }) }],
    });
    const errors = result.errors + result.non2xx;
    if (errors > 0) failed = true;
    sections.push(
      `PostgreSQL, two instances behind a round-robin proxy (${CLUSTER_CONNECTIONS} connections, ${CLUSTER_SECONDS} s, the three scenarios mixed):\n` +
        row('mixed', result, errors, [
          `no errors: ${errors === 0 ? 'PASS' : 'FAIL'}`,
          `served ${proxy.counts.join(' / ')}`,
        ]),
    );
    await proxy.close();
    await Promise.all(instances.map((i) => i.stop()));
  } else {
    sections.push('PostgreSQL: not run (set DATABASE_URL=postgres://… or BENCH_POSTGRES=1).');
  }

  console.log(`Summary\n\n${sections.join('\n\n')}`);
  console.log(failed ? '\nSome targets were missed.' : '\nAll targets met.');
  process.exitCode = failed ? 1 : 0;
}

function row(name: string, result: autocannon.Result, errors: number, checks: string[]): string {
  return [
    name,
    `  p50 ${result.latency.p50} ms | p90 ${result.latency.p90} ms | p97.5 ${result.latency.p97_5} ms | p99 ${result.latency.p99} ms | ${Math.round(result.requests.average)} req/s | ` +
      `${result.requests.total} requests | errors ${errors} (non-2xx ${result.non2xx}: 4xx ${result['4xx']}, 5xx ${result['5xx']}; timeouts ${result.timeouts})`,
    `  ${checks.join(' | ')}`,
  ].join('\n');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
