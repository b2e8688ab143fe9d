import { WriteHealth } from './write-health';

test('a failed write marks it until a write succeeds', () => {
  let now = 0;
  const health = new WriteHealth(30_000, () => now);
  expect(health.problem()).toBeNull();
  health.failed('SQLITE_FULL');
  now = 4_000;
  expect(health.problem()).toBe(
    'reads work, writes fail: the disk or the database is full (SQLITE_FULL, 4 s ago)',
  );
  health.succeeded();
  expect(health.problem()).toBeNull();
});

test('the mark lapses after a while without writes, so readiness tries the instance again', () => {
  let now = 0;
  const health = new WriteHealth(30_000, () => now);
  health.failed('SQLITE_READONLY_DIRECTORY');
  now = 30_000;
  expect(health.problem()).toMatch(/read-only \(SQLITE_READONLY_DIRECTORY, 30 s ago\)$/);
  now = 30_001;
  expect(health.problem()).toBeNull();
  health.failed('SQLITE_BUSY');
  expect(health.problem()).toMatch(/another process held the write lock too long/);
});
