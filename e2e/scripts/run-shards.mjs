#!/usr/bin/env node
/**
 * `npm run test:shards -w e2e` (what `npm test` runs): the whole browser suite as E2E_SHARDS runs in
 * parallel (default 2), each with its own product (ports shifted by E2E_PORT_OFFSET, its own database
 * and signed-in viewer) and one Playwright worker, like `playwright test` alone. The specs are dealt
 * to the shards by their measured minutes (spec-minutes.json; a spec not listed counts 1 minute),
 * whole files at a time, so a spec's tests keep their order. The media library every shard plays is
 * generated once, before any shard starts (two APIs generating into one folder would remove each
 * other's work in progress).
 *
 *   node scripts/run-shards.mjs [--shards N] [--list] [playwright args...]
 *
 * Exit code: 0 when every shard passed, else the first failing shard's.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const E2E_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = path.resolve(E2E_DIR, '..');
/** Each shard's ports are the base offset plus this step times its index (see tests/support/env.ts). */
const PORT_STEP = 50;

const args = process.argv.slice(2);
const take = (flag) => {
  const i = args.indexOf(flag);
  if (i < 0) return undefined;
  const [, value] = args.splice(i, 2);
  return value;
};
const shardCount = Number(take('--shards') ?? process.env.E2E_SHARDS ?? 2);
const listOnly = args.includes('--list') && args.splice(args.indexOf('--list'), 1).length > 0;
if (!Number.isInteger(shardCount) || shardCount < 1 || shardCount > 4)
  throw new Error(`E2E_SHARDS must be a whole number from 1 to 4, got ${shardCount}`);

const { '//': _about, ...minutes } = JSON.parse(
  readFileSync(path.join(E2E_DIR, 'spec-minutes.json'), 'utf8'),
);
const specs = readdirSync(path.join(E2E_DIR, 'tests'))
  .filter((f) => f.endsWith('.spec.ts'))
  .map((f) => ({ file: `tests/${f}`, minutes: Number(minutes[f] ?? 1) }))
  // Longest first, each to the shard with the least so far (ties by name, so the deal is stable).
  .sort((a, b) => b.minutes - a.minutes || a.file.localeCompare(b.file));
const shards = Array.from({ length: shardCount }, (_, i) => ({ index: i, files: [], minutes: 0 }));
for (const spec of specs) {
  const lightest = shards.reduce((a, b) => (b.minutes < a.minutes ? b : a));
  lightest.files.push(spec.file);
  lightest.minutes += spec.minutes;
}

const baseOffset = Number(process.env.E2E_PORT_OFFSET ?? 0);
for (const s of shards)
  console.log(
    `[shards] shard ${s.index + 1}/${shardCount} (port offset ${baseOffset + s.index * PORT_STEP}, ~${s.minutes.toFixed(1)} min): ${s.files.map((f) => path.basename(f, '.spec.ts')).join(', ')}`,
  );
if (listOnly) process.exit(0);

// The media library, once (a no-op when it is complete).
const mediaDir = process.env.E2E_MEDIA_DIR ?? path.join(ROOT, 'api/data/media');
const started = Date.now();
const media = spawnSync('npx', ['tsx', 'scripts/generate-media.ts', mediaDir], {
  cwd: path.join(ROOT, 'api'),
  stdio: ['ignore', 'pipe', 'inherit'],
  encoding: 'utf8',
});
if (media.status !== 0) {
  process.stdout.write(media.stdout ?? '');
  console.error(`[shards] generating the media library failed (exit ${media.status})`);
  process.exit(media.status ?? 1);
}
console.log(
  `[shards] media library ready in ${mediaDir} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
);

const runShard = (shard) =>
  new Promise((resolve) => {
    const offset = baseOffset + shard.index * PORT_STEP;
    const tag = `[${shard.index + 1}/${shardCount}]`;
    const outputDir = path.join(E2E_DIR, 'test-results', `shard-${shard.index + 1}`);
    mkdirSync(outputDir, { recursive: true });
    const child = spawn(
      'npx',
      ['playwright', 'test', '--output', outputDir, ...args, ...shard.files],
      {
        cwd: E2E_DIR,
        env: {
          ...process.env,
          E2E_PORT_OFFSET: String(offset),
          E2E_MEDIA_DIR: mediaDir,
          PLAYWRIGHT_HTML_OUTPUT_DIR: path.join(
            E2E_DIR,
            'playwright-report',
            `shard-${shard.index + 1}`,
          ),
          // Where `--reporter=json` (or list,json) writes this shard's results.
          PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(
            E2E_DIR,
            'test-results',
            `shard-${shard.index + 1}.json`,
          ),
          FORCE_COLOR: '0',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const prefix = (stream, out) => {
      let rest = '';
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) out.write(`${tag} ${line}\n`);
      });
      stream.on('end', () => rest && out.write(`${tag} ${rest}\n`));
    };
    prefix(child.stdout, process.stdout);
    prefix(child.stderr, process.stderr);
    const t0 = Date.now();
    child.on('close', (code, signal) =>
      resolve({ shard, code: code ?? 1, signal, seconds: (Date.now() - t0) / 1000 }),
    );
  });

// A signal to the runner stops every shard (and their products) too.
for (const sig of ['SIGINT', 'SIGTERM'])
  process.on(sig, () => {
    console.error(`[shards] ${sig}: stopping`);
    process.exit(130);
  });

const results = await Promise.all(shards.filter((s) => s.files.length).map(runShard));
for (const r of results)
  console.log(
    `[shards] shard ${r.shard.index + 1}/${shardCount}: ${r.code === 0 ? 'passed' : `FAILED (exit ${r.code}${r.signal ? `, ${r.signal}` : ''})`} in ${(r.seconds / 60).toFixed(1)} min`,
  );
const failed = results.find((r) => r.code !== 0);
process.exit(failed ? failed.code || 1 : 0);
