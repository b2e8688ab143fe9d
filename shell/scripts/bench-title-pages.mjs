#!/usr/bin/env node
/**
 * `npm run bench:title-pages -w shell`: how fast the shell's host answers title pages and sitemaps
 * on the 100,000-title synthetic catalogue (the API's own bench seeds the same one,
 * api/scripts/bench.ts). It seeds a throwaway API (SQLite in a temporary folder), starts the host
 * on the shell's build (shell/dist, else shell/public/index.html) with a document naming that API,
 * and requests over HTTP, as a crawler would:
 *
 *   page, cold     GET /movie/{type}/{id} for N distinct available titles, each once: the host
 *                  asks the API, builds the head and compresses the page (every request a miss)
 *   page, cached   the same N pages again (the LRU's hits, as a crawler's revisits and link previews)
 *   page, 404      N titles not streamed in the catalogue country (404 noindex)
 *   head only      title-head.cjs alone (head + fallback) over the N details, in process
 *   sitemaps       /sitemap.xml, then /sitemaps/titles-1.xml (10,000 URLs), cold
 *
 *   N=2000 CONNECTIONS=4 TITLES=100000 TARGET_MS=50
 *
 * Pass/fail is what issue 37 asks: the head is built in under TARGET_MS at p95 ("head only"; exit 1
 * at or above it, or on a wrong status anywhere). The whole pages over HTTP are reported beside it,
 * not asserted: the API and the host share this process and its CPUs, as they would not in a
 * deployment, so those figures include the API's own title query and are pessimistic.
 *
 * Run by tsx (the API is TypeScript).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../api/src/app.ts';
import { buildCatalogue } from '../../api/src/domains/catalogue/data/catalogue-data.ts';
import { MediaState } from '../../api/src/domains/playback/services/media-state.ts';
import { startShellServer } from './serve.mjs';
import { titleFallback, titleHead } from './title-head.cjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const N = Number(process.env.N ?? 2000);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 4);
const TITLES = Number(process.env.TITLES ?? 100_000);
const TARGET_MS = Number(process.env.TARGET_MS ?? 50);
const HEADERS = { 'accept-encoding': 'br, gzip' };

// A tiny deterministic PRNG so runs are comparable.
let seed = 7;
const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
const sample = (list, n) => {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy.slice(0, n);
};

const pct = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
function stats(ms, wrong = 0) {
  const s = [...ms].sort((a, b) => a - b);
  return { n: s.length, p50: pct(s, 50), p95: pct(s, 95), p99: pct(s, 99), max: s.at(-1), wrong };
}
const row = (name, st, extra = '') =>
  `${name.padEnd(14)} ${st.wrong ? `(${st.wrong} wrong statuses) ` : ''} n=${String(st.n).padStart(5)}  p50 ${st.p50.toFixed(1).padStart(6)} ms  p95 ${st.p95.toFixed(1).padStart(6)} ms  p99 ${st.p99.toFixed(1).padStart(6)} ms  max ${st.max.toFixed(1).padStart(6)} ms${extra}`;

/** Requests every path, CONNECTIONS at a time; the latency of each (until its body is read). */
async function run(origin, paths, expectStatus) {
  const latencies = [];
  let next = 0;
  let wrong = 0;
  let retried = 0;
  const worker = async () => {
    while (next < paths.length) {
      const p = paths[next++];
      const started = performance.now();
      const ask = () =>
        fetch(`${origin}${p}`, {
          headers: HEADERS,
          redirect: 'manual',
          signal: AbortSignal.timeout(30_000),
        });
      // A kept-alive socket the server closed as it was reused (its 5 s idle timeout) is the
      // client's race, not the host's answer: asked again once, and counted.
      const res = await ask().catch((err) => {
        retried++;
        if (retried <= 3) console.warn(`${p}: ${err.cause?.code ?? err.message}, asked again`);
        return ask();
      });
      await res.arrayBuffer();
      latencies.push(performance.now() - started);
      if (res.status !== expectStatus && wrong++ < 3)
        console.warn(`${p} answered ${res.status}, expected ${expectStatus}`);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  return { latencies, wrong };
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'streamflix-title-pages-'));
  let app;
  let host;
  try {
    let started = Date.now();
    const catalogue = buildCatalogue({ syntheticTitles: TITLES });
    const media = new MediaState(path.join(dir, 'media'));
    media.status = 'ready';
    app = await buildApp({
      dataDir: dir,
      dbFile: path.join(dir, 'bench.sqlite'),
      catalogue: () => catalogue,
      media,
      logger: false,
      development: true,
    });
    const api = await app.listen({ port: 0, host: '127.0.0.1' });
    console.log(`API: ${catalogue.titles.length} titles seeded in ${Date.now() - started} ms`);

    const built = path.join(here, '../dist');
    let dist = built;
    if (!existsSync(path.join(built, 'index.html'))) {
      dist = path.join(dir, 'dist');
      mkdirSync(dist);
      writeFileSync(
        path.join(dist, 'index.html'),
        readFileSync(path.join(here, '../public/index.html'), 'utf8'),
      );
      console.log('(no shell build: the host serves shell/public/index.html)');
    }
    const local = JSON.parse(readFileSync(path.join(here, '../composition/local.json'), 'utf8'));
    const docFile = path.join(dir, 'composition.json');
    writeFileSync(docFile, JSON.stringify({ ...local, api }));
    host = await startShellServer({ dir: dist, port: 0, composition: docFile });
    const origin = `http://127.0.0.1:${host.address().port}`;

    // Seeding held the event loop: the API sheds load (503) until its delay sample recovers.
    let indexed = null;
    for (let tries = 0; !indexed?.data && tries < 60; tries++) {
      if (tries) await new Promise((resolve) => setTimeout(resolve, 1000));
      indexed = await (await fetch(`${api}/v1/titles/index?limit=1`)).json();
    }
    if (!indexed.data) throw new Error(`the API has no title index: ${JSON.stringify(indexed)}`);
    const { country } = indexed.data;
    const streams = (t) => t.availableIn.includes('*') || t.availableIn.includes(country);
    const available = sample(catalogue.titles.filter(streams), N);
    const elsewhere = sample(
      catalogue.titles.filter((t) => !streams(t)),
      N,
    );
    const pagePath = (t) => `/movie/${t.type}/${encodeURIComponent(t.id)}`;

    // Warm-up, not measured: the first requests of a fresh process pay for compiling its code.
    for (const t of sample(catalogue.titles.filter(streams), 50)) {
      await (await fetch(`${api}/v1/titles/${t.id}`)).arrayBuffer();
      await (await fetch(`${origin}/explore`)).arrayBuffer();
    }
    const measure = async (paths, status) => {
      const { latencies, wrong } = await run(origin, paths, status);
      return stats(latencies, wrong);
    };
    const cold = await measure(available.map(pagePath), 200);
    const cached = await measure(available.map(pagePath), 200);
    const missing = await measure(elsewhere.map(pagePath), 404);

    const details = [];
    for (const t of available.slice(0, Math.min(N, 500)))
      details.push((await (await fetch(`${api}/v1/titles/${t.id}`)).json()).data);
    const headMs = [];
    for (let i = 0; i < N; i++) {
      const d = details[i % details.length];
      const t0 = performance.now();
      titleHead(d, { origin: 'https://watch.example', apiOrigin: api });
      titleFallback(d);
      headMs.push(performance.now() - t0);
    }
    const head = stats(headMs);

    started = performance.now();
    const index = await (await fetch(`${origin}/sitemap.xml`)).text();
    const indexMs = performance.now() - started;
    started = performance.now();
    const first = await (await fetch(`${origin}/sitemaps/titles-1.xml`)).text();
    const firstMs = performance.now() - started;

    console.log(
      `\nTitle pages on ${catalogue.titles.length} titles (${CONNECTIONS} connections, br)\n`,
    );
    console.log(row('page, cold', cold, '   (reported, API in process)'));
    console.log(row('page, cached', cached));
    console.log(row('page, 404', missing));
    console.log(
      row(
        'head only',
        head,
        `   target p95 < ${TARGET_MS} ms: ${head.p95 < TARGET_MS ? 'PASS' : 'FAIL'}`,
      ),
    );
    console.log(
      `sitemap.xml    ${indexMs.toFixed(1)} ms, ${(index.match(/<sitemap>/g) ?? []).length} files listed`,
    );
    console.log(
      `titles-1.xml   ${firstMs.toFixed(1)} ms, ${(first.match(/<url>/g) ?? []).length} URLs, ${(first.length / 1e6).toFixed(1)} MB`,
    );
    if (head.p95 >= TARGET_MS || cold.wrong || cached.wrong || missing.wrong) process.exitCode = 1;
  } finally {
    await new Promise((resolve) => (host ? host.close(resolve) : resolve()));
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
