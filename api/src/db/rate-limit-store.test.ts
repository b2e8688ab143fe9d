import { RateLimiter } from '../lib/rate-limiter';
import { buildTestApp, type TestApp } from '../test/test-app';
import { onPostgres } from '../test/test-database';
import { openDatabase, type DatabaseHandle } from './database';
import { DatabaseRateLimitStore } from './rate-limit-store';

/** The shared limiter state: counted in the database, so every instance sees one count per key. */
let t: TestApp;
let other: DatabaseHandle | null = null;
beforeAll(async () => {
  t = await buildTestApp();
  // On PostgreSQL a second connection pool stands for a second instance; SQLite has one owner.
  if (onPostgres()) other = await openDatabase({ databaseUrl: t.app.ctx.config.databaseUrl });
});
afterAll(async () => {
  await other?.close();
  await t.close();
});

const stores = () => {
  const a = new DatabaseRateLimitStore(t.app.ctx.db);
  const b = other ? new DatabaseRateLimitStore(other.db) : a;
  return [a, b] as const;
};

test('hits counted at once from two instances all land in one window', async () => {
  const [a, b] = stores();
  const now = 1_000_000;
  const results = await Promise.all(
    Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).increment('k:concurrent', 60_000, now)),
  );
  expect(results.map((r) => r.count).sort((x, y) => x - y)).toEqual(
    Array.from({ length: 20 }, (_, i) => i + 1),
  );
  expect(new Set(results.map((r) => r.resetAt))).toEqual(new Set([now + 60_000]));
  expect(await b.get('k:concurrent', now + 100)).toEqual({ count: 20, resetAt: now + 60_000 });
});

test('a window ends: get answers null and the next hit starts from one', async () => {
  const [a, b] = stores();
  await a.increment('k:window', 1000, 5000);
  await a.increment('k:window', 1000, 5500);
  expect(await b.get('k:window', 5999)).toEqual({ count: 2, resetAt: 6000 });
  expect(await b.get('k:window', 6000)).toBeNull();
  expect(await b.increment('k:window', 1000, 6000)).toEqual({ count: 1, resetAt: 7000 });
  await a.delete('k:window');
  expect(await b.get('k:window', 6001)).toBeNull();
});

test('limiters sharing a store keep their keys apart and refuse past the limit on every instance', async () => {
  const [a, b] = stores();
  const onA = new RateLimiter(3, 60_000, a, 'login:');
  const onB = new RateLimiter(3, 60_000, b, 'login:');
  const emails = new RateLimiter(3, 60_000, b, 'emails:');
  const now = Date.now();
  await onA.hit('viewer', now);
  await onB.hit('viewer', now);
  expect(await onA.retryAfter('viewer', now)).toBe(0);
  await onA.hit('viewer', now);
  expect(await onB.retryAfter('viewer', now)).toBe(60);
  expect(await emails.retryAfter('viewer', now)).toBe(0);
  await onB.reset('viewer');
  expect(await onA.retryAfter('viewer', now)).toBe(0);
});
